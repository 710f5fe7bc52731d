/**
 * Each vector's position in a report's order, read by the report builder's parts (statuses,
 * answers) and by a run's case store. It reads ids from the list it is given rather than copying
 * them, and builds its id map on first use: at 100k vectors each copy of the ids is 0.8 MB and
 * each map about 4 MB, and each part used to have its own.
 */
export class VectorPositions {
  private index: Map<string, number> | undefined;

  constructor(
    readonly length: number,
    /** The id at a position. */
    readonly idAt: (position: number) => string,
  ) {}

  /** Over a list of ids. */
  static ofIds(ids: readonly string[]): VectorPositions {
    return new VectorPositions(ids.length, (i) => ids[i]!);
  }

  /** Over a list of vectors (or records), read in place. */
  static ofVectors(vectors: ReadonlyArray<{ readonly id: string }>): VectorPositions {
    return new VectorPositions(vectors.length, (i) => vectors[i]!.id);
  }

  /** The vector's position, or undefined for an id the order does not list. */
  of(id: string): number | undefined {
    if (this.index === undefined) {
      this.index = new Map();
      for (let i = 0; i < this.length; i++) this.index.set(this.idAt(i), i);
    }
    return this.index.get(id);
  }
}
