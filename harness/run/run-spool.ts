/**
 * A run's spool folder in the output folder: the vectors' payloads (corpus/vector-spool.ts) and the
 * case records (case-store.ts) while the run lasts. It goes on every way out: `close` when the run
 * returns or throws, an exit hook otherwise, and the next run on the same folder for a `kill -9`.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { VectorSpool } from "../corpus/vector-spool.ts";
import type { VectorPositions } from "../model/vector-positions.ts";
import { OutputError } from "../util/output-error.ts";
import { describeIoError } from "../util/write-checked.ts";
import { removeAbandonedSpools, SpoolCaseStore, spoolDir } from "./case-store.ts";

export class RunSpool {
  readonly dir: string;
  readonly vectors: VectorSpool;
  private store: SpoolCaseStore | undefined;
  private closed = false;

  constructor(out: string) {
    removeAbandonedSpools(out);
    this.dir = spoolDir(out);
    try {
      mkdirSync(this.dir, { recursive: true });
    } catch (error) {
      throw new OutputError(this.dir, describeIoError(error));
    }
    this.vectors = new VectorSpool(join(this.dir, "vectors.jsonl"));
    process.once("exit", this.close);
  }

  /** The case store of the run (one per spool). */
  cases(implementations: readonly string[], vectors: VectorPositions): SpoolCaseStore {
    this.store = new SpoolCaseStore(this.dir, implementations, vectors);
    return this.store;
  }

  readonly close = (): void => {
    if (this.closed) return;
    this.closed = true;
    process.off("exit", this.close);
    this.store?.close();
    this.vectors.close();
    rmSync(this.dir, { recursive: true, force: true });
  };
}
