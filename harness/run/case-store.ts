/**
 * Where a run keeps its case records as they settle. In memory for programmatic runs and tests
 * (`MemoryCaseStore`: the report's cases are a plain array); on disk for `run` (`SpoolCaseStore`:
 * one JSON line per record, appended as the case completes, so a run of any size holds a few bytes
 * per case, not the records). Both hand the report its cases in corpus order, implementation by
 * implementation, whatever order they completed in; a case put twice (its late requests added
 * when the run ends) keeps its last record.
 */
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { CaseList, CaseRecord, StatusOfCase } from "../model/report.ts";
import { type FinalStatus, STATUSES } from "../model/status.ts";
import { VectorPositions } from "../model/vector-positions.ts";
import { processAlive } from "../util/process-alive.ts";
import { SpoolFile, type SpoolWindow } from "../util/spool-file.ts";

export interface CaseStore {
  /** Records the case of vector `index` for implementation `impl` (positions in the run's lists), with its JSON text. */
  put(impl: number, index: number, record: CaseRecord, text: string): void;
  get(impl: number, index: number): CaseRecord | undefined;
  has(impl: number, index: number): boolean;
  /** Every record so far, in order: the report's `cases`. */
  list(): CaseList;
  /** Removes what the store keeps on disk (the report holds the records by then). */
  close(): void;
}

export class MemoryCaseStore implements CaseStore {
  private readonly byImpl: Array<Array<CaseRecord | undefined>>;

  constructor(implementations: number, vectors: number) {
    this.byImpl = Array.from({ length: implementations }, () => new Array<CaseRecord | undefined>(vectors));
  }

  put(impl: number, index: number, record: CaseRecord): void {
    this.byImpl[impl]![index] = record;
  }

  get(impl: number, index: number): CaseRecord | undefined {
    return this.byImpl[impl]![index];
  }

  has(impl: number, index: number): boolean {
    return this.byImpl[impl]![index] !== undefined;
  }

  list(): readonly CaseRecord[] {
    return this.byImpl.flatMap((cases) => cases.filter((c): c is CaseRecord => c !== undefined));
  }

  close(): void {}
}

/** A spool folder's name in the output folder: hidden, with the owning process's pid. */
const SPOOL_NAME = /^\.cases-(\d+)-[0-9a-f]+$/;

/** A fresh spool folder path inside `out` for this process. */
export function spoolDir(out: string): string {
  return join(out, `.cases-${process.pid}-${Math.random().toString(16).slice(2, 10)}`);
}

/**
 * Removes the spool folders of runs whose process is gone (killed before it could clean up), so a
 * `kill -9` costs disk only until the next run on that output folder.
 */
export function removeAbandonedSpools(out: string): void {
  let entries: string[];
  try {
    entries = readdirSync(out);
  } catch {
    return;
  }
  for (const name of entries) {
    const pid = SPOOL_NAME.exec(name)?.[1];
    if (pid === undefined || Number(pid) === process.pid || processAlive(Number(pid))) continue;
    rmSync(join(out, name), { recursive: true, force: true });
  }
}

/** Bytes read at a time when records are read back in order. */
const WINDOW_BYTES = 4 << 20;
const NO_STATUS = 255;
const STATUS_CODE = new Map<FinalStatus, number>(STATUSES.map((s, i) => [s, i]));

/** One implementation's spool file: its records' places and statuses by vector index. */
interface Spool {
  readonly file: SpoolFile;
  readonly offsets: Float64Array;
  readonly lengths: Uint32Array;
  readonly statuses: Uint8Array;
  /** 1 where the record is a retried case's (it carries its first attempt). */
  readonly retried: Uint8Array;
}

export class SpoolCaseStore implements CaseStore {
  private readonly spools: Spool[];
  private count = 0;
  private closed = false;

  private readonly vectors: VectorPositions;

