/**
 * The reference Agent's downlink read (blob-transfer.md §2, §4, §5): a tool result's content item
 * that carries `_meta.a2c_blob_handle` is read whole through client:get_blob, chunk after chunk
 * until eof, and its bytes put back inline. A chunk whose total_size or sha256 differs from the
 * read's first means the source was rewritten: the read starts again at offset 0, never splicing
 * bytes of two versions. After eof the bytes are checked against sha256; a mismatch is damage and
 * is read again. A few attempts at most; an item that still fails keeps its handle.
 */
import { createHash, randomUUID } from "node:crypto";
import type { Socket } from "socket.io-client";
import { request } from "./agent-socket.ts";

/** Whole reads of one handle before the item is left as it came. */
const ATTEMPTS = 3;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);

/** The tool result with each handle's bytes put back (`data`, base64) and the a2c_* keys taken off that item's _meta. */
export async function withBlobsRead(
  socket: Socket,
  who: { agent: string; computer: string },
  result: unknown,
  ackMs: number,
): Promise<unknown> {
  if (!isObject(result) || !Array.isArray(result.content)) return result;
  const content = [];
  for (const item of result.content) {
    const meta = isObject(item) && isObject(item._meta) ? item._meta : undefined;
    const handle = meta?.a2c_blob_handle;
    const bytes = typeof handle === "string" ? await readWhole(socket, who, handle, ackMs) : undefined;
    if (!bytes || !meta) {
      content.push(item);
      continue;
    }
    const rest = Object.fromEntries(Object.entries(meta).filter(([k]) => !k.startsWith("a2c_")));
    const { _meta: _dropped, ...fields } = item as Json;
    content.push({ ...fields, data: bytes.toString("base64"), ...(Object.keys(rest).length > 0 ? { _meta: rest } : {}) });
  }
  return { ...result, content };
}

/** The resource's bytes, or undefined when no attempt gave a whole, consistent, intact read. */
async function readWhole(
  socket: Socket,
  who: { agent: string; computer: string },
  handle: string,
  ackMs: number,
): Promise<Buffer | undefined> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const read = await readOnce(socket, who, handle, ackMs);
    if (read === "failed") return undefined;
    if (read === "changed") continue;
    if (createHash("sha256").update(read.bytes).digest("hex") === read.sha256) return read.bytes;
  }
  return undefined;
}

async function readOnce(
  socket: Socket,
  who: { agent: string; computer: string },
  handle: string,
  ackMs: number,
): Promise<{ bytes: Buffer; sha256: unknown } | "changed" | "failed"> {
  const parts: Buffer[] = [];
  let offset = 0;
  let first: { total_size: unknown; sha256: unknown } | undefined;
  for (;;) {
    const req = { agent: who.agent, req_id: randomUUID(), computer: who.computer, blob_handle: handle, chunk_offset: offset };
    const [ack] = await request(socket, "client:get_blob", req, ackMs).catch(() => [undefined]);
    if (!isObject(ack) || typeof ack.code === "number" || typeof ack.blob !== "string") return "failed";
    first ??= { total_size: ack.total_size, sha256: ack.sha256 };
    if (ack.total_size !== first.total_size || ack.sha256 !== first.sha256) return "changed";
    const chunk = Buffer.from(ack.blob, "base64");
    parts.push(chunk);
    offset += chunk.length;
    if (ack.eof === true) return { bytes: Buffer.concat(parts), sha256: first.sha256 };
    if (chunk.length === 0) return "failed";
  }
}
