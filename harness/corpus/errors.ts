/** Corpus faults stop the run before anything executes; each names file, line, vector and pointer. */

export type CorpusErrorCode =
  | "corpus.missing_dir"
  | "corpus.yaml_syntax"
  | "corpus.schema"
  | "corpus.duplicate_id"
  | "corpus.unknown_suite"
  | "corpus.unknown_op"
  | "corpus.unknown_reason"
  | "corpus.unknown_protocol"
  | "corpus.unknown_requirement"
  | "corpus.id_prefix"
  | "corpus.tier"
  | "corpus.upstream_mismatch"
  | "corpus.unsafe_path"
  | "corpus.not_json"
  | "corpus.encoding"
  | "corpus.too_large"
  | "corpus.not_a_file";

export interface CorpusProblem {
  readonly code: CorpusErrorCode;
  readonly file: string;
  readonly line?: number;
  readonly vectorId?: string;
  readonly pointer?: string;
  readonly message: string;
}

export function formatProblem(p: CorpusProblem): string {
  const where = p.line === undefined ? p.file : `${p.file}:${p.line}`;
  const id = p.vectorId === undefined ? "" : ` vector ${p.vectorId}:`;
  const pointer = p.pointer === undefined || p.pointer === "" ? "" : ` at ${p.pointer}`;
  return `${where}:${id} ${p.message}${pointer} [${p.code}]`;
}

/** Thrown once with every problem found, so an author fixes them in one pass. */
export class CorpusError extends Error {
  override readonly name = "CorpusError";
  constructor(readonly problems: readonly CorpusProblem[]) {
    super(problems.map(formatProblem).join("\n"));
  }
}
