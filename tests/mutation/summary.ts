/**
 * MUTATION.md from Stryker's JSON report (mutation-testing-report-schema) and the checked-in
 * triage (tests/mutation/triage/<source file>.yaml): the score per mutated file and overall, and
 * every survivor with its triage. A survivor is *equivalent* (no input can tell it from the original:
 * the reason says why), a *missing vector* (the vectors added for it are named) or *spec silent*
 * (only a reading the spec leaves open tells it apart: it stays in the denominator, because an
 * observe vector records it but cannot kill it). The target counts what the spec decides (issue 29):
 * killed / (valid − equivalent − spec silent) ≥ 90 % per file; the strict score
 * killed / (valid − equivalent) stays beside it, so the spec's silence is never hidden.
 */

/** The part of Stryker's report this reads. */
export interface StrykerReport {
  readonly files: Readonly<Record<string, { readonly mutants: readonly StrykerMutant[] }>>;
}

export interface StrykerMutant {
  readonly mutatorName: string;
  /** A mutant of module-level code: Stryker runs every test for it. */
  readonly static?: boolean;
  readonly testsCompleted?: number;
  readonly replacement?: string;
  readonly location: {
    readonly start: { readonly line: number; readonly column: number };
    readonly end: { readonly line: number; readonly column: number };
  };
  readonly status: string;
}

export type Triage =
  | { readonly mutant: string; readonly triage: "equivalent"; readonly reason: string }
  | { readonly mutant: string; readonly triage: "missing vector"; readonly vectors: readonly string[]; readonly reason?: string }
  | { readonly mutant: string; readonly triage: "spec silent"; readonly reason: string; readonly vectors?: readonly string[] };

/** A Stryker report and where it came from (the whole run, or a run of one file). */
export interface MeasuredReport {
  readonly source: string;
  readonly report: StrykerReport;
}

/**
 * The whole run with per-file runs laid over it, oldest first, so each file is scored by its newest
 * measurement. Adding vectors can only kill more mutants, so a file measured alone after the whole
 * run is measured against the newer corpus, and the other files' results stay true.
 */
export function overlayReports(
  base: MeasuredReport,
  newerPerFile: readonly MeasuredReport[],
): { readonly report: StrykerReport; readonly measuredBy: Readonly<Record<string, string>> } {
  const files: Record<string, StrykerReport["files"][string]> = { ...base.report.files };
  const measuredBy: Record<string, string> = Object.fromEntries(Object.keys(files).map((f) => [f, base.source]));
  for (const { source, report } of newerPerFile)
    for (const [file, entry] of Object.entries(report.files)) {
      files[file] = entry;
      measuredBy[file] = source;
    }
  return { report: { files }, measuredBy };
}

/** Statuses that count: a mutant that does not compile or was ignored says nothing about the corpus. */
const KILLED = new Set(["Killed", "Timeout"]);
const LIVE = new Set(["Survived", "NoCoverage"]);

export const TARGET = 0.9;

/**
 * A static mutant "survived" with no test completed: every test runs for a static mutant, so none
 * completing means the mutant breaks the module while it loads and the test file collects nothing.
 * Stryker's vitest runner scores that as survived; any use of the module fails, so it is killed.
 */
export function killedAtLoad(m: StrykerMutant): boolean {
  return m.status === "Survived" && m.static === true && m.testsCompleted === 0;
}

/** A stable key for a mutant across runs: file, span, mutator and replacement (two mutants may start at one place). */
export function mutantKey(file: string, m: StrykerMutant): string {
  const { start, end } = m.location;
  return `${file}:${start.line}:${start.column}-${end.line}:${end.column} ${m.mutatorName} ${JSON.stringify(m.replacement ?? "")}`;
}

export interface FileScore {
  readonly file: string;
  readonly valid: number;
  readonly killed: number;
  readonly survived: number;
  readonly equivalent: number;
  /** Survivors only a reading the spec leaves open can tell apart: still counted against the score. */
  readonly specSilent: number;
  /** killed / (valid − equivalent), the strict score; 1 when nothing is left to kill. */
  readonly score: number;
  /** killed / (valid − equivalent − spec silent): what the corpus kills of what the spec decides. The target. */
  readonly decidedScore: number;
}

export interface Survivor {
  readonly key: string;
  readonly status: string;
  readonly triage?: Triage;
}

export interface Summary {
  readonly files: readonly FileScore[];
  readonly total: FileScore;
  readonly survivors: readonly Survivor[];
  /** Missing-vector triages whose mutant is now killed: the vectors named did their job. */
  readonly killedByNewVectors: readonly Triage[];
  /** Triage entries naming no mutant of this report (the source moved on): to be removed. */
  readonly staleTriage: readonly Triage[];
}

function score(file: string, valid: number, killed: number, survived: number, equivalent: number, specSilent: number): FileScore {
  const denominator = valid - equivalent;
  const decided = denominator - specSilent;
  return {
    file,
    valid,
    killed,
    survived,
    equivalent,
    specSilent,
    score: denominator <= 0 ? 1 : killed / denominator,
    decidedScore: decided <= 0 ? 1 : killed / decided,
  };
}

