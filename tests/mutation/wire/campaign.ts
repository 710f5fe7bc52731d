/**
 * `npm run mutation:wire`: a measured kill rate for the live suites (issue 43 item 5). Stryker's
 * instrumenter lists the mutants of the reference's Computer, Server and Agent; a fixed-seed sample
 * (sample.ts) is drawn from those that compile; each is written into a copy of the repository and
 * the live suites run against it through the copy's in-process reference. The record goes to
 * reports/mutation/wire/result.json after every mutant (an interrupted campaign keeps what ran).
 *
 *   node --import tsx tests/mutation/wire/campaign.ts [--size 110] [--seed wire-43] [--workers 2]
 *     [--timeout-ms 120000] [--budget-min 60] [--dry-run (print the sample, run nothing)]
 *
 * Exit 0 when the campaign ran (whatever the score), 2 when the unmutated baseline does not pass.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { applyMutant } from "./apply.ts";
import { compileChecker } from "./compiles.ts";
import { enumerateMutants, type WireMutant } from "./mutants.ts";
import { type CampaignResult, type MutantRecord, RESULT_DIR } from "./result.ts";
import { roleFiles, WIRE_ROLES } from "./roles.ts";
import { KILLERS, runKiller, runKillers, stopRuns } from "./run-suites.ts";
import { countBy, drawSample, sampleQuotas, shuffled } from "./sample.ts";
import { createWorkspace, type Workspace } from "./workspace.ts";

const { values } = parseArgs({
  options: {
    size: { type: "string", default: "110" },
    seed: { type: "string", default: "wire-43" },
    workers: { type: "string", default: "2" },
    "timeout-ms": { type: "string", default: "120000" },
    "budget-min": { type: "string", default: "60" },
    "dry-run": { type: "boolean", default: false },
  },
});
const size = Number(values.size);
const seed = values.seed;
const workers = Number(values.workers);
const timeoutMs = Number(values["timeout-ms"]);
const budgetMs = Number(values["budget-min"]) * 60_000;
const root = process.cwd();
const began = performance.now();
const say = (line: string) => process.stderr.write(`mutation:wire: ${line}\n`);

const files = WIRE_ROLES.flatMap((role) => roleFiles(root, role).map((file) => ({ file, role })));
const mutants = await enumerateMutants(root, files);
const source = new Map(files.map(({ file }) => [file, readFileSync(join(root, file), "utf8")]));
const check = compileChecker(root, [...source.keys()]);
const mutated = (m: WireMutant) => applyMutant(source.get(m.file)!, m);
const { drawn, skipped } = drawSample(mutants, size, seed, (m) => {
  const text = mutated(m);
  return text === source.get(m.file) ? "changes nothing" : check(m.file, text);
});
say(`${mutants.length} mutants in ${files.length} files; drew ${drawn.length} that compile (${skipped.length} met that do not)`);
if (values["dry-run"]) {
  for (const m of drawn) process.stdout.write(`${m.key}\n`);
  process.exit(0);
}

const scratch = mkdtempSync(join(tmpdir(), "wire-mutation-"));
const spaces: Workspace[] = Array.from({ length: workers }, (_, i) => createWorkspace(root, join(scratch, `w${i}`)));
const cleanUp = () => rmSync(scratch, { recursive: true, force: true });
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    stopRuns();
    cleanUp();
    process.exit(130);
  });

// Every killer must pass on the unmutated copy, or no mutant's failure would mean anything.
const baseline: Record<string, { outcome: string; duration_ms: number }> = {};
for (const killer of KILLERS) {
  const run = await runKiller(spaces[0]!.dir, killer, timeoutMs);
  baseline[killer.name] = { outcome: run.outcome, duration_ms: run.duration_ms };
  say(`baseline ${killer.name} (no mutant): ${run.outcome} in ${(run.duration_ms / 1000).toFixed(1)} s`);
  if (run.outcome !== "survived") {
    say(`the unmutated copy does not pass (${run.failing.join(", ") || run.detail}); no mutant run`);
    cleanUp();
    process.exit(2);
  }
}

const order = shuffled(drawn, `${seed}:run-order`);
const records: MutantRecord[] = [];
const notRun: string[] = [];
const population = countBy(mutants, (m) => m.file);
const resultOf = (): CampaignResult => ({
  generated_at: new Date().toISOString(),
  seed,
  size,
  workers,
  timeout_ms: timeoutMs,
  budget_ms: budgetMs,
  killers: KILLERS,
  population,
  quotas: sampleQuotas(mutants, size),
  baseline,
  not_compiling: skipped.map(({ mutant, why }) => ({ key: mutant.key, why })),
  mutants: records,
  not_run: notRun,
  wall_ms: Math.round(performance.now() - began),
});
mkdirSync(RESULT_DIR, { recursive: true });
const save = () => writeFileSync(join(RESULT_DIR, "result.json"), `${JSON.stringify(resultOf(), null, 2)}\n`);

let next = 0;
async function worker(space: Workspace): Promise<void> {
  for (let m = order[next++]; m !== undefined; m = order[next++]) {
    // A mutant is started only while the budget can still hold its box.
    if (performance.now() - began + timeoutMs > budgetMs) {
      notRun.push(m.key);
      continue;
    }
    const run = await space.withFile(m.file, mutated(m), () => runKillers(space.dir, timeoutMs));
    const { failing, flaky, detail, outcome, exit, duration_ms } = run;
    records.push({
      key: m.key,
      file: m.file,
      role: m.role,
      operator: m.operator,
      line: m.span.start.line,
      column: m.span.start.column,
      original: m.original,
      replacement: m.replacement,
      outcome,
      run: run.run,
      failing,
      flaky,
      exit,
      duration_ms,
      ...(detail ? { detail } : {}),
    });
    save();
    say(
      `${records.length}/${order.length} ${outcome} ${(duration_ms / 1000).toFixed(0)} s ${m.key}${failing.length ? ` (${failing[0]}…)` : ""}`,
    );
  }
}
await Promise.all(spaces.map(worker));
save();
cleanUp();
const count = (o: string) => records.filter((r) => r.outcome === o).length;
say(
  `${records.length} ran in ${((performance.now() - began) / 60_000).toFixed(1)} min: ${count("survived")} survived, ${records.length - count("survived")} killed (${count("killed_at_load")} at load, ${count("killed_by_error")} by error, ${count("timeout")} by timeout); ${notRun.length} not run; ${RESULT_DIR}/result.json`,
);
