/**
 * A corpus held for a run of any size. As each file is loaded and checked, what its vectors send
 * and judge (input, expected values, content hash) and what only the report shows (description,
 * provenance, source line) go to a file, two JSON lines per vector; only what selects, orders and
 * names a case stays in memory. A case reads its vector's first line when its turn comes. Before
 * this, a 100k-vector corpus held ~130 MB of parsed YAML for the whole run, and V8 grew its heap
 * several times over that.
 *
 * The small strings vectors repeat (suite, op, tier, since) are kept once; what a vector shares with
 * the previous one kept (suite, spec reference, tier, op, protocol span, covers) is one object both
 * point to, and where its lines are sits in typed arrays by vector number.
 */
import type { VectorRecord } from "../model/report.ts";
import type { Provenance, SpecRef, Tier, Vector } from "../model/vector.ts";
import { vectorRecord } from "../model/vector-record.ts";
import { SpoolFile, type SpoolWindow } from "../util/spool-file.ts";

/** What a case reads when it runs (kept on disk): sends, judges, records. */
interface CasePart {
  readonly input: Record<string, unknown>;
  readonly expected?: unknown;
  readonly expected_error?: Vector["expected_error"];
  readonly content_hash: string;
}

/** What only the report reads (kept on disk, on the line after the case part). */
interface RecordPart {
  readonly description: string;
  readonly provenance: Provenance;
  readonly source: Vector["source"];
}

/** Case parts parsed lately, kept for the next implementation that asks; report parts, read in order. */
const RECENT_CASES = 4096;
const RECENT_RECORDS = 64;
/** Read windows kept, and the bytes each reads at a time. */
const WINDOWS = 8;
const WINDOW_BYTES = 256 << 10;

/** Parsed parts by vector, direct-mapped (vector number mod size). */
class Recent<T> {
  private readonly at: Float64Array;
  private readonly parts: Array<T | undefined>;

  constructor(size: number) {
    this.at = new Float64Array(size).fill(-1);
    this.parts = new Array(size);
  }

  get(n: number, offset: number): T | undefined {
    const slot = n % this.parts.length;
    return this.at[slot] === offset ? this.parts[slot] : undefined;
  }

  set(n: number, offset: number, part: T): T {
    const slot = n % this.parts.length;
    this.at[slot] = offset;
    this.parts[slot] = part;
    return part;
  }

  clear(): void {
    this.at.fill(-1);
    this.parts.fill(undefined);
  }
}

export class VectorSpool {
  private readonly file: SpoolFile;
  private count = 0;
  private readonly windows: SpoolWindow[] = [];
  private readonly cases: Recent<CasePart>;
  private readonly records = new Recent<RecordPart>(RECENT_RECORDS);
  private readonly strings = new Map<string, string>();
  private lastSpec: SpecRef | undefined;
  private lastList: readonly string[] | undefined;
  private lastCommon: Common | undefined;
  /** Each vector's case line offset and both lines' lengths, by vector number (grown as files come). */
  private offsets = new Float64Array(1024);
  private caseLengths = new Uint32Array(1024);
  private recordLengths = new Uint32Array(1024);
  private closed = false;

  /** `path` is created (or emptied) and owned by the spool; `recentCases` parsed case parts are kept for reuse. */
  constructor(path: string, recentCases = RECENT_CASES) {
    this.cases = new Recent(recentCases);
    this.file = new SpoolFile(path);
  }

  /** One file's vectors, checked: their payloads go to disk, and slim vectors that read them back take their place. */
  keep(vectors: readonly Vector[]): Vector[] {
    return vectors.map((v) => this.keepOne(v));
  }

  /** The case part of the `n`-th vector. */
  casePart(n: number): CasePart {
    const offset = this.offsets[n]!;
    return this.cases.get(n, offset) ?? this.cases.set(n, offset, JSON.parse(this.text(offset, this.caseLengths[n]!)) as CasePart);
  }

  /** The report part of the `n`-th vector (the line after its case part). */
  recordPart(n: number): RecordPart {
    const offset = this.offsets[n]! + this.caseLengths[n]! + 1;
    return this.records.get(n, offset) ?? this.records.set(n, offset, JSON.parse(this.text(offset, this.recordLengths[n]!)) as RecordPart);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.cases.clear();
    this.records.clear();
    this.windows.length = 0;
    this.file.close();
  }

  /**
   * A line's text, through a few read windows: each implementation walks the corpus in order at
   * its own pace, so its next vector is mostly in the window its last one was read through.
   */
  private text(offset: number, length: number): string {
    let window = this.windows.find((w) => w.holds(offset, length));
    if (window === undefined) window = this.windows.length < WINDOWS ? this.file.window(WINDOW_BYTES) : this.windows.pop()!;
    else this.windows.splice(this.windows.indexOf(window), 1);
    this.windows.unshift(window); // most recently used first; the last is reused
    return window.text(offset, length);
  }

  private keepOne(v: Vector): Vector {
    const casePart: CasePart = {
      input: v.input,
      ...(v.expected !== undefined ? { expected: v.expected } : {}),
      ...(v.expected_error !== undefined ? { expected_error: v.expected_error } : {}),
      content_hash: v.content_hash,
    };
    const recordPart: RecordPart = { description: v.description, provenance: v.provenance, source: v.source };
    const caseLine = this.file.append(JSON.stringify(casePart));
    const recordLine = this.file.append(JSON.stringify(recordPart));
    const n = this.count++;
    this.place(n, caseLine.offset, caseLine.length, recordLine.length);
    return new SpooledVector(v.id, this.common(v), n);
  }

