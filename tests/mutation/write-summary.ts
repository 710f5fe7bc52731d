/**
 * `npm run mutation`, second step: MUTATION.md from Stryker's JSON report and the triage file.
 * Exit 0 when every file reaches the target and every survivor is triaged, 1 otherwise (the
 * shortfalls are printed), 2 when the report or the triage file cannot be read.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { parse } from "yaml";
import { renderMarkdown, type StrykerReport, shortfalls, summarise, type Triage } from "./summary.ts";

const REPORT = "reports/mutation/corpus/mutation.json";
const TRIAGE = "tests/mutation/triage.yaml";
const OUT = "MUTATION.md";

function fail(message: string): never {
  process.stderr.write(`write-summary: ${message}\n`);
  process.exit(2);
}

export function readTriage(file: string): Triage[] {
  if (!existsSync(file)) return [];
  const data = parse(readFileSync(file, "utf8")) as { survivors?: unknown } | null;
  const list = data?.survivors ?? [];
  if (!Array.isArray(list)) fail(`${file}: survivors must be a list`);
  return list.map((entry, i) => {
    const t = entry as Record<string, unknown>;
    const where = `${file}: survivors[${i}]`;
    if (typeof t.mutant !== "string") fail(`${where}: mutant must be a string`);
    if (t.triage === "equivalent") {
      if (typeof t.reason !== "string" || t.reason.trim() === "") fail(`${where} (${t.mutant}): an equivalent mutant needs a reason`);
      return { mutant: t.mutant, triage: "equivalent", reason: t.reason };
    }
    if (t.triage === "missing vector") {
      if (!Array.isArray(t.vectors) || t.vectors.length === 0 || !t.vectors.every((v) => typeof v === "string"))
        fail(`${where} (${t.mutant}): a missing vector needs the ids of the vectors added for it`);
      return {
        mutant: t.mutant,
        triage: "missing vector",
        vectors: t.vectors as string[],
        ...(typeof t.reason === "string" ? { reason: t.reason } : {}),
      };
    }
    return fail(`${where} (${t.mutant}): triage must be "equivalent" or "missing vector"`);
  });
}

if (!existsSync(REPORT)) fail(`${REPORT} not found: run \`npx stryker run\` first`);
let report: StrykerReport;
try {
  report = JSON.parse(readFileSync(REPORT, "utf8")) as StrykerReport;
} catch (e) {
  fail(`${REPORT}: ${(e as Error).message}`);
}
const summary = summarise(report, readTriage(TRIAGE));
writeFileSync(OUT, renderMarkdown(summary, new Date().toISOString().slice(0, 10)));
const t = summary.total;
process.stdout.write(
  `${OUT}: ${t.killed} of ${t.valid} valid mutants killed, ${t.equivalent} triaged equivalent: corpus score ${(t.score * 100).toFixed(1)} %\n`,
);
const short = shortfalls(summary);
for (const s of short) process.stdout.write(`  ${s}\n`);
process.exit(short.length ? 1 : 0);
