/** The loaded corpus: suites of vectors, each resolved and traceable to the file it came from. */
import type { Requirement } from "./requirement.ts";

export type Tier = "must" | "should" | "observe";

export interface SpecRef {
  readonly file: string;
  readonly section: string;
  readonly note?: string;
  /** Why a contradiction in the index does not decide this case (vector-file.schema.json). */
  readonly contested?: string;
}

export interface Provenance {
  readonly source: "authored" | "upstream" | "generated" | "fuzz";
  readonly by?: string;
  readonly note?: string;
  readonly repo?: string;
  readonly path?: string;
  readonly commit?: string;
  readonly seed?: number;
  readonly replay_path?: string;
}

export interface Vector {
  readonly id: string;
  readonly suite: string;
  readonly description: string;
  readonly spec: SpecRef;
  readonly tier: Tier;
  readonly op: string;
  readonly provenance: Provenance;
  readonly input: Record<string, unknown>;
  readonly expected?: unknown;
  readonly expected_error?: { readonly reason: string; readonly details?: Readonly<Record<string, unknown>> };
  /** The protocol versions the vector applies to: from since, up to until inclusive (open when absent). */
  readonly since: string;
  readonly until?: string;
  /** Why an implementation may lack what this vector needs: its unsupported answer then counts as not applicable. */
  readonly optional?: string;
  /** The requirements (vectors/_spec/) this vector checks. */
  readonly covers: readonly string[];
  /** Statements nearest to what an observe vector probes, which do not decide it (kept for the divergence catalogue). */
  readonly near?: readonly string[];
  /** A capability the kit lacks (e.g. a transport suite): the case reports unsupported. */
  readonly needs?: string;
  /** sha256 of the canonical JSON of what the case checks, so runs compare over time. */
  readonly content_hash: string;
  readonly source: { readonly file: string; readonly line: number };
}

export interface Suite {
  readonly name: string;
  readonly title: string;
  readonly dir: string;
  readonly ops: readonly string[];
  readonly vectors: readonly Vector[];
  /** Why the suite runs only when --suite names it (a run without --suite leaves it out). */
  readonly opt_in?: string;
}

export interface Corpus {
  readonly roots: readonly string[];
  readonly suites: readonly Suite[];
  /** The requirements index (vectors/_spec/), by id. */
  readonly requirements: ReadonlyMap<string, Requirement>;
}
