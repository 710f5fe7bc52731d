/**
 * Two runs compared case by case: the acceptance check of a change that must not move a verdict
 * (a refactor, a faster scene). For every case present in both reports (keyed by implementation and
 * vector id) it compares the status, the raw status (the verdict before expectations), the pinned
 * answer and the compared value; it prints the counts, then each case that differs with what each
 * run said. Cases in only one report are counted and listed (a filter that selected other suites is
 * not a difference). Interop cases (keyed by vector and the three roles) are compared the same way:
 * raw status, status and differences, read from either report model (before the interop case became
 * a case like any other it had `cell`, `known` and `stale`). Exit 1 when a case differs, 2 on bad input.
 *
 *   node --import tsx scripts/compare-cases.ts <before report.json or run dir> <after ...> [--suite a,b] [--impl x,y]
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual, parseArgs } from "node:util";

interface CaseLike {
  readonly vector_id: string;
  readonly suite: string;
  readonly implementation: string;
  readonly status: string;
  readonly raw_status?: string;
  readonly answer?: unknown;
  readonly compared?: unknown;
  readonly note?: string;
}

const FIELDS = ["status", "raw_status", "answer", "compared"] as const;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { suite: { type: "string" }, impl: { type: "string" }, quiet: { type: "boolean", default: false } },
});
if (positionals.length !== 2) {
  process.stderr.write("compare-cases: give two report.json files (or run folders holding latest/report.json)\n");
  process.exit(2);
}
const suites = values.suite ? new Set(values.suite.split(",")) : undefined;
const impls = values.impl ? new Set(values.impl.split(",")) : undefined;

function reportPath(given: string): string {
  if (!existsSync(given)) fail(`${given}: no such file or folder`);
  if (statSync(given).isFile()) return given;
  for (const candidate of [join(given, "report.json"), join(given, "latest", "report.json")]) if (existsSync(candidate)) return candidate;
  return fail(`${given}: holds neither report.json nor latest/report.json`);
}

function fail(message: string): never {
  process.stderr.write(`compare-cases: ${message}\n`);
  process.exit(2);
}

interface InteropLike {
  readonly vector_id: string;
  readonly agent: string;
  readonly server: string;
  readonly computer: string;
  readonly raw_status?: string;
  readonly status: string;
  readonly diffs?: unknown;
  readonly cell?: string;
  readonly known?: unknown;
  readonly stale?: unknown;
}

/** An interop case in the fields a case has, from either model. */
function asCase(c: InteropLike): CaseLike {
  const raw = c.raw_status ?? (c.cell === "hang" ? "timeout" : (c.cell ?? c.status));
  const status = c.raw_status !== undefined ? c.status : c.known ? "known_gap" : c.stale ? "stale" : raw;
  return {
    vector_id: c.vector_id,
    suite: c.vector_id.split("/")[0] ?? "",
    implementation: `interop ${c.agent} × ${c.server} × ${c.computer}`,
    status,
    raw_status: raw,
    compared: c.diffs,
  };
}

function load(given: string): Map<string, CaseLike> {
  const file = reportPath(given);
  let cases: CaseLike[];
  let interop: InteropLike[];
  try {
    const report = JSON.parse(readFileSync(file, "utf8")) as { cases: CaseLike[]; interop?: InteropLike[] };
    cases = report.cases;
    interop = report.interop ?? [];
  } catch (error) {
    return fail(`${file}: not a report (${(error as Error).message})`);
  }
  if (!Array.isArray(cases)) fail(`${file}: has no cases array`);
  const kept = [...cases, ...interop.map(asCase)].filter(
    (c) => (!suites || suites.has(c.suite)) && (!impls || c.implementation.split(/ × | /).some((name) => impls.has(name))),
  );
  return new Map(kept.map((c) => [`${c.implementation} ${c.vector_id}`, c] as const));
}

const before = load(positionals[0] as string);
const after = load(positionals[1] as string);
const onlyBefore = [...before.keys()].filter((k) => !after.has(k));
const onlyAfter = [...after.keys()].filter((k) => !before.has(k));
let same = 0;
const differing: string[] = [];
for (const [key, b] of before) {
  const a = after.get(key);
  if (!a) continue;
  const fields = FIELDS.filter((f) => !isDeepStrictEqual(b[f], a[f]));
  if (fields.length === 0) {
    same++;
    continue;
  }
  const said = (c: CaseLike) => fields.map((f) => `${f}=${JSON.stringify(c[f])?.slice(0, 160)}`).join(" ");
  differing.push(`  ${key}: ${fields.join(", ")}\n    before: ${said(b)}\n    after:  ${said(a)}`);
}
console.log(
  `compare-cases: ${same + differing.length} cases in both: ${same} the same, ${differing.length} different; ` +
    `${onlyBefore.length} only before, ${onlyAfter.length} only after`,
);
if (differing.length > 0) console.log(differing.join("\n"));
if (!values.quiet) {
  for (const key of onlyBefore.slice(0, 20)) console.log(`  only before: ${key}`);
  for (const key of onlyAfter.slice(0, 20)) console.log(`  only after: ${key}`);
}
process.exit(differing.length > 0 ? 1 : 0);
