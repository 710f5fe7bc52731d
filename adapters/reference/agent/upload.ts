/**
 * The reference Agent's upload (blob-transfer.md §3, §4; events.md client:put_blob): the bytes go
 * as client:put_blob chunks in order, each after the ack of the one before; the first declares
 * total_size and sha256 (and the name hint), no later one does; chunk_offset is the bytes sent so
 * far; eof marks the last. The last ack's landing_path, total_size and sha256 are the answer, once
 * they are checked against the declaration. A failed chunk ends the attempt (a retry would start
 * over with a new upload).
 */
import { createHash, randomUUID } from "node:crypto";
import type { Socket } from "socket.io-client";
import { request } from "./agent-socket.ts";

/** Each chunk's bytes unless the caller asks for others (the Computers' own clamp: 256 KiB). */
const DEFAULT_CHUNK = 256 * 1024;

export interface Uploaded {
  readonly landing_path: unknown;
  readonly total_size: unknown;
  readonly sha256: unknown;
}

/** A refusal's details.reason as sent (an open enum: a value this Agent does not know is kept as it came). */
function reasonOf(answer: Record<string, unknown>): string | null {
  const details = answer.details;
  const reason = details !== null && typeof details === "object" ? (details as Record<string, unknown>).reason : undefined;
  return typeof reason === "string" ? reason : null;
}

export async function upload(
  socket: Socket,
  who: { readonly agent: string; readonly computer: string },
  bytes: Buffer,
  options: { readonly chunkSize?: number; readonly nameHint?: string; readonly ackMs: number },
): Promise<Uploaded> {
  const size = Math.max(1, options.chunkSize ?? DEFAULT_CHUNK);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  let uploadId: unknown;
  let offset = 0;
  for (;;) {
    const chunk = bytes.subarray(offset, offset + size);
    const eof = offset + chunk.length >= bytes.length;
    const first = offset === 0;
    const req = {
      agent: who.agent,
      req_id: randomUUID(),
      computer: who.computer,
      ...(first
        ? { total_size: bytes.length, sha256, ...(options.nameHint ? { name_hint: options.nameHint } : {}) }
        : { upload_id: uploadId }),
      chunk_offset: offset,
      eof,
      blob: chunk.toString("base64"),
    };
    const [ack] = await request(socket, "client:put_blob", req, options.ackMs);
    const answer = (ack ?? {}) as Record<string, unknown>;
    if (typeof answer.code === "number")
      throw Object.assign(new Error(String(answer.message ?? "upload refused")), { code: answer.code, reason: reasonOf(answer) });
    if (first) uploadId = answer.upload_id;
    offset += chunk.length;
    if (eof) {
      if (answer.sha256 !== sha256 || answer.total_size !== bytes.length)
        throw new Error("the Computer's last ack does not match what was declared");
      return { landing_path: answer.landing_path, total_size: answer.total_size, sha256: answer.sha256 };
    }
  }
}
