/**
 * An implementation's fuzz baseline (`adapters/<sdk>/fuzz-baseline.yaml`, beside its expectations):
 * the kinds of disagreement with the reference already known, each with why and the corpus
 * vectors (expectations gaps, observe vectors) that pin the same divergence. `fuzz` gates on it: a
 * kind not listed fails the run. A broken file stops the command like a broken expectations file.
 */
import { existsSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { Ajv } from "ajv";
import { isMap, isScalar, isSeq, parseDocument, Scalar, type YAMLMap, type YAMLSeq } from "yaml";
import { CorpusError, type CorpusProblem } from "../corpus/errors.ts";
import { readCorpusText } from "../corpus/read-file.ts";
import { errorMessage, errorPointer } from "../corpus/schema-registry.ts";
import { parseSource } from "../corpus/yaml-source.ts";
import { writeAtomic } from "../util/write-atomic.ts";
import { blockSeq } from "../util/yaml-block-seq.ts";
import { opOfKind } from "./answers.ts";

export interface BaselineEntry {
  /** A kind as `kindAgainst` prints it: `<op> <impl>=<answer> | reference=<answer>[ at /keys]`. */
  readonly kind: string;
  readonly reason: string;
  /** Corpus vectors showing the same divergence: the expectations entries or observe vectors it comes from. */
  readonly vectors?: readonly string[];
}

export interface Baseline {
  readonly file: string;
  readonly implementation: string;
  readonly kinds: ReadonlyMap<string, BaselineEntry>;
  /** Where each kind is written, for messages. */
  readonly lines: ReadonlyMap<string, number>;
}

export const TODO_KIND_REASON = "TODO: say what the SDK does, why it differs from the reference, and link the vectors that show it";

const SCHEMA = {
  type: "object",
  required: ["implementation", "kinds"],
  additionalProperties: false,
  properties: {
    implementation: { type: "string", minLength: 1 },
    kinds: {
      type: ["array", "null"],
      items: {
        type: "object",
        required: ["kind", "reason"],
        additionalProperties: false,
        properties: {
          kind: { type: "string", minLength: 1 },
          reason: { type: "string", minLength: 1 },
          vectors: { type: "array", items: { type: "string", minLength: 1 }, uniqueItems: true },
        },
      },
    },
  },
} as const;

const validate = new Ajv({ allErrors: true }).compile(SCHEMA);

/** The baseline beside an expectations file: `expectations@0.3.2.yaml` → `fuzz-baseline@0.3.2.yaml`. */
export function baselineFileFor(expectationsFile: string): string {
  return join(dirname(expectationsFile), basename(expectationsFile).replace(/^expectations/, "fuzz-baseline"));
}

/** A missing file is an empty baseline: every kind is new. */
export function loadBaseline(file: string, implementation: string, knownVectorIds?: ReadonlySet<string>): Baseline {
  if (!existsSync(file)) return { file, implementation, kinds: new Map(), lines: new Map() };
  const source = parseSource(file, readCorpusText(file, file));
  const problem = (pointer: string, message: string): CorpusProblem => ({
    code: "corpus.schema",
    file,
    line: source.lineOf(pointer),
    pointer,
    message,
  });
  if (!validate(source.data)) throw new CorpusError((validate.errors ?? []).map((e) => problem(errorPointer(e), errorMessage(e))));
  const data = source.data as { implementation: string; kinds: BaselineEntry[] | null };
  const problems: CorpusProblem[] = [];
  if (data.implementation !== implementation)
    problems.push(problem("/implementation", `is ${JSON.stringify(data.implementation)}, but the file belongs to ${implementation}`));
  const kinds = new Map<string, BaselineEntry>();
  const lines = new Map<string, number>();
  (data.kinds ?? []).forEach((entry, i) => {
    if (kinds.has(entry.kind)) problems.push({ ...problem(`/kinds/${i}/kind`, "listed twice"), code: "corpus.duplicate_id" });
    (entry.vectors ?? []).forEach((id, j) => {
      if (knownVectorIds && !knownVectorIds.has(id))
        problems.push(problem(`/kinds/${i}/vectors/${j}`, `names no vector of the corpus: ${id}`));
    });
    kinds.set(entry.kind, entry);
    lines.set(entry.kind, source.lineOf(`/kinds/${i}`));
  });
  if (problems.length > 0) throw new CorpusError(problems);
  return { file, implementation, kinds, lines };
}

export interface BaselineUpdate {
  readonly file: string;
  readonly added: readonly string[];
  /**
   * Listed kinds of a fuzzed operation the run did not meet: kept with their reasons and reported.
   * A run meets a kind by chance (a 200-run fuzz once dropped a kind and its written reason); only a
   * person who knows the SDK changed deletes one.
   */
  readonly stale: readonly string[];
  /** Kinds of operations the run did not fuzz: kept as they are. */
  readonly left: readonly string[];
}

/**
 * `--update-baseline`: the kinds the run saw are added (a reason to fill in) and keep their
 * reasons, links and comments; `links` (vector ids by kind) are added to each kind's `vectors`.
 * Nothing is deleted: a listed kind of a fuzzed operation (`ops`) the run did not meet is stale,
 * kept and reported (a short run meets some kinds by chance), and kinds of any other operation are
 * left untouched (a run of one `--op` once deleted 74 of 77 kinds).
 */
export function updateBaseline(
  file: string,
  implementation: string,
  seen: readonly string[],
  links: ReadonlyMap<string, readonly string[]>,
  ops: readonly string[],
): BaselineUpdate {
  const doc = existsSync(file)
    ? parseDocument(readCorpusText(file, file))
    : parseDocument(
        `# Known kinds of disagreement between ${implementation} and the reference, as \`smcp-conformance fuzz\` classifies them.\n# fuzz fails on a kind not listed here; --update-baseline rewrites the list, keeping reasons.\nimplementation: ${implementation}\nkinds: []\n`,
      );
  const seq = blockSeq(doc, "kinds");
  const wanted = new Set(seen);
  const fuzzed = new Set(ops);
  const listed = new Set<string>();
  const stale: string[] = [];
  const left: string[] = [];
  for (const item of seq.items) {
    const kind = isMap(item) ? String(item.get("kind")) : "";
    listed.add(kind);
    if (!wanted.has(kind)) {
      (fuzzed.has(opOfKind(kind)) ? stale : left).push(kind);
      continue;
    }
    const had = (item as YAMLMap).get("vectors");
    const old = isSeq(had) ? had.items.map((n) => String(isScalar(n) ? n.value : n)) : [];
    const all = [...new Set([...old, ...(links.get(kind) ?? [])])];
    if (all.length > old.length) (item as YAMLMap).set("vectors", flowList(doc, all));
  }
  const added = [...wanted].filter((k) => !listed.has(k)).sort();
  for (const kind of added) {
    const node = doc.createNode({ kind: quoted(kind), reason: TODO_KIND_REASON }) as YAMLMap;
    node.flow = false;
    const vectors = links.get(kind);
    if (vectors && vectors.length > 0) node.set("vectors", flowList(doc, vectors));
    seq.add(node);
  }
  writeAtomic(file, doc.toString({ lineWidth: 0 }));
  return { file, added, stale, left };
}

function flowList(doc: ReturnType<typeof parseDocument>, ids: readonly string[]): YAMLSeq {
  const list = doc.createNode([...ids]) as YAMLSeq;
  list.flow = true;
  return list;
}

function quoted(text: string): Scalar {
  const scalar = new Scalar(text);
  scalar.type = Scalar.QUOTE_DOUBLE; // kinds hold ":" and "|": keep them plain strings
  return scalar;
}
