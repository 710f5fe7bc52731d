/**
 * `npm run mutation`, second step (and the last step of `npm run mutation:file`): MUTATION.md from
 * Stryker's JSON report of the whole run, the newer runs of single files laid over it, and the
 * triage files; the wire section at the end (tests/mutation/wire/write-section.ts) is kept. Exit 0 when every file reaches the target and every survivor is triaged, 1
 * otherwise (the shortfalls are printed), 2 when a report or a triage file cannot be read.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { type MeasuredReport, overlayReports, renderMarkdown, type StrykerReport, shortfalls, summarise, type Triage } from "./summary.ts";
import { WIRE_HEADING } from "./wire/section.ts";

const REPORT = "reports/mutation/corpus/mutation.json";
const PER_FILE_DIR = "reports/mutation/files";
const TRIAGE_DIR = "tests/mutation/triage";
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
    if (t.triage === "spec silent") {
      if (typeof t.reason !== "string" || t.reason.trim() === "")
        fail(`${where} (${t.mutant}): a spec-silent mutant needs a reason citing the spec`);
      const vectors = Array.isArray(t.vectors) && t.vectors.every((v) => typeof v === "string") ? (t.vectors as string[]) : undefined;
      return { mutant: t.mutant, triage: "spec silent", reason: t.reason, ...(vectors ? { vectors } : {}) };
    }
    return fail(`${where} (${t.mutant}): triage must be "equivalent", "missing vector" or "spec silent"`);
  });
}

function readReport(file: string, label: string): MeasuredReport & { readonly mtime: number } {
  try {
    const mtime = statSync(file).mtimeMs;
    const report = JSON.parse(readFileSync(file, "utf8")) as StrykerReport;
    if (typeof report?.files !== "object" || report.files === null) fail(`${file}: not a Stryker JSON report (no files)`);
    return { source: `${label} (${file}, ${new Date(mtime).toISOString().slice(0, 16)}Z)`, report, mtime };
  } catch (e) {
    return fail(`${file}: ${(e as Error).message}`);
  }
}

if (!existsSync(REPORT)) fail(`${REPORT} not found: run \`npx stryker run\` first`);
const whole = readReport(REPORT, "the whole run");
const perFile = existsSync(PER_FILE_DIR)
  ? readdirSync(PER_FILE_DIR)
      .filter((f) => f.endsWith(".json") && !f.endsWith(".config.json"))
      .map((f) => readReport(join(PER_FILE_DIR, f), "a later run that measured this file"))
      .filter((r) => r.mtime > whole.mtime)
      .sort((a, b) => a.mtime - b.mtime)
  : [];
const { report, measuredBy } = overlayReports(whole, perFile);
const triageFiles = existsSync(TRIAGE_DIR)
  ? readdirSync(TRIAGE_DIR)
      .filter((f) => f.endsWith(".yaml"))
      .sort()
  : [];
const summary = summarise(
  report,
  triageFiles.flatMap((f) => readTriage(join(TRIAGE_DIR, f))),
);
// The wire section (npm run mutation:wire) is the file's tail from its heading on: kept as it is.
const previous = existsSync(OUT) ? readFileSync(OUT, "utf8") : "";
const wireAt = previous.indexOf(WIRE_HEADING);
const wireSection = wireAt < 0 ? "" : `\n${previous.slice(wireAt)}`;
writeFileSync(OUT, renderMarkdown(summary, new Date().toISOString().slice(0, 10), measuredBy) + wireSection);
const t = summary.total;
process.stdout.write(
  `${OUT}: ${t.killed} of ${t.valid} valid mutants killed, ${t.equivalent} triaged equivalent, ${t.specSilent} spec silent: spec-decided ${(t.decidedScore * 100).toFixed(1)} % (the target), strict ${(t.score * 100).toFixed(1)} %\n`,
);
const short = shortfalls(summary);
for (const s of short) process.stdout.write(`  ${s}\n`);
process.exit(short.length ? 1 : 0);
