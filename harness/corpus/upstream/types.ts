import type { Provenance, SpecRef, Tier } from "../../model/vector.ts";

/** A vector drawn from an upstream fixture, before the loader resolves it. */
export interface ImportedVector {
  readonly id: string;
  readonly description: string;
  readonly spec: SpecRef;
  readonly tier: Tier;
  readonly op: string;
  readonly input: Record<string, unknown>;
  readonly expected: unknown;
  /** Why an implementation may lack the capability this vector needs (then its unsupported counts as not applicable). */
  readonly optional?: string;
  /** JSON pointer of the upstream entry, for error lines. */
  readonly pointer: string;
}

export interface UpstreamImport {
  readonly format: "upstream-bundle-id" | "upstream-env-segment" | "upstream-auth-error";
  readonly file: string;
  readonly repo: string;
  readonly path: string;
  readonly commit: string;
  readonly tag?: string;
  readonly sha256: string;
}

// biome-ignore lint/suspicious/noExplicitAny: upstream fixture JSON, its shape checked by the suite schema after import
export type Importer = (suite: string, data: any) => ImportedVector[];

export function upstreamProvenance(meta: UpstreamImport): Provenance {
  return { source: "upstream", repo: meta.repo, path: meta.path, commit: meta.commit };
}

/** 1-based, zero-padded, in file order: upstream entries without their own id keep a stable one. */
export function ordinalId(suite: string, index: number): string {
  return `${suite}/vector-${String(index + 1).padStart(2, "0")}`;
}
