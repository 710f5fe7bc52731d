/**
 * Each case's status as the report builder keeps it: one byte per implementation and vector, not
 * an object per case (a 100k-vector run of three implementations held 17 MB of them). Read back in
 * implementation order, then vector order; a second case for the same implementation and vector
 * (or one for a vector the report does not list) is kept whole and read after the others, so a
 * reader that keeps the last status per case sees the same as in completion order.
 */
import type { StatusOfCase } from "./report.ts";
import { type FinalStatus, STATUSES } from "./status.ts";
import { VectorPositions } from "./vector-positions.ts";

const NONE = 255;
const CODE = new Map<FinalStatus, number>(STATUSES.map((s, i) => [s, i]));

export class CaseStatuses implements Iterable<StatusOfCase> {
  private readonly positions: VectorPositions;
  private readonly byImplementation = new Map<string, Uint8Array>();
  private readonly extra: StatusOfCase[] = [];

  /** The vectors' order, as ids or as positions another part of the builder shares. */
  constructor(vectors: readonly string[] | VectorPositions) {
    this.positions = vectors instanceof VectorPositions ? vectors : VectorPositions.ofIds(vectors);
  }

  add(c: StatusOfCase): void {
    const at = this.positions.of(c.vector_id);
    const code = CODE.get(c.status);
    let codes = this.byImplementation.get(c.implementation);
    if (at !== undefined && code !== undefined && codes === undefined) {
      codes = new Uint8Array(this.positions.length).fill(NONE);
      this.byImplementation.set(c.implementation, codes);
    }
    if (at === undefined || code === undefined || codes === undefined || codes[at] !== NONE) {
      this.extra.push({ vector_id: c.vector_id, implementation: c.implementation, status: c.status });
      return;
    }
    codes[at] = code;
  }

  *[Symbol.iterator](): Generator<StatusOfCase> {
    for (const [implementation, codes] of this.byImplementation)
      for (let i = 0; i < codes.length; i++)
        if (codes[i] !== NONE) yield { vector_id: this.positions.idAt(i), implementation, status: STATUSES[codes[i]!]! };
    yield* this.extra;
  }
}