  /** `dir` is created and owned by the store; `names` are the implementations, `vectors` the case vectors, in the run's order. */
  constructor(
    private readonly dir: string,
    private readonly names: readonly string[],
    vectors: VectorPositions | readonly string[],
  ) {
    this.vectors = vectors instanceof VectorPositions ? vectors : VectorPositions.ofIds(vectors);
    const count = this.vectors.length;
    mkdirSync(dir, { recursive: true });
    this.spools = names.map((_, i) => ({
      file: new SpoolFile(join(dir, `${i}.jsonl`)),
      offsets: new Float64Array(count).fill(-1),
      lengths: new Uint32Array(count),
      statuses: new Uint8Array(count).fill(NO_STATUS),
      retried: new Uint8Array(count),
    }));
  }

  put(impl: number, index: number, record: CaseRecord, text: string): void {
    const spool = this.spools[impl]!;
    const at = spool.file.append(text);
    if (spool.offsets[index]! < 0) this.count++;
    spool.offsets[index] = at.offset;
    spool.lengths[index] = at.length;
    spool.statuses[index] = STATUS_CODE.get(record.status) ?? NO_STATUS;
    spool.retried[index] = record.first_attempt === undefined ? 0 : 1;
  }

  get(impl: number, index: number): CaseRecord | undefined {
    const spool = this.spools[impl]!;
    if (spool.offsets[index]! < 0) return undefined;
    // One record: a window of just its bytes (the default window is for reading many in order).
    return JSON.parse(textAt(spool, spool.file.window(0), index)) as CaseRecord;
  }

  has(impl: number, index: number): boolean {
    return this.spools[impl]!.offsets[index]! >= 0;
  }

  list(): CaseList {
    const store = this;
    return {
      get length() {
        return store.count;
      },
      [Symbol.iterator]: () => store.records(() => true, this.spools)[Symbol.iterator](),
      withStatus: (statuses) => {
        const codes = new Set([...statuses].map((s) => STATUS_CODE.get(s)));
        return [...this.records((code) => codes.has(code), this.spools)];
      },
      ofVectors: (ids) => [...this.recordsAt(this.indicesOf(ids))],
      retried: () => this.spools.flatMap((spool) => [...this.records((_, i) => spool.retried[i] === 1, [spool])]),
      of: (implementation) =>
        this.records(
          () => true,
          this.spools.filter((_, i) => this.names[i] === implementation),
        ),
      texts: () => this.texts(() => true, this.spools),
      statuses: () => this.statuses(),
    };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const spool of this.spools) spool.file.close();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private *statuses(): Generator<StatusOfCase> {
    for (const [position, spool] of this.spools.entries())
      for (let i = 0; i < spool.statuses.length; i++)
        if (spool.offsets[i]! >= 0)
          yield { vector_id: this.vectors.idAt(i), implementation: this.names[position]!, status: STATUSES[spool.statuses[i]!]! };
  }

  /** The positions of these vectors, in order (a few records: read one by one, not through the window). */
  private indicesOf(ids: ReadonlySet<string>): number[] {
    const found: number[] = [];
    for (const id of ids) {
      const at = this.vectors.of(id);
      if (at !== undefined) found.push(at);
    }
    return found.sort((a, b) => a - b);
  }

  private *recordsAt(indices: readonly number[]): Generator<CaseRecord> {
    for (const spool of this.spools) {
      const window = spool.file.window(0);
      for (const i of indices) if (spool.offsets[i]! >= 0) yield JSON.parse(textAt(spool, window, i)) as CaseRecord;
    }
  }

  private *records(keep: (code: number, index: number) => boolean, spools: readonly Spool[]): Generator<CaseRecord> {
    for (const text of this.texts(keep, spools)) yield JSON.parse(text) as CaseRecord;
  }

  /** The JSON text of each record `keep` accepts (by status code and vector index), in order. */
  private *texts(keep: (code: number, index: number) => boolean, spools: readonly Spool[]): Generator<string> {
    for (const spool of spools) {
      const window = spool.file.window(WINDOW_BYTES);
      for (let i = 0; i < spool.offsets.length; i++)
        if (spool.offsets[i]! >= 0 && keep(spool.statuses[i]!, i)) yield textAt(spool, window, i);
    }
  }
}

/** The text of the record of vector `index`, read through `window`. */
function textAt(spool: Spool, window: SpoolWindow, index: number): string {
  return window.text(spool.offsets[index]!, spool.lengths[index]!);
}
