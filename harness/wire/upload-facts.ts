/**
 * How an Agent drove an upload (blob-transfer.md §3, §4; events.md client:put_blob), read from the
 * client:put_blob packets it sent and the acks it got: the chunks in order, whether each offset is
 * the bytes sent before it, whether only the first chunk declares, whether the declaration matches
 * the bytes, whether eof comes on the last chunk only, and whether each chunk waited for the ack of
 * the one before. Pure and tolerant of damaged records (absent fields read as false).
 */
import { createHash } from "node:crypto";
import type { WirePacket } from "./scene-record.ts";

const DECLARATION = ["name_hint", "sha256", "total_size"] as const;

export interface UploadChunk {
  readonly offset: unknown;
  readonly size: number;
  readonly eof: unknown;
  /** Which declaration fields the chunk carries (total_size, sha256, name_hint), sorted. */
  readonly declares: readonly string[];
}

export interface UploadFacts {
  readonly chunks: readonly UploadChunk[];
  /** Each chunk_offset is the number of bytes the chunks before it carried. */
  readonly offsets_follow_bytes: boolean;
  /** The first chunk declares total_size and sha256; no later chunk carries any declaration field. */
  readonly declares_first_only: boolean;
  /** The declared total_size and sha256 are those of all the bytes sent. */
  readonly declared_matches: boolean;
  /** eof is true on the last chunk and on no other. */
  readonly eof_last_only: boolean;
  /** Every chunk after the first went out after the ack of the chunk before it. */
  readonly each_after_ack: boolean;
  /**
   * The chunk sent next after each chunk the Computer refused (an ack with a code) starts a new
   * attempt: chunk_offset 0 and no upload_id seen before in the scene (blob-transfer.md §3: no
   * resume across attempts). Null when no chunk followed a refusal.
   */
  readonly restarts_fresh: boolean | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** The upload facts, or null when the Agent sent no client:put_blob. */
export function uploadFacts(sent: readonly WirePacket[], acks: readonly WirePacket[]): UploadFacts | null {
  const chunks = sent.filter((p) => p.type === "event" && p.event === "client:put_blob");
  if (chunks.length === 0) return null;
  const bodies = chunks.map((p) => (isObject(p.args?.[0]) ? p.args[0] : {}));
  const bytes = bodies.map((b) => (typeof b.blob === "string" ? Buffer.from(b.blob, "base64") : Buffer.alloc(0)));
  const all = Buffer.concat(bytes);
  let before = 0;
  const offsetsFollow = bodies.every((b, i) => {
    const ok = b.chunk_offset === before;
    before += bytes[i]?.length ?? 0;
    return ok;
  });
  const first = bodies[0] ?? {};
  const ackOf = (p: WirePacket) => acks.find((a) => a.ack_id === p.ack_id && a.conn === p.conn);
  const ackSeq = (p: WirePacket) => ackOf(p)?.seq;
  return {
    chunks: bodies.map((b, i) => ({
      offset: b.chunk_offset ?? null,
      size: bytes[i]?.length ?? 0,
      eof: b.eof ?? null,
      declares: DECLARATION.filter((k) => k in b),
    })),
    offsets_follow_bytes: offsetsFollow,
    declares_first_only: "total_size" in first && "sha256" in first && bodies.slice(1).every((b) => DECLARATION.every((k) => !(k in b))),
    declared_matches: first.total_size === all.length && first.sha256 === createHash("sha256").update(all).digest("hex"),
    eof_last_only: bodies.every((b, i) => b.eof === (i === bodies.length - 1)),
    each_after_ack: chunks.slice(1).every((p, i) => {
      const previous = chunks[i];
      const acked = previous === undefined ? undefined : ackSeq(previous);
      return acked !== undefined && acked < p.seq;
    }),
    restarts_fresh: restartsFresh(bodies, chunks.map(ackOf)),
  };
}

/** See UploadFacts.restarts_fresh: `acks[i]` is the ack of chunk i, if any. */
function restartsFresh(bodies: readonly Record<string, unknown>[], acks: readonly (WirePacket | undefined)[]): boolean | null {
  const seen = new Set<unknown>();
  let judged: boolean | null = null;
  for (const [i, body] of bodies.entries()) {
    const previous = acks[i - 1]?.args?.[0];
    const afterRefusal = i > 0 && isObject(previous) && typeof previous.code === "number";
    if (afterRefusal) {
      const fresh = body.chunk_offset === 0 && (body.upload_id === undefined || body.upload_id === null || !seen.has(body.upload_id));
      judged = (judged ?? true) && fresh;
    }
    if (body.upload_id !== undefined) seen.add(body.upload_id);
    const answer = acks[i]?.args?.[0];
    if (isObject(answer) && answer.upload_id !== undefined) seen.add(answer.upload_id);
  }
  return judged;
}
