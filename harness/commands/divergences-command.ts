/**
 * `smcp-conformance divergences`: the catalogue the protocol's and SDKs' maintainers read first
 * (README, "Divergence catalogue"). Answers come from a report; which vectors, statements and
 * spec-silent mutation survivors there are comes from the kit as it is now. It writes
 * divergences.md and divergences.html (into the run folder it read, or --out) and prints a
 * one-screen summary; --markdown or --json print the catalogue to stdout instead.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parse } from "yaml";
import { loadCorpus } from "../corpus/load-corpus.ts";
import { KIT_ROOT } from "../model/kit-files.ts";
import { partialRunNote } from "../report/coverage-text.ts";
import { divergenceCatalogue, type SpecSilentSurvivor } from "../report/divergences.ts";
import { filterCatalogue, parseKinds } from "../report/divergences-filter.ts";
import { renderDivergencesHtml } from "../report/divergences-html.ts";
import { renderDivergencesMarkdown } from "../report/divergences-markdown.ts";
import { divergencesSummary } from "../report/divergences-text.ts";
import { terminalSafe } from "../util/terminal-text.ts";
import { UsageError } from "../util/usage-error.ts";
import { writeFileChecked } from "../util/write-checked.ts";
import { EXIT } from "./exit-code.ts";
import { readReportFile } from "./read-report.ts";

export interface DivergencesOptions {
  readonly report?: string;
  /** Without --report: where run folders are (default reports), read from and written to <out>/latest. With it: where the files go (default: beside the report). */
  readonly out?: string;
  readonly vectors: string[];
  /** Print the catalogue as JSON to stdout, and write no file. */
  readonly json?: boolean;
  /** Print the catalogue as Markdown to stdout, and write no file. */
  readonly markdown?: boolean;
  /** Comma-separated implementations or families. */
  readonly sdk?: string;
  readonly section?: string;
  /** Comma-separated kinds (divergences-filter.ts). */
  readonly kind?: string;
}

/** The default reports folder, as `run --out` has it. */
const DEFAULT_OUT = "reports";

/** The mutation triage (tests/mutation/triage/, in a clone of the kit; an installed kit has none). */
export const TRIAGE_DIR = join(KIT_ROOT, "tests", "mutation", "triage");

export function readSpecSilent(dir = TRIAGE_DIR): SpecSilentSurvivor[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".yaml"))
    .sort()
    .flatMap((f) => {
      const data = parse(readFileSync(join(dir, f), "utf8")) as { survivors?: Array<{ mutant: string; triage: string; reason?: string }> };
      return (data.survivors ?? []).filter((s) => s.triage === "spec silent").map((s) => ({ mutant: s.mutant, reason: s.reason ?? "" }));
    });
}

export function divergencesCommand(options: DivergencesOptions): number {
  if (options.json && options.markdown) throw new UsageError("divergences: --json and --markdown both print the catalogue; choose one");
  const latest = join(options.out ?? DEFAULT_OUT, "latest", "report.json");
  const reportPath = options.report ?? (existsSync(latest) ? latest : undefined);
  if (reportPath === undefined) throw new UsageError(`divergences needs a report: run first, or name one with --report (no ${latest})`);
  const kind = parseKinds(options.kind);
  const sdk = options.sdk
    ?.split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  const report = readReportFile(reportPath);
  const corpus = loadCorpus({ extraRoots: options.vectors });
  const catalogue = filterCatalogue(
    divergenceCatalogue({
      report,
      vectors: corpus.suites.flatMap((s) => s.vectors),
      requirements: corpus.requirements,
      survivors: readSpecSilent(),
      reportPath,
    }),
    { ...(sdk ? { sdk } : {}), ...(options.section !== undefined ? { section: options.section } : {}), ...(kind ? { kind } : {}) },
  );
  // A selection's catalogue holds only what ran (an interop-only report has no disagreement to show): said as coverage says it.
  const partial = partialRunNote(reportPath, report, corpus.suites);
  if (partial) process.stderr.write(`${terminalSafe(partial)}\n`);
  if (options.json) {
    process.stdout.write(`${JSON.stringify(catalogue, null, 2)}\n`);
    return EXIT.ok;
  }
  if (options.markdown) {
    process.stdout.write(renderDivergencesMarkdown(catalogue));
    return EXIT.ok;
  }
  // Into the run folder the answers came from, unless --out names another (with --report).
  const dir = options.report !== undefined && options.out !== undefined ? options.out : dirname(reportPath);
  mkdirSync(dir, { recursive: true });
  const written = [
    { file: join(dir, "divergences.md"), text: renderDivergencesMarkdown(catalogue) },
    { file: join(dir, "divergences.html"), text: renderDivergencesHtml(catalogue) },
  ];
  for (const w of written) writeFileChecked(w.file, w.text);
  process.stdout.write(
    terminalSafe(
      divergencesSummary(
        catalogue,
        written.map((w) => w.file),
      ),
    ),
  );
  return EXIT.ok;
}
