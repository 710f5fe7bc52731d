/**
 * The parts of a report its verdict depends on that are not cases: the schema version, the
 * corpus, the run's settings and the implementations it selected, and the expectations records.
 * A report with `schema_version: 99`, `corpus: null`, an implementation deleted whole or an
 * expectations record naming no file passed the audit; each is now a disagreement.
 */
import { existsSync } from "node:fs";
import { type ParsedReport, REPORT_SCHEMA_VERSION } from "../model/report.ts";

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === "string");

export function checkFrame(report: ParsedReport, problems: string[]): void {
  if (report.schema_version !== REPORT_SCHEMA_VERSION)
    problems.push(
      `schema_version ${JSON.stringify(report.schema_version)}: this kit writes and reads reports of schema ${REPORT_SCHEMA_VERSION}`,
    );
  checkCorpus(report, problems);
  checkRun(report, problems);
  for (const impl of report.implementations) {
    const record = impl.expectations;
    if (record === undefined) continue;
    if (typeof record.file !== "string" || record.file === "") {
      problems.push(`${impl.name}: the expectations record names no file`);
      continue;
    }
    const carried = report.cases.some((c) => c.implementation === impl.name && c.gap !== undefined);
    if (carried && !existsSync(record.file))
      problems.push(
        `${impl.name}: its cases carry gaps from ${record.file}, which does not exist: gaps that cannot be checked against their file are not known gaps`,
      );
  }
}

function checkCorpus(report: ParsedReport, problems: string[]): void {
  const corpus = report.corpus as ParsedReport["corpus"] | null | undefined;
  if (typeof corpus !== "object" || corpus === null || !isStringList(corpus.roots) || !Array.isArray(corpus.suites)) {
    problems.push(`corpus: ${JSON.stringify(corpus ?? null)} is not a corpus record (its roots and suites): the vectors cannot be traced`);
    return;
  }
  for (const s of corpus.suites) {
    const listed = report.vectors.filter((v) => v.suite === s?.name).length;
    if (s?.vectors !== listed) problems.push(`corpus: suite ${s?.name} counts ${s?.vectors} vectors but the report lists ${listed}`);
  }
  const named = new Set(corpus.suites.map((s) => s?.name));
  for (const suite of new Set(report.vectors.map((v) => v.suite)))
    if (!named.has(suite)) problems.push(`corpus: the report's vectors of suite ${suite} belong to no suite of its corpus record`);
}

function checkRun(report: ParsedReport, problems: string[]): void {
  const run = report.run;
  if (run === undefined) return; // a report of an older kit
  for (const flag of ["strict_protocol", "allow_empty"] as const)
    if (typeof run[flag] !== "boolean") problems.push(`run.${flag} is ${JSON.stringify(run[flag] ?? null)}, not true or false`);
  if (!isStringList(run.implementations)) {
    problems.push("run.implementations is not a list of names");
    return;
  }
  const recorded = report.implementations.map((i) => i.name);
  const selected = run.implementations;
  // older_releases lets an all-not-applicable release pass: only a versioned name the run selected may be in it.
  if (run.older_releases !== undefined) {
    if (!isStringList(run.older_releases)) problems.push("run.older_releases is not a list of names");
    else
      for (const name of run.older_releases)
        if (!selected.includes(name) || !name.includes("@"))
          problems.push(`run.older_releases names ${JSON.stringify(name)}, which is no older release the run selected`);
  }
  if (selected.join("\u0000") !== recorded.join("\u0000"))
    problems.push(
      `the run selected ${selected.join(", ") || "none"}, the report records ${recorded.join(", ") || "none"}: ${
        selected.filter((n) => !recorded.includes(n)).length > 0
          ? `${selected.filter((n) => !recorded.includes(n)).join(", ")} deleted from the report`
          : "the implementations were edited"
      }`,
    );
}
