/**
 * The kit's scripted Computer receiving client:put_blob (blob-transfer.md §3): a first chunk (no
 * upload_id) opens an upload, each chunk must continue at the bytes received so far, and the eof
 * chunk answers where the bytes landed with the total_size and sha256 it recomputed. Nothing is
 * written anywhere; an Agent under test sees a conforming receiver. One per scene (it keeps state).
 * A vector may have it refuse the nth request with a 4019 (`upload_refusals`): the upload that
 * chunk belonged to is then dropped, as a Computer discards a failed session (no resume).
 */
import { createHash } from "node:crypto";

type Request = Readonly<Record<string, unknown>>;

/** Where the scripted Computer says every upload landed. */
export const SCRIPTED_LANDING = "/kit-landing";

export class ScriptedUploads {
  readonly #uploads = new Map<string, Buffer[]>();
  readonly #refusals: Readonly<Record<string, string>>;
  #next = 1;
  #seen = 0;

  /** `refusals`: by the request's place among the scene's client:put_blob requests (1-based), the 4019 reason it gets. */
  constructor(refusals: Readonly<Record<string, string>> = {}) {
    this.#refusals = refusals;
  }

  answer(req: Request): unknown {
    this.#seen += 1;
    const chunk = typeof req.blob === "string" ? Buffer.from(req.blob, "base64") : Buffer.alloc(0);
    const fail = (reason: string) => ({
      code: 4019,
      message: `the kit's Computer refused the chunk: ${reason}`,
      details: { reason },
      req_id: req.req_id,
    });
    const refused = this.#refusals[String(this.#seen)];
    if (refused !== undefined) {
      if (typeof req.upload_id === "string") this.#uploads.delete(req.upload_id);
      return fail(refused);
    }
    let id = req.upload_id;
    if (id === undefined || id === null) {
      id = `kit-upload-${this.#next++}`;
      this.#uploads.set(id as string, []);
    }
    const parts = typeof id === "string" ? this.#uploads.get(id) : undefined;
    if (!parts) return fail("invalid_upload");
    const received = parts.reduce((n, p) => n + p.length, 0);
    if ((req.chunk_offset ?? 0) !== received) return fail("range");
    parts.push(chunk);
    // The ack echoes where this chunk started (data-structures.md §PutBlobRet).
    const ack = { upload_id: id, chunk_offset: received, req_id: req.req_id };
    if (req.eof !== true) return ack;
    const all = Buffer.concat(parts);
    this.#uploads.delete(id as string);
    return {
      ...ack,
      landing_path: `${SCRIPTED_LANDING}/${id as string}`,
      total_size: all.length,
      sha256: createHash("sha256").update(all).digest("hex"),
    };
  }
}
