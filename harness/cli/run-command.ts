/** `smcp-conformance run`: load and check the corpus, run it, print and write the report. */
import { loadCorpus } from "../corpus/load-corpus.ts";
import { selectVectors } from "../corpus/select.ts";
import { selectImplementations } from "../impl/registry.ts";
import { renderConsole } from "../report/console.ts";
import { writeReport } from "../report/write-report.ts";
import { runCorpus } from "../run/run-corpus.ts";
import { exitCodeFor } from "./exit-code.ts";

export interface RunOptions {
  readonly impl: string;
  readonly suite?: string;
  readonly filter?: string;
  readonly vectors: string[];
  readonly json?: boolean;
  readonly out: string;
}

function list(value: string | undefined): string[] {
  return (value ?? "").split(",").map((s) => s.trim()).filter(Boolean);
}

export async function runCommand(options: RunOptions): Promise<number> {
  const implementations = selectImplementations(list(options.impl));
  const corpus = loadCorpus({ extraRoots: options.vectors });
  const vectors = selectVectors(corpus, { suites: list(options.suite), ...(options.filter ? { filter: options.filter } : {}) });
  const report = await runCorpus({ corpus, vectors, implementations });
  const dir = writeReport(report, options.out);
  if (options.json) process.stdout.write(`${JSON.stringify({ report: `${dir}/report.json`, summary: report.summary })}\n`);
  else process.stdout.write(`${renderConsole(report)}\nreport: ${dir}/report.json\n`);
  return exitCodeFor(report.summary);
}