export function summarise(report: StrykerReport, triage: readonly Triage[]): Summary {
  const byKey = new Map(triage.map((t) => [t.mutant, t]));
  const seen = new Set<string>();
  const files: FileScore[] = [];
  const survivors: Survivor[] = [];
  const killedByNewVectors: Triage[] = [];
  for (const [file, { mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
    let valid = 0;
    let killed = 0;
    let survived = 0;
    let equivalent = 0;
    let specSilent = 0;
    for (const m of mutants) {
      const key = mutantKey(file, m);
      const t = byKey.get(key);
      if (t) seen.add(key);
      if (KILLED.has(m.status) || killedAtLoad(m)) {
        valid++;
        killed++;
        if (t?.triage === "missing vector") killedByNewVectors.push(t);
      } else if (LIVE.has(m.status)) {
        valid++;
        survived++;
        if (t?.triage === "equivalent") equivalent++;
        if (t?.triage === "spec silent") specSilent++;
        survivors.push(t ? { key, status: m.status, triage: t } : { key, status: m.status });
      }
    }
    files.push(score(file, valid, killed, survived, equivalent, specSilent));
  }
  const sum = (f: (s: FileScore) => number) => files.reduce((n, s) => n + f(s), 0);
  const total = score(
    "all files",
    sum((s) => s.valid),
    sum((s) => s.killed),
    sum((s) => s.survived),
    sum((s) => s.equivalent),
    sum((s) => s.specSilent),
  );
  const staleTriage = triage.filter((t) => !seen.has(t.mutant));
  return { files, total, survivors, killedByNewVectors, staleTriage };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** Files under the target, and survivors nobody triaged: what keeps the corpus from its goal. */
export function shortfalls(summary: Summary): string[] {
  return [
    ...summary.files
      .filter((f) => f.decidedScore < TARGET)
      .map((f) => `${f.file}: ${pct(f.decidedScore)} of the mutants the spec decides killed (target ${pct(TARGET)})`),
    ...summary.survivors.filter((s) => !s.triage).map((s) => `untriaged survivor: ${s.key}`),
  ];
}

export function renderMarkdown(summary: Summary, generated: string, measuredBy: Readonly<Record<string, string>> = {}): string {
  const row = (f: FileScore) =>
    `| ${f.file} | ${f.valid} | ${f.killed} | ${f.survived} | ${f.equivalent} | ${f.specSilent} | ${pct(f.valid ? f.killed / f.valid : 1)} | ${pct(f.score)} | ${pct(f.decidedScore)}${f.decidedScore < TARGET ? " ✗" : ""} |`;
  const survivorLine = (s: Survivor) => {
    const t = s.triage;
    const status = s.status === "NoCoverage" ? " (no coverage)" : "";
    if (!t) return `- \`${s.key}\`${status}: **untriaged**`;
    if (t.triage === "equivalent") return `- \`${s.key}\`${status}: equivalent: ${t.reason}`;
    if (t.triage === "spec silent")
      return `- \`${s.key}\`${status}: spec silent: ${t.reason}${t.vectors?.length ? ` (recorded by ${t.vectors.join(", ")})` : ""}`;
    return `- \`${s.key}\`${status}: missing vector, still surviving after ${t.vectors.join(", ")}${t.reason ? `: ${t.reason}` : ""}`;
  };
  const lines = [
    "# Mutation score of the corpus",
    "",
    `Generated by \`npm run mutation\` (${generated}) from Stryker's report over \`adapters/reference/src/\`,`,
    "with the corpus run through the reference as the only killer (tests/mutation/corpus-kills.mutation.ts).",
    "Triage lives in tests/mutation/triage/<source file>.yaml. *Spec-decided* = killed / (valid − equivalent − spec silent):",
    `what the corpus kills of what the spec decides; the target is ${pct(TARGET)} per file. *Spec silent* survivors`,
    "are told apart only by a reading the spec leaves open, so no checked vector may pin them; each is in the divergence",
    "catalogue (`smcp-conformance divergences`) as a question for the spec's maintainers. *Strict* = killed / (valid − equivalent)",
    "counts them against the corpus, and stays beside the target so the spec's silence is never hidden. *Raw* = killed / valid.",
    "Compile errors and ignored mutants are not counted. A static mutant under which no test completed broke its module",
    "at load: it counts as killed (Stryker's vitest runner says survived).",
    "",
    "| file | valid | killed | survived | equivalent | spec silent | raw | strict | spec-decided (target) |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...summary.files.map(row),
    row(summary.total).replace(/^\| all files/, "| **all files**"),
    "",
    `## Surviving mutants (${summary.survivors.length})`,
    "",
    ...(summary.survivors.length ? summary.survivors.map(survivorLine) : ["None."]),
    "",
    `## Killed by vectors added for them (${summary.killedByNewVectors.length})`,
    "",
    ...(summary.killedByNewVectors.length
      ? summary.killedByNewVectors.map((t) => `- \`${t.mutant}\`: ${t.triage === "missing vector" ? t.vectors.join(", ") : ""}`)
      : ["None."]),
    "",
  ];
  const sources = [...new Set(Object.values(measuredBy))];
  if (sources.length > 1)
    lines.push(
      "## Where each file's numbers come from",
      "",
      ...Object.entries(measuredBy)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([file, source]) => `- ${file}: ${source}`),
      "",
    );
  if (summary.staleTriage.length)
    lines.push(
      `## Triage entries matching no mutant (${summary.staleTriage.length})`,
      "",
      ...summary.staleTriage.map((t) => `- \`${t.mutant}\``),
      "",
    );
  return `${lines.join("\n")}`;
}