  private place(n: number, offset: number, caseLength: number, recordLength: number): void {
    if (n === this.offsets.length) {
      const offsets = new Float64Array(n * 2);
      const caseLengths = new Uint32Array(n * 2);
      const recordLengths = new Uint32Array(n * 2);
      offsets.set(this.offsets);
      caseLengths.set(this.caseLengths);
      recordLengths.set(this.recordLengths);
      this.offsets = offsets;
      this.caseLengths = caseLengths;
      this.recordLengths = recordLengths;
    }
    this.offsets[n] = offset;
    this.caseLengths[n] = caseLength;
    this.recordLengths[n] = recordLength;
  }

  /** What the vector shares with the previous one kept (the vectors of a file mostly share all of it). */
  private common(v: Vector): Common {
    const s = (text: string) => this.intern(text);
    const next: Common = {
      spool: this,
      suite: s(v.suite),
      spec: this.sameSpec(v.spec),
      tier: s(v.tier) as Tier,
      op: s(v.op),
      since: s(v.since),
      covers: this.sameList(v.covers),
      until: v.until !== undefined ? s(v.until) : undefined,
      optional: v.optional !== undefined ? s(v.optional) : undefined,
      near: v.near !== undefined ? this.sameList(v.near) : undefined,
      needs: v.needs !== undefined ? s(v.needs) : undefined,
    };
    const last = this.lastCommon;
    if (last !== undefined && COMMON_FIELDS.every((field) => last[field] === next[field])) return last;
    this.lastCommon = next;
    return next;
  }

  private intern(text: string): string {
    const known = this.strings.get(text);
    if (known !== undefined) return known;
    this.strings.set(text, text);
    return text;
  }

  /** The spec reference the last vector kept, when equal (vectors of a file mostly cite the same one). */
  private sameSpec(spec: SpecRef): SpecRef {
    const last = this.lastSpec;
    if (
      last !== undefined &&
      last.file === spec.file &&
      last.section === spec.section &&
      last.note === spec.note &&
      last.contested === spec.contested &&
      Object.keys(last).length === Object.keys(spec).length
    )
      return last;
    this.lastSpec = spec;
    return spec;
  }

  /** The same list as the last vector kept, when equal (an empty list most of the time). */
  private sameList(list: readonly string[]): readonly string[] {
    const last = this.lastList;
    if (last !== undefined && last.length === list.length && last.every((x, i) => x === list[i])) return last;
    this.lastList = list;
    return list;
  }
}

/** The fields a vector shares with its neighbours in a file, and the spool its payload is in. */
interface Common {
  readonly spool: VectorSpool;
  readonly suite: string;
  readonly spec: SpecRef;
  readonly tier: Tier;
  readonly op: string;
  readonly since: string;
  readonly covers: readonly string[];
  readonly until: string | undefined;
  readonly optional: string | undefined;
  readonly near: readonly string[] | undefined;
  readonly needs: string | undefined;
}

const COMMON_FIELDS = ["suite", "spec", "tier", "op", "since", "covers", "until", "optional", "near", "needs"] as const;

/**
 * A vector whose payload is on disk: its own id, what it shares with its neighbours, and its
 * number in the spool (about 50 bytes; with every field its own, 128). It is also its own report
 * record: `toJSON` gives the record `vectorRecord` would, so report.json is the same whichever way
 * the corpus was held.
 */
class SpooledVector implements Vector {
  readonly #common: Common;
  readonly #n: number;

  constructor(
    readonly id: string,
    common: Common,
    n: number,
  ) {
    this.#common = common;
    this.#n = n;
  }

  get suite(): string {
    return this.#common.suite;
  }
  get spec(): SpecRef {
    return this.#common.spec;
  }
  get tier(): Tier {
    return this.#common.tier;
  }
  get op(): string {
    return this.#common.op;
  }
  get since(): string {
    return this.#common.since;
  }
  get covers(): readonly string[] {
    return this.#common.covers;
  }
  get until(): string | undefined {
    return this.#common.until;
  }
  get optional(): string | undefined {
    return this.#common.optional;
  }
  get near(): readonly string[] | undefined {
    return this.#common.near;
  }
  get needs(): string | undefined {
    return this.#common.needs;
  }
  get input(): Record<string, unknown> {
    return this.#case().input;
  }
  get expected(): unknown {
    return this.#case().expected;
  }
  get expected_error(): Vector["expected_error"] {
    return this.#case().expected_error;
  }
  get content_hash(): string {
    return this.#case().content_hash;
  }
  get description(): string {
    return this.#record().description;
  }
  get provenance(): Provenance {
    return this.#record().provenance;
  }
  get source(): Vector["source"] {
    return this.#record().source;
  }

  toJSON(): VectorRecord {
    return vectorRecord(this);
  }

  #case(): CasePart {
    return this.#common.spool.casePart(this.#n);
  }

  #record(): RecordPart {
    return this.#common.spool.recordPart(this.#n);
  }
}
