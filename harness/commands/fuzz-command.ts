/**
 * `smcp-conformance fuzz`: differential fuzzing of the selected implementations with generated
 * inputs, shrinking every disagreement through the real adapters, writing candidate vectors.
 * `--replay` re-runs one shrunk case from its seed and path.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadCorpus } from "../corpus/load-corpus.ts";
import { vectorFileText, visibleJson } from "../corpus/vector-file-text.ts";
import { ask } from "../fuzz/answers.ts";
import { candidateFiles } from "../fuzz/candidates.ts";
import { type FuzzSummary, fuzz } from "../fuzz/fuzz-run.ts";
import { renderSummary } from "../fuzz/render-summary.ts";
import { replayInput } from "../fuzz/shrink.ts";
import { fuzzableOps, OP_ARBITRARIES } from "../generators/index.ts";
import type { Implementation } from "../model/implementation.ts";
import { newRunId } from "../model/run-id.ts";
import { UsageError } from "../util/usage-error.ts";
import { EXIT } from "./exit-code.ts";
import { withInterrupts } from "./interrupts.ts";
import { list, parseDuration, parseSeed, positive, selectFromOptions, startAll } from "./options.ts";

export interface FuzzCommandOptions {
  readonly impl?: string;
  readonly adapter: string[];
  readonly op?: string;
  readonly seed?: string;
  readonly runs: string;
  readonly timeBudget?: string;
  readonly replay?: string;
  readonly shrinksPerSignature: string;
  readonly out: string;
  readonly json?: boolean;
  readonly caseTimeout?: string;
  readonly window?: string;
  readonly strictProtocol?: boolean;
}

function chooseOps(text: string | undefined): string[] {
  const known = fuzzableOps();
  const ops = text === undefined ? known : list(text);
  const unknown = ops.filter((op) => !known.includes(op));
  if (unknown.length > 0) throw new UsageError(`no generator for ${unknown.join(", ")} (fuzzable: ${known.join(", ")})`);
  return ops;
}

export async function fuzzCommand(options: FuzzCommandOptions): Promise<number> {
  const ops = chooseOps(options.op);
  const seed = parseSeed(options.seed);
  const runs = positive("--runs", options.runs)!;
  const shrinksPerSignature = positive("--shrinks-per-signature", options.shrinksPerSignature)!;
  const timeBudgetMs = options.timeBudget === undefined ? undefined : parseDuration(options.timeBudget);
  if (options.replay !== undefined && (ops.length !== 1 || options.seed === undefined))
    throw new UsageError("--replay needs exactly one --op and its --seed");
  const implementations = selectFromOptions(options).map((s) => s.implementation);
  if (implementations.length < 2) throw new UsageError("fuzz compares implementations: select at least two");
  const corpus = options.replay === undefined ? loadCorpus() : undefined;
  try {
    await startAll(implementations);
    if (options.replay !== undefined) return await replay(ops[0]!, seed, options.replay, implementations);
    process.stderr.write(
      `fuzz: seed ${seed}, ${runs} cases over ${ops.length} operations, ${implementations.map((i) => i.name).join(", ")}\n`,
    );
    const summary = await withInterrupts((signal) =>
      fuzz({
        ops,
        arbitraries: OP_ARBITRARIES,
        seed,
        runs,
        implementations,
        shrinksPerSignature,
        ...(timeBudgetMs !== undefined ? { timeBudgetMs } : {}),
        shouldStop: () => signal.aborted,
        onProgress: (line) => process.stderr.write(`${line}\n`),
      }),
    );
    const written = writeOutputs(summary, corpus!, options.out, `smcp-conformance fuzz --seed ${seed}`);
    process.stdout.write(
      options.json
        ? `${JSON.stringify({ ...summary, out: written.dir, candidates: written.candidates })}\n`
        : `${renderSummary(summary, written.candidates)}\n`,
    );
    return summary.groups.length > 0 ? EXIT.failures : EXIT.ok;
  } finally {
    await Promise.all(implementations.map((impl) => impl.stop()));
  }
}

function writeOutputs(
  summary: FuzzSummary,
  corpus: NonNullable<ReturnType<typeof loadCorpus>>,
  out: string,
  command: string,
): { dir: string; candidates: string[] } {
  const dir = join(out, `fuzz-${newRunId()}`);
  mkdirSync(join(dir, "candidates"), { recursive: true });
  writeFileSync(join(dir, "fuzz-summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
  // <dir>/candidates is a corpus root: `run --vectors <dir>/candidates` runs the candidates as they are.
  const candidates = candidateFiles(corpus, summary.groups, command).map((file) => {
    mkdirSync(join(dir, "candidates", file.suite), { recursive: true });
    const path = join(dir, "candidates", file.suite, "fuzz-candidates.yaml");
    writeFileSync(path, vectorFileText(file));
    return path;
  });
  return { dir, candidates };
}

async function replay(op: string, seed: number, path: string, implementations: readonly Implementation[]): Promise<number> {
  let input: Record<string, unknown>;
  try {
    input = replayInput(OP_ARBITRARIES[op]!, seed, path);
  } catch (error) {
    throw new UsageError(`cannot replay ${op} seed ${seed} path ${path}: ${(error as Error).message}`);
  }
  const outcome = await ask(op, input, implementations);
  const lines = [`replay: ${op} seed ${seed} path ${path}`, `input: ${visibleJson(input)}`];
  for (const [name, result] of outcome.results) lines.push(`  ${name}: ${visibleJson(result)}`);
  const agree = outcome.classes.length < 2;
  lines.push(
    agree
      ? "the implementations agree"
      : `the implementations disagree: ${outcome.classes.map((c) => c.implementations.join(",")).join(" | ")}`,
  );
  process.stdout.write(`${lines.join("\n")}\n`);
  return agree ? EXIT.ok : EXIT.failures;
}
