/**
 * `smcp-conformance fuzz`: differential fuzzing of the selected implementations with generated
 * inputs, shrinking every disagreement through the real adapters, writing candidate vectors.
 * With the reference selected it is a gate: each SDK's kinds of disagreement with the reference
 * are judged against its fuzz baseline (exit 1 on a new kind); `--update-baseline` rewrites them.
 * `--replay` re-runs one shrunk case from its seed and path. Candidates are named
 * `<suite>/<group>/<what the input probes>`; `--into vectors/<suite>/<file>.yaml` appends them to
 * that file for review instead of the fuzz folder.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadCorpus } from "../corpus/load-corpus.ts";
import { visibleJson } from "../corpus/vector-file-text.ts";
import { ask, kindKey } from "../fuzz/answers.ts";
import { type Baseline, baselineFileFor, loadBaseline, updateBaseline } from "../fuzz/baseline.ts";
import { alreadyInCorpus, candidateFiles, DEFAULT_FUZZ_GROUP, homeOf } from "../fuzz/candidates.ts";
import { type CorpusKinds, corpusKinds } from "../fuzz/corpus-kinds.ts";
import { type FuzzSummary, fuzz } from "../fuzz/fuzz-run.ts";
import { type GateVerdict, isFaultKind, judgeKinds, nothingJudged } from "../fuzz/gate.ts";
import { LIVE_FUZZ_OPS, MCP_SCENE_OPS, withLiveScenes } from "../fuzz/live-scenes.ts";
import { offeredOnly } from "../fuzz/offered-only.ts";
import { progressSink } from "../fuzz/progress-sink.ts";
import { cappedGroups, renderGate, renderNewKinds, renderSummary, renderUnjudged, type SummaryOptions } from "../fuzz/render-summary.ts";
import { replayInput } from "../fuzz/shrink.ts";
import { vectorFileYaml } from "../fuzz/vector-yaml.ts";
import { appendInto, type IntoTarget, readInto } from "../generate/into-file.ts";
import { fuzzableOps, LIVE_ARBITRARIES, OP_ARBITRARIES } from "../generators/index.ts";
import type { Implementation } from "../model/implementation.ts";
import { newRunId } from "../model/run-id.ts";
import type { Corpus } from "../model/vector.ts";
import { type SceneServer, startSceneServer } from "../transport/index.ts";
import { UsageError } from "../util/usage-error.ts";
import { EXIT } from "./exit-code.ts";
import { groupOption } from "./generate-command.ts";
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
  readonly updateBaseline?: boolean;
  /** The id segment of candidates after the suite (default "fuzz"). */
  readonly group?: string;
  /** A suite's vector file the candidates are appended to, for review. */
  readonly into?: string;
  /** Only the new kinds, the candidate files, the gate and the closing line; no shrink progress. */
  readonly quiet?: boolean;
  /** At most this many groups shown and written as candidates (the most frequent). */
  readonly maxGroups?: string;
}

/** Kinds are taken against this implementation; without it in the selection there is no gate. */
const PIVOT = "reference";

/** Every generator by operation: the pure ones, asked by default, and the live scenes, asked only by name. */
const ARBITRARIES = { ...OP_ARBITRARIES, ...LIVE_ARBITRARIES };

function chooseOps(text: string | undefined): string[] {
  const known = fuzzableOps();
  const ops = text === undefined ? known : list(text);
  const unknown = ops.filter((op) => !known.includes(op) && LIVE_ARBITRARIES[op] === undefined);
  if (unknown.length > 0)
    throw new UsageError(
      `no generator for ${unknown.join(", ")} (fuzzable: ${known.join(", ")}; live, by name only: ${Object.keys(LIVE_ARBITRARIES).join(", ")})`,
    );
  return ops;
}

/** Scenes in flight per implementation while fuzzing: several implementations play theirs side by side. */
const FUZZ_SCENE_SLOTS = 4;

/** The MCP scene server Computer scenes are played on, or none when no fuzzed operation mounts MCP servers. */
async function sceneServerFor(ops: readonly string[]): Promise<SceneServer | undefined> {
  return ops.some((op) => MCP_SCENE_OPS.has(op)) ? await startSceneServer() : undefined;
}

