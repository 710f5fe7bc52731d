/**
 * The stability check (issue 41, item 4): the same run quiet, then with CPU-bound processes beside
 * it; every case's status must be the same. A verdict that changes with the machine's load is the
 * kit's fault, unless the implementation's expectations list the case `intermittent` with a reason
 * (an SDK race). Prints each run's exit code and wall time, then every case whose status differs,
 * with what each run's case said (its detail, its first attempt when it was retried); exit 1 when
 * an unlisted case differs or a loaded run ends with another exit code than the quiet one. A case
 * that passed in one run and was flaky in the other (failed, then passed retried alone) ended as a
 * pass in both: it is printed, not counted.
 *
 * `--quiet-report PATH` takes the quiet run from a report already made with the same run options
 * (CI's main job, which runs more suites, on the same machine just before): only the suites the
 * loaded runs cover are compared, and its verdict stands for the quiet exit code (0 pass, 1 fail).
 * That saves one whole live run.
 *
 *   node --import tsx scripts/stability.ts [--loaded-runs N] [--burners K] [--out DIR] [--quiet-report PATH] -- <run options>
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

interface CaseLike {
  readonly vector_id: string;
  readonly suite: string;
  readonly implementation: string;
  readonly status: string;
  readonly note?: string;
  readonly diffs?: ReadonlyArray<{ readonly path: string; readonly expected?: unknown; readonly actual?: unknown }>;
  readonly gap?: { readonly intermittent?: string };
  readonly first_attempt?: { readonly status: string; readonly note?: string };
  readonly transcript?: { readonly transport?: { readonly case_id: string }; readonly wire?: { readonly case_id: string } };
}

interface Run {
  readonly name: string;
  readonly code: number | null;
  readonly seconds: number;
  readonly cases: ReadonlyMap<string, CaseLike>;
}

const split = process.argv.indexOf("--");
const own = split === -1 ? process.argv.slice(2) : process.argv.slice(2, split);
const runArgs = split === -1 ? [] : process.argv.slice(split + 1);
const { values } = parseArgs({
  args: own,
  options: {
    "loaded-runs": { type: "string", default: "1" },
    burners: { type: "string", default: "2" },
    out: { type: "string" },
    "quiet-report": { type: "string" },
  },
});
const loadedRuns = Number(values["loaded-runs"]);
const burnerCount = Number(values.burners);
if (!Number.isInteger(loadedRuns) || loadedRuns < 1 || !Number.isInteger(burnerCount) || burnerCount < 0) {
  process.stderr.write("stability: --loaded-runs must be an integer ≥ 1 and --burners an integer ≥ 0\n");
  process.exit(2);
}
const out = resolve(values.out ?? mkdtempSync(join(tmpdir(), "smcp-stability-")));
const cli = resolve(import.meta.dirname, "../bin/smcp-conformance.js");

/** The quiet run read from a report made before, kept to the suites of `only`'s cases. */
function quietFromReport(path: string, only: Run): Run {
  const report = JSON.parse(readFileSync(path, "utf8")) as { cases: CaseLike[]; verdict: { status: string } };
  const suites = new Set([...only.cases.values()].map((c) => c.suite));
  const kept = report.cases.filter((c) => suites.has(c.suite));
  const cases = new Map(kept.map((c) => [`${c.implementation} ${c.vector_id}`, c] as const));
  const code = report.verdict.status === "pass" ? 0 : 1;
  console.log(`stability: quiet: taken from ${path}: verdict ${code === 0 ? "pass" : "fail"}, ${cases.size} cases of the suites compared`);
  return { name: "quiet", code, seconds: 0, cases };
}

function runOnce(name: string): Run {
  const dir = join(out, name);
  const started = process.hrtime.bigint();
  const child = spawnSync(process.execPath, [cli, "run", ...runArgs, "--out", dir, "--quiet"], { stdio: ["ignore", "inherit", "inherit"] });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const report = JSON.parse(readFileSync(join(dir, "latest", "report.json"), "utf8")) as { cases: CaseLike[] };
  const cases = new Map(report.cases.map((c) => [`${c.implementation} ${c.vector_id}`, c] as const));
  console.log(`stability: ${name}: exit ${child.status}, ${seconds.toFixed(1)} s, ${cases.size} cases (${dir}/latest/report.json)`);
  return { name, code: child.status, seconds, cases };
}

/** Busy loops beside the run, as on a shared CI runner: the shell's own, so nothing but CPU is taken. */
function startBurners(): ChildProcess[] {
  return Array.from({ length: burnerCount }, () => spawn("sh", ["-c", "while :; do :; done"], { stdio: "ignore" }));
}

/** A case's verdict: a flaky case (failed, then passed when retried alone) counts as the pass it ended as. */
function verdictOf(c: CaseLike | undefined): string | undefined {
  return c?.status === "flaky" ? "pass" : c?.status;
}

function said(c: CaseLike | undefined): string {
  if (!c) return "no case";
  const detail =
    c.note ?? (c.diffs ?? []).map((d) => `${d.path}: expected ${JSON.stringify(d.expected)}, got ${JSON.stringify(d.actual)}`).join("; ");
  const first = c.first_attempt ? ` [first attempt ${c.first_attempt.status}: ${c.first_attempt.note ?? "value differences"}]` : "";
  const scene = c.transcript?.transport?.case_id ?? c.transcript?.wire?.case_id;
  return `${c.status}${detail ? `: ${detail}` : ""}${first}${scene ? ` (scene ${scene})` : ""}`;
}

const quietReport = values["quiet-report"];
let quiet: Run | undefined = quietReport === undefined ? runOnce("quiet") : undefined;
const loaded: Run[] = [];
for (let i = 1; i <= loadedRuns; i++) {
  const burners = startBurners();
  try {
    loaded.push(runOnce(`loaded-${i}`));
  } finally {
    for (const b of burners) b.kill("SIGKILL");
  }
}

quiet ??= quietFromReport(resolve(quietReport!), loaded[0]!);
let unexplained = 0;
for (const run of loaded) {
  const keys = new Set([...quiet.cases.keys(), ...run.cases.keys()]);
  let differing = 0;
  let listed = 0;
  for (const key of [...keys].sort()) {
    const a = quiet.cases.get(key);
    const b = run.cases.get(key);
    if (a?.status === b?.status) continue;
    // A flaky case passed when retried alone: its verdict is a pass in both runs. That its first
    // attempt failed under load is printed, not counted (the report says so too).
    if (verdictOf(a) === "pass" && verdictOf(b) === "pass") {
      console.log(`  passed in both, flaky in one ${key}`);
      console.log(`      quiet:  ${said(a)}`);
      console.log(`      ${run.name}: ${said(b)}`);
      continue;
    }
    const intermittent = a?.gap?.intermittent ?? b?.gap?.intermittent;
    if (intermittent !== undefined) listed++;
    else differing++;
    console.log(`${intermittent !== undefined ? "  listed intermittent" : "  DIFFERS"} ${key}`);
    console.log(`      quiet:  ${said(a)}`);
    console.log(`      ${run.name}: ${said(b)}`);
  }
  const codeDiffers = run.code !== quiet.code;
  console.log(
    `stability: ${run.name} against quiet: ${differing} cases whose status differs, ${listed} more listed intermittent; exit ${run.code} (quiet ${quiet.code}); ${run.seconds.toFixed(1)} s (quiet ${quietReport === undefined ? `${quiet.seconds.toFixed(1)} s` : "from a report"})`,
  );
  unexplained += differing + (codeDiffers ? 1 : 0);
}
process.exit(unexplained === 0 ? 0 : 1);
