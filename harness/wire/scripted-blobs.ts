/**
 * The kit's scripted Computer serving client:get_blob (blob-transfer.md §2, data-structures.md
 * §GetBlobRet) for the handles a vector names (`blobs`): each answer is the chunk at the asked
 * offset, at most `chunk` bytes, with the resource's total_size and sha256. A vector may have the
 * source rewritten after some answers (`rewritten`: later answers serve other bytes, so sha256 and
 * total_size change between chunks), or the first read served damaged (`damaged_first_read`: the
 * bytes of the first pass up to eof differ from the sha256 declared). An Agent under test sees
 * what a Computer whose source changes would send. One per scene (it counts answers).
 */
import { createHash } from "node:crypto";

export interface ScriptedBlob {
  /** The resource's bytes, as UTF-8 text. */
  readonly text: string;
  /** Bytes per answer at most (the Computer's chunk; the Agent's max_chunk_bytes may lower it). */
  readonly chunk: number;
  readonly mime_type?: string;
  /** After `after` answers the source holds `text` instead. */
  readonly rewritten?: { readonly after: number; readonly text: string };
  /** Until the first eof answer, every chunk's first byte is flipped; the declared sha256 stays the true one. */
  readonly damaged_first_read?: boolean;
}

type Request = Readonly<Record<string, unknown>>;

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

export class ScriptedBlobs {
  readonly #blobs: Readonly<Record<string, ScriptedBlob>>;
  readonly #answered = new Map<string, number>();
  readonly #firstReadDone = new Set<string>();

  constructor(blobs: Readonly<Record<string, ScriptedBlob>>) {
    this.#blobs = blobs;
  }

  /** Whether a request names one of the vector's handles. */
  serves(req: Request): boolean {
    return typeof req.blob_handle === "string" && Object.hasOwn(this.#blobs, req.blob_handle);
  }

  answer(req: Request): unknown {
    const handle = req.blob_handle as string;
    const spec = this.#blobs[handle] as ScriptedBlob;
    const count = this.#answered.get(handle) ?? 0;
    this.#answered.set(handle, count + 1);
    const text = spec.rewritten && count >= spec.rewritten.after ? spec.rewritten.text : spec.text;
    const bytes = Buffer.from(text, "utf8");
    const offset = typeof req.chunk_offset === "number" ? req.chunk_offset : 0;
    if (!Number.isInteger(offset) || offset < 0 || offset > bytes.length)
      return { code: 4018, message: "the offset is past the resource", details: { reason: "range" }, req_id: req.req_id };
    const asked = typeof req.max_chunk_bytes === "number" && req.max_chunk_bytes > 0 ? req.max_chunk_bytes : spec.chunk;
    const chunk = Buffer.from(bytes.subarray(offset, offset + Math.min(spec.chunk, asked)));
    const eof = offset + chunk.length >= bytes.length;
    if (spec.damaged_first_read && !this.#firstReadDone.has(handle) && chunk.length > 0) chunk[0] = (chunk[0] as number) ^ 0xff;
    if (eof) this.#firstReadDone.add(handle);
    return {
      blob_handle: handle,
      mime_type: spec.mime_type ?? "application/octet-stream",
      total_size: bytes.length,
      sha256: sha256(bytes),
      chunk_offset: offset,
      eof,
      blob: chunk.toString("base64"),
      req_id: req.req_id,
    };
  }
}
