/**
 * `smcp-conformance generate --suite <suite>`: new vectors from the generators, expected values
 * from the reference, annotated with which implementations agree. Ids are
 * `<suite>/<group>/<what the input probes>`. Written as a corpus root for review under `--out`
 * (`run --vectors <dir>` runs them), or with `--into vectors/<suite>/<file>.yaml` appended to
 * that file for review in place.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { loadCorpus } from "../corpus/load-corpus.ts";
import type { VectorFileToWrite } from "../corpus/vector-file-text.ts";
import { GROUP_PATTERN } from "../fuzz/candidates.ts";
import { vectorFileYaml } from "../fuzz/vector-yaml.ts";
import { generateVectors } from "../generate/generate-vectors.ts";
import { appendInto, type IntoTarget, readInto } from "../generate/into-file.ts";
import { type Family, familiesOf } from "../generators/families.ts";
import { OP_ARBITRARIES } from "../generators/index.ts";
import { referenceInProcess } from "../impl/reference-in-process.ts";
import { KIT_VECTORS_DIR } from "../model/kit-files.ts";
import { newRunId } from "../model/run-id.ts";
import { UsageError } from "../util/usage-error.ts";
import { EXIT } from "./exit-code.ts";
import { list, parseSeed, positive, selectFromOptions, startAll } from "./options.ts";

export interface GenerateCommandOptions {
  readonly suite: string;
  readonly op?: string;
  readonly count: string;
  readonly seed?: string;
  readonly tier: string;
  readonly impl?: string;
  readonly adapter: string[];
  readonly out: string;
  /** The id segment after the suite (default "generated"). */
  readonly group?: string;
  /** A suite's vector file to append the new vectors to, for review. */
  readonly into?: string;
}

export const DEFAULT_GENERATE_GROUP = "generated";

/** The group segment, checked before anything starts. */
export function groupOption(value: string | undefined, fallback: string): string {
  const group = value ?? fallback;
  if (!GROUP_PATTERN.test(group))
    throw new UsageError(
      `--group ${JSON.stringify(group)}: an id segment is lower-case letters, digits, ".", "_" and "-", starting with a letter or digit`,
    );
  return group;
}

/**
 * Which generators run: `--group <family>` picks that family (its operations only); another name
 * is the group of the operations without families; none runs every family (each in its own group)
 * and the other operations in `generated`. A name that is neither is a usage error listing both.
 */
export function familyChoice(suite: string, ops: readonly string[], group: string | undefined): { ops: string[]; families: Family[] } {
  const all = familiesOf(ops);
  const plain = ops.filter((op) => !all.some((f) => f.op === op));
  if (group === undefined) return { ops: [...ops], families: all };
  const picked = all.filter((f) => f.name === group);
  if (picked.length > 0) return { ops: [...new Set(picked.map((f) => f.op))], families: picked };
  if (plain.length > 0) return { ops: plain, families: [] };
  throw new UsageError(
    `--group ${group}: suite ${suite} generates by family, and has none of that name (families: ${[...new Set(all.map((f) => f.name))].join(", ")})`,
  );
}

/** How to run vectors written to `path`: the kit's corpus needs no --vectors, any other root does. */
export function runHint(path: string, filter: string): string {
  const root = dirname(dirname(resolve(path)));
  const inKit = !relative(KIT_VECTORS_DIR, resolve(path)).startsWith("..");
  return `npx smcp-conformance run ${inKit ? "" : `--vectors ${root} `}--filter '${filter}'`;
}

export async function generateCommand(options: GenerateCommandOptions): Promise<number> {
  const corpus = loadCorpus();
  const suite = corpus.suites.find((s) => s.name === options.suite);
  if (!suite || suite.name.startsWith("upstream-"))
    throw new UsageError(
      `no authored suite "${options.suite}" (have: ${corpus.suites
        .filter((s) => !s.name.startsWith("upstream-"))
        .map((s) => s.name)
        .join(", ")})`,
    );
  const ops = options.op === undefined ? suite.ops.filter((op) => OP_ARBITRARIES[op]) : list(options.op);
  const bad = ops.filter((op) => !suite.ops.includes(op) || !OP_ARBITRARIES[op]);
  if (bad.length > 0 || ops.length === 0)
    throw new UsageError(
      `suite ${suite.name} has generators for: ${suite.ops.filter((op) => OP_ARBITRARIES[op]).join(", ") || "none"} (asked: ${ops.join(", ")})`,
    );
  if (options.tier !== "must" && options.tier !== "should")
    throw new UsageError(`--tier is must or should (observe vectors have no expected value), got ${options.tier}`);
  const group = groupOption(options.group, DEFAULT_GENERATE_GROUP);
  const { ops: chosenOps, families } = familyChoice(suite.name, ops, options.group);
  // The target is read and checked before any implementation starts: a wrong file costs nothing.
  const target: IntoTarget | undefined = options.into === undefined ? undefined : readInto(options.into, suite.name);
  const seed = parseSeed(options.seed);
  const count = positive("--count", options.count)!;
  const others = selectFromOptions({ ...options, impl: options.impl ?? "" })
    .map((s) => s.implementation)
    .filter((i) => i.name !== "reference");
  const reference = referenceInProcess();
  const command = `smcp-conformance generate --suite ${suite.name} --seed ${seed}${group === DEFAULT_GENERATE_GROUP ? "" : ` --group ${group}`}`;
  try {
    await startAll([reference, ...others]);
    const vectors = await generateVectors({
      corpus,
      suite: suite.name,
      ops: chosenOps,
      families,
      arbitraries: OP_ARBITRARIES,
      seed,
      count,
      tier: options.tier,
      reference,
      others,
      command,
      group,
      ...(target ? { takenIds: target.ids, heldInputs: target.inputs } : {}),
    });
    const head = `generate: ${vectors.length} vectors for ${suite.name} (${chosenOps.join(", ")}), seed ${seed}`;
    if (vectors.length === 0) {
      process.stdout.write(`${head}: every input considered is in the corpus already; try another --seed\n`);
      return EXIT.ok;
    }
    const file: VectorFileToWrite = {
      suite: suite.name,
      description: `Generated by \`${command}\`: expected values are the reference's; review each against the spec before committing.`,
      provenance: { source: "generated", by: command },
      vectors,
    };
    const path = target
      ? appendInto(target, file, `---- ${vectors.length} generated by \`${command}\`: awaiting review (README, promoting a candidate) ----`)
      : writeUnderOut(options.out, file);
    const groups = [...new Set(vectors.map((v) => v.id.split("/")[1]!))];
    const hints = groups.map((g) => `run them: ${runHint(path, `${suite.name}/${g}/*`)}\n`).join("");
    process.stdout.write(`${head}\n${path}${target ? ` (appended${target.text === undefined ? ", new file" : ""})` : ""}\n${hints}`);
    return EXIT.ok;
  } finally {
    await Promise.all([reference, ...others].map((impl) => impl.stop()));
  }
}

/** A corpus root of its own under `--out`, loaded as corpus before it is announced. */
function writeUnderOut(out: string, file: VectorFileToWrite): string {
  const root = join(out, `generated-${newRunId()}`);
  mkdirSync(join(root, file.suite), { recursive: true });
  const path = join(root, file.suite, "generated.yaml");
  writeFileSync(path, vectorFileYaml(file));
  loadCorpus({ extraRoots: [root] }); // the output must load as corpus: a generator bug stops here, not at review
  return path;
}
