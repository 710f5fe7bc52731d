/**
 * A corpus held for a run of any size. As each file is loaded and checked, what its vectors send
 * and judge (input, expected values, content hash) and what only the report shows (description,
 * provenance, source line) go to a file, two JSON lines per vector; only what selects, orders and
 * names a case stays in memory. A case reads its vector's first line when its turn comes. Before
 * this, a 100k-vector corpus held ~130 MB of parsed YAML for the whole run, and V8 grew its heap
 * several times over that.
 *
 * The small strings vectors repeat (suite, op, tier, since) are kept once, and a spec reference or
 * covers list equal to the previous vector's is shared with it.
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

  /** The case part of the `n`-th vector, written at `offset`. */
  casePart(n: number, offset: number, length: number): CasePart {
    return this.cases.get(n, offset) ?? this.cases.set(n, offset, JSON.parse(this.text(offset, length)) as CasePart);
  }

  /** The report part of the `n`-th vector, written at `offset`. */
  recordPart(n: number, offset: number, length: number): RecordPart {
    return this.records.get(n, offset) ?? this.records.set(n, offset, JSON.parse(this.text(offset, length)) as RecordPart);
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
    const at = { n: this.count++, offset: caseLine.offset, caseLength: caseLine.length, recordLength: recordLine.length };
    const s = (text: string) => this.intern(text);
    return new SpooledVector(
      {
        id: v.id,
        suite: s(v.suite),
        spec: this.sameSpec(v.spec),
        tier: s(v.tier) as Tier,
        op: s(v.op),
        since: s(v.since),
        covers: this.sameList(v.covers),
        ...(v.until !== undefined ? { until: s(v.until) } : {}),
        ...(v.optional !== undefined ? { optional: s(v.optional) } : {}),
        ...(v.near !== undefined ? { near: this.sameList(v.near) } : {}),
        ...(v.needs !== undefined ? { needs: s(v.needs) } : {}),
      },
      this,
      at,
    );
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

type Slim = Omit<Vector, keyof CasePart | keyof RecordPart>;

/** Where a vector's two lines are: its number in the spool, its case line's offset, both lines' lengths. */
interface Place {
  readonly n: number;
  readonly offset: number;
  readonly caseLength: number;
  readonly recordLength: number;
}

/**
 * A vector whose payload is on disk. It is also its own report record: `toJSON` gives the record
 * `vectorRecord` would, so report.json is the same whichever way the corpus was held.
 */
class SpooledVector implements Vector {
  declare readonly id: string;
  declare readonly suite: string;
  declare readonly spec: SpecRef;
  declare readonly tier: Tier;
  declare readonly op: string;
  declare readonly since: string;
  declare readonly until?: string;
  declare readonly optional?: string;
  declare readonly covers: readonly string[];
  declare readonly near?: readonly string[];
  declare readonly needs?: string;
  // The place's numbers as fields of their own: an object per vector would cost more than they do.
  readonly #spool: VectorSpool;
  readonly #n: number;
  readonly #offset: number;
  readonly #caseLength: number;
  readonly #recordLength: number;

  constructor(slim: Slim, spool: VectorSpool, place: Place) {
    Object.assign(this, slim);
    this.#spool = spool;
    this.#n = place.n;
    this.#offset = place.offset;
    this.#caseLength = place.caseLength;
    this.#recordLength = place.recordLength;
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
    return this.#spool.casePart(this.#n, this.#offset, this.#caseLength);
  }

  #record(): RecordPart {
    return this.#spool.recordPart(this.#n, this.#offset + this.#caseLength + 1, this.#recordLength);
  }
}