export async function fuzzCommand(options: FuzzCommandOptions): Promise<number> {
  const ops = chooseOps(options.op);
  const seed = parseSeed(options.seed);
  const runs = positive("--runs", options.runs)!;
  const shrinksPerSignature = positive("--shrinks-per-signature", options.shrinksPerSignature)!;
  const maxGroups = positive("--max-groups", options.maxGroups);
  const timeBudgetMs = options.timeBudget === undefined ? undefined : parseDuration(options.timeBudget);
  if (options.replay !== undefined && (ops.length !== 1 || options.seed === undefined))
    throw new UsageError("--replay needs exactly one --op and its --seed");
  const selected = selectFromOptions({ ...options, defaults: "pinned" });
  const implementations = selected.map((s) => s.implementation);
  if (implementations.length < 2) throw new UsageError("fuzz compares implementations: select at least two");
  const pivot = implementations.some((i) => i.name === PIVOT) ? PIVOT : undefined;
  if (options.updateBaseline && (pivot === undefined || options.replay !== undefined))
    throw new UsageError(`--update-baseline needs ${PIVOT} among the implementations (kinds are taken against it), and no --replay`);
  const group = groupOption(options.group, DEFAULT_FUZZ_GROUP);
  const corpus = options.replay === undefined ? loadCorpus() : undefined;
  const target = options.into === undefined || corpus === undefined ? undefined : intoTarget(options.into, corpus, ops);
  // Baselines are read before any adapter starts: a broken one stops the command at once (exit 2).
  const baselines = new Map<string, Baseline>();
  if (pivot !== undefined && corpus !== undefined) {
    const ids = vectorIds(corpus);
    for (const s of selected.filter((x) => x.expectationsFile !== undefined)) {
      const name = s.implementation.name;
      baselines.set(name, loadBaseline(baselineFileFor(s.expectationsFile!), name, ids));
    }
  }
  const scenes = await sceneServerFor(ops);
  try {
    const handshakes = await startAll(implementations);
    // Only the operations each handshake offers are asked for; the rest answer unsupported unsent.
    // A live operation's case is a scene the harness plays around the adapter's call (live-scenes.ts).
    const played = ops.some((op) => LIVE_FUZZ_OPS.has(op))
      ? implementations.map((impl) => withLiveScenes(impl, scenes, "streamable_http", FUZZ_SCENE_SLOTS))
      : implementations;
    const asked = played.map((impl, i) => offeredOnly(impl, handshakes[i]!, ops));
    if (options.replay !== undefined) return await replay(ops[0]!, seed, options.replay, asked);
    process.stderr.write(
      `fuzz: seed ${seed}, ${runs} cases over ${ops.length} operations, ${implementations.map((i) => i.name).join(", ")}\n`,
    );
    const progress = progressSink(
      (text) => (options.quiet ? undefined : process.stderr.write(text)),
      process.stderr.isTTY === true,
      process.stderr.columns,
    );
    const summary = await withInterrupts((signal) =>
      fuzz({
        ops,
        arbitraries: ARBITRARIES,
        seed,
        runs,
        implementations: asked,
        shrinksPerSignature,
        ...(pivot !== undefined ? { pivot } : {}),
        ...(timeBudgetMs !== undefined ? { timeBudgetMs } : {}),
        shouldStop: () => signal.aborted,
        onProgress: progress.line,
      }),
    );
    const written = writeOutputs(
      summary,
      corpus!,
      options.out,
      `smcp-conformance fuzz --op ${ops.join(",")} --seed ${seed} --impl ${implementations.map((i) => i.name).join(",")}`,
      {
        group,
        target,
        progress: progress.lines,
        maxGroups,
      },
    );
    progress.close(written.log);
    const judge = () =>
      pivot === undefined ? undefined : judgeKinds(summary.kinds, baselines, ops, summary.stopped === undefined, summary.answered);
    let verdict = judge();
    // The corpus inputs of the fuzzed operations, classified the same way: which vectors pin each kind. Needed
    // to write a baseline or to show a new kind only; a live operation's corpus is a scene per vector, not free.
    const wanted = pivot !== undefined && summary.kinds.length > 0 && (options.updateBaseline === true || (verdict?.fresh.length ?? 0) > 0);
    const links = wanted ? await corpusKinds(corpus!, ops, asked, pivot!) : new Map();
    if (options.updateBaseline) {
      rewriteBaselines(summary, baselines, corpus!, links, ops);
      verdict = judge();
    }
    process.stdout.write(
      options.json
        ? `${JSON.stringify({ ...summary, out: written.dir, candidates: written.candidates, ...(verdict ? { gate: gateJson(verdict) } : {}) })}\n`
        : `${renderText(summary, written.candidates, alreadyInCorpus(corpus!, summary.groups, target?.inputs), verdict, baselines, links, { quiet: options.quiet === true, maxGroups })}\n`,
    );
    return exitCode(summary, verdict);
  } finally {
    await Promise.all(implementations.map((impl) => impl.stop()));
    await scenes?.close();
  }
}

/**
 * With a gate: 1 on a new kind. Without one (no reference selected): 1 on any disagreement. Either
 * way 1 when an implementation judged nothing (only unsupported answers, no operation, only faults).
 */
function exitCode(summary: FuzzSummary, verdict: GateVerdict | undefined): number {
  if (nothingJudged(summary.answered).length > 0) return EXIT.failures;
  if (verdict === undefined) return summary.groups.length > 0 ? EXIT.failures : EXIT.ok;
  return verdict.fresh.length > 0 ? EXIT.failures : EXIT.ok;
}

function vectorIds(corpus: Corpus): Set<string> {
  return new Set(corpus.suites.flatMap((s) => s.vectors.map((v) => v.id)));
}

