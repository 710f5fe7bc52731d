/**
 * client:put_blob (blob-transfer.md §3, §7): chunked uploads into the Computer's landing root.
 * With no landing root every first chunk fails closed (forbidden) after its declaration is checked,
 * as §3 step 1 orders the checks. With one, a first chunk opens a bounded session (a `.part` file in
 * a staging folder inside the root, an incremental sha256, the bytes received); chunks must arrive
 * in order; the last one is checked against the declaration and renamed atomically into the root
 * under a safe name derived from the upload_id, and the ack names that absolute landing_path.
 */
import { createHash, type Hash, randomBytes } from "node:crypto";
import { mkdir, open, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { type ErrorPayload, protocolError } from "./error-payload.ts";

/** A client:put_blob request, fields not yet checked (computer.ts's Request; not imported: computer.ts holds a BlobUploads). */
type Request = Readonly<Record<string, unknown>>;

const SHA256 = /^[0-9a-fA-F]{64}$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const STAGING = ".a2c-upload";
/** The reference's limits (the page leaves them to the SDK): 100 MiB per upload, 4 sessions, 120 s idle. */
export const UPLOAD_LIMITS = { maxBytes: 100 * 1024 * 1024, maxSessions: 4, idleMs: 120_000 } as const;

interface Session {
  readonly uploadId: string;
  readonly partPath: string;
  readonly finalPath: string;
  readonly totalSize: number;
  readonly sha256: string;
  readonly hash: Hash;
  received: number;
  lastActive: number;
}

export interface PutBlobRet {
  readonly upload_id: string;
  readonly chunk_offset: number;
  readonly req_id: string;
  readonly landing_path?: string;
  readonly total_size?: number;
  readonly sha256?: string;
}

export class BlobUploads {
  readonly #sessions = new Map<string, Session>();
  // One chunk at a time: appends to one .part must not interleave.
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly landingRoot: string | undefined,
    readonly limits: UploadLimits = UPLOAD_LIMITS,
  ) {}

  answer(request: Request): Promise<PutBlobRet | ErrorPayload> {
    const next = this.#queue.then(() => this.#answer(request));
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /** Drops every session in flight and its .part file (the Computer is closing). */
  async discardAll(): Promise<void> {
    const sessions = [...this.#sessions.values()];
    this.#sessions.clear();
    await Promise.all(sessions.map((s) => rm(s.partPath, { force: true })));
  }

  async #answer(request: Request): Promise<PutBlobRet | ErrorPayload> {
    await this.#expireIdle();
    const uploadId = request["upload_id"];
    if (uploadId === undefined || uploadId === null) return this.#first(request);
    const session = typeof uploadId === "string" ? this.#sessions.get(uploadId) : undefined;
    if (!session)
      return typeof uploadId === "string"
        ? protocolError.blobWriteFailed("invalid_upload", { upload_id: uploadId })
        : protocolError.blobWriteFailed("invalid_upload");
    if (["total_size", "sha256", "name_hint"].some((k) => k in request))
      return protocolError.blobWriteFailed("invalid_declaration", { upload_id: session.uploadId });
    return this.#append(request, session);
  }

  async #first(request: Request): Promise<PutBlobRet | ErrorPayload> {
    const { total_size: size, sha256 } = request;
    const declared = typeof size === "number" && Number.isInteger(size) && size >= 1 && typeof sha256 === "string" && SHA256.test(sha256);
    if (!declared) return protocolError.blobWriteFailed("invalid_declaration");
    if (this.landingRoot === undefined) return protocolError.blobWriteFailed("forbidden");
    if (size > UPLOAD_LIMITS.maxBytes) return protocolError.blobWriteFailed("too_large");
    if (this.#sessions.size >= this.limits.maxSessions) return protocolError.blobWriteFailed("busy");
    const uploadId = randomBytes(16).toString("hex");
    const hint = safeNameHint(request["name_hint"]);
    const partPath = join(this.landingRoot, STAGING, `${uploadId}.part`);
    try {
      await mkdir(join(this.landingRoot, STAGING), { recursive: true });
      await (await open(partPath, "wx")).close();
    } catch {
      return protocolError.blobWriteFailed("forbidden");
    }
    const session: Session = {
      uploadId,
      partPath,
      finalPath: join(this.landingRoot, hint ? `${uploadId}_${hint}` : uploadId),
      totalSize: size,
      sha256: sha256.toLowerCase(),
      hash: createHash("sha256"),
      received: 0,
      lastActive: Date.now(),
    };
    this.#sessions.set(uploadId, session);
    return this.#append(request, session);
  }

  async #append(request: Request, session: Session): Promise<PutBlobRet | ErrorPayload> {
    const more = { upload_id: session.uploadId };
    const { chunk_offset: offset, blob } = request;
    const eof = request["eof"] === true;
    if (offset !== session.received) return protocolError.blobWriteFailed("range", more);
    if (typeof blob !== "string" || !BASE64.test(blob)) return protocolError.blobWriteFailed("invalid_declaration", more);
    const chunk = Buffer.from(blob, "base64");
    const end = session.received + chunk.length;
    if (end > session.totalSize) {
      await this.#drop(session);
      return protocolError.blobWriteFailed("range", more);
    }
    if (eof && end !== session.totalSize) return protocolError.blobWriteFailed("range", more);
    try {
      const file = await open(session.partPath, "a");
      await file.write(chunk).finally(() => file.close());
    } catch {
      await this.#drop(session);
      return protocolError.blobWriteFailed("io_error", more);
    }
    session.hash.update(chunk);
    session.received = end;
    session.lastActive = Date.now();
    const reqId = typeof request["req_id"] === "string" ? request["req_id"] : "";
    const ack = { upload_id: session.uploadId, chunk_offset: offset as number, req_id: reqId };
    if (!eof) return ack;
    this.#sessions.delete(session.uploadId);
    const digest = session.hash.digest("hex");
    if (digest !== session.sha256) {
      await rm(session.partPath, { force: true });
      return protocolError.blobWriteFailed("integrity", more);
    }
    try {
      await rename(session.partPath, session.finalPath);
    } catch {
      await rm(session.partPath, { force: true });
      return protocolError.blobWriteFailed("io_error", more);
    }
    return { ...ack, landing_path: session.finalPath, total_size: session.totalSize, sha256: digest };
  }

  async #drop(session: Session): Promise<void> {
    this.#sessions.delete(session.uploadId);
    await rm(session.partPath, { force: true });
  }

  async #expireIdle(): Promise<void> {
    const now = Date.now();
    for (const s of [...this.#sessions.values()]) if (now - s.lastActive > this.limits.idleMs) await this.#drop(s);
  }
}

/** A name_hint reduced to a safe file-name fragment (no separators, no leading dots), or "" when nothing is left. */
export function safeNameHint(hint: unknown): string {
  if (typeof hint !== "string") return "";
  return hint
    .replace(/[^A-Za-z0-9._-]/g, "_")
    .replace(/^[.]+/, "")
    .slice(0, 64);
}

/** The session bounds a deployment may set (wire.computer's upload_limits): concurrent sessions, idle time. */
export type UploadLimits = { readonly maxBytes: number; readonly maxSessions: number; readonly idleMs: number };
