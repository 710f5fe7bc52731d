/** Deterministic sharding by vector id, so CI jobs split a corpus the same way every time. */
import { createHash } from "node:crypto";
import type { Vector } from "../model/vector.ts";

export interface Shard {
  readonly index: number; // 1-based
  readonly count: number;
}

export function parseShard(text: string): Shard | null {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (!match) return null;
  const index = Number(match[1]);
  const count = Number(match[2]);
  return index >= 1 && count >= 1 && index <= count ? { index, count } : null;
}

/** The shard a vector belongs to: the first 4 bytes of sha256(id), modulo the count. */
export function shardOf(id: string, count: number): number {
  return (createHash("sha256").update(id).digest().readUInt32BE(0) % count) + 1;
}

export function inShard(vectors: readonly Vector[], shard: Shard): Vector[] {
  return vectors.filter((v) => shardOf(v.id, shard.count) === shard.index);
}