function renderText(
  summary: FuzzSummary,
  candidates: readonly string[],
  inCorpus: ReturnType<typeof alreadyInCorpus>,
  verdict: GateVerdict | undefined,
  baselines: ReadonlyMap<string, Baseline>,
  links: CorpusKinds,
  shown: SummaryOptions,
): string {
  const body = renderSummary(summary, candidates, inCorpus, shown);
  if (verdict === undefined) return [body, ...renderUnjudged(nothingJudged(summary.answered))].join("\n");
  const files = new Map([...baselines].map(([name, b]) => [name, b.file]));
  const news = verdict.fresh.length > 0 ? `${renderNewKinds(summary, verdict, files, links)}\n` : "";
  return `${news}${body}\n${renderGate(verdict)}`;
}

function gateJson(verdict: GateVerdict) {
  return {
    new: verdict.fresh,
    known: verdict.known.length,
    unjudged: verdict.unjudged,
    stale: verdict.stale.map((s) => ({ implementation: s.implementation, file: s.file, kind: s.entry.kind })),
  };
}

/**
 * `--update-baseline`: each SDK's file gains the kinds this run met (faults never) and keeps every
 * kind it did not meet (stale, reported here and by the gate), and is read again for the gate; a
 * run cut short updates nothing.
 */
function rewriteBaselines(
  summary: FuzzSummary,
  baselines: Map<string, Baseline>,
  corpus: Corpus,
  links: CorpusKinds,
  ops: readonly string[],
): void {
  if (summary.stopped !== undefined) {
    process.stderr.write(`fuzz: baselines not updated: the run stopped early (${summary.stopped}), so it did not look everywhere\n`);
    return;
  }
  for (const [name, baseline] of baselines) {
    const kinds = summary.kinds.filter((k) => k.implementation === name && !isFaultKind(k)).map((k) => k.kind);
    const own = new Map(kinds.map((kind) => [kind, links.get(kindKey(name, kind)) ?? []]));
    const update = updateBaseline(baseline.file, name, kinds, own, ops);
    const left = update.left.length ? `, ${update.left.length} of operations not fuzzed left as they are` : "";
    const stale = update.stale.length
      ? `, ${update.stale.length} stale kept (not met in this run, listed by the gate below; delete one by hand only if the SDK changed)`
      : ", 0 stale";
    process.stderr.write(`fuzz baseline ${update.file}: ${update.added.length} added (reason to fill in)${stale}${left}\n`);
    baselines.set(name, loadBaseline(baseline.file, name, vectorIds(corpus)));
  }
}

/** `--into`: every fuzzed operation's candidates belong to the file's suite, checked before anything starts. */
function intoTarget(path: string, corpus: Corpus, ops: readonly string[]): IntoTarget {
  const homes = new Map(ops.map((op) => [op, homeOf(corpus, op).suite]));
  const suites = [...new Set(homes.values())];
  if (suites.length !== 1)
    throw new UsageError(
      `--into ${path}: candidates go to one suite's file, but the operations belong to ${suites.length} suites (${[...homes].map(([op, suite]) => `${op} → ${suite}`).join(", ")}); pick them with --op`,
    );
  return readInto(path, suites[0]!);
}

interface OutputOptions {
  readonly group: string;
  readonly target: IntoTarget | undefined;
  readonly progress: readonly string[];
  readonly maxGroups: number | undefined;
}

function writeOutputs(
  summary: FuzzSummary,
  corpus: Corpus,
  out: string,
  command: string,
  options: OutputOptions,
): { dir: string; candidates: string[]; log: string } {
  const dir = join(out, `fuzz-${newRunId()}`);
  mkdirSync(join(dir, "candidates"), { recursive: true });
  writeFileSync(join(dir, "fuzz-summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
  const log = join(dir, "fuzz-progress.log");
  writeFileSync(log, options.progress.map((line) => `${line}\n`).join(""));
  const files = candidateFiles(corpus, cappedGroups(summary.groups, options.maxGroups), command, {
    group: options.group,
    pivot: PIVOT,
    ...(options.target ? { takenIds: options.target.ids, heldInputs: options.target.inputs } : {}),
  });
  const { target } = options;
  if (target !== undefined) {
    const own = files.filter((file) => file.suite === target.suite);
    const comment = (n: number) => `---- ${n} fuzz candidates from \`${command}\`: awaiting review (README, promoting a candidate) ----`;
    const candidates = own.map((file) => `${appendInto(target, file, comment(file.vectors.length))} (${file.vectors.length} appended)`);
    return { dir, candidates, log };
  }
  // <dir>/candidates is a corpus root: `run --vectors <dir>/candidates` runs the candidates as they are.
  const candidates = files.map((file) => {
    mkdirSync(join(dir, "candidates", file.suite), { recursive: true });
    const path = join(dir, "candidates", file.suite, "fuzz-candidates.yaml");
    writeFileSync(path, vectorFileYaml(file));
    return path;
  });
  return { dir, candidates, log };
}

async function replay(op: string, seed: number, path: string, implementations: readonly Implementation[]): Promise<number> {
  let input: Record<string, unknown>;
  try {
    input = replayInput(ARBITRARIES[op]!, seed, path);
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
