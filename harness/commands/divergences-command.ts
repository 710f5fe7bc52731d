/**
 * `smcp-conformance divergences`: the catalogue the protocol's and SDKs' maintainers read first
 * (README, "Divergence catalogue"). Answers come from a report; which vectors, statements and
 * spec-silent mutation survivors there are comes from the kit as it is now.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { loadCorpus } from "../corpus/load-corpus.ts";
import { KIT_ROOT } from "../model/kit-files.ts";
import { divergenceCatalogue, type SpecSilentSurvivor } from "../report/divergences.ts";
import { renderDivergencesMarkdown } from "../report/divergences-markdown.ts";
import { UsageError } from "../util/usage-error.ts";
import { EXIT } from "./exit-code.ts";
import { readReportFile } from "./read-report.ts";

export interface DivergencesOptions {
  readonly report?: string;
  readonly out: string;
  readonly vectors: string[];
  readonly json?: boolean;
}

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
  const latest = join(options.out, "latest", "report.json");
  const reportPath = options.report ?? (existsSync(latest) ? latest : undefined);
  if (reportPath === undefined) throw new UsageError(`divergences needs a report: run first, or name one with --report (no ${latest})`);
  const report = readReportFile(reportPath);
  const corpus = loadCorpus({ extraRoots: options.vectors });
  const catalogue = divergenceCatalogue({
    report,
    vectors: corpus.suites.flatMap((s) => s.vectors),
    requirements: corpus.requirements,
    survivors: readSpecSilent(),
    reportPath,
  });
  process.stdout.write(options.json ? `${JSON.stringify(catalogue, null, 2)}\n` : renderDivergencesMarkdown(catalogue));
  return EXIT.ok;
}
