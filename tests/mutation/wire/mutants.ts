/**
 * The mutants of the reference's live roles (adapters/reference/{computer,server,agent}), made by
 * Stryker's own instrumenter: the same operators, spans and replacements as the data rules' score
 * (npm run mutation), so the two scores count the same kind of mutant. The instrumenter comes with
 * @stryker-mutator/core, which pins it to its own version.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Logger } from "@stryker-mutator/api/logging";
import { Instrumenter } from "@stryker-mutator/instrumenter";
import { mutantKey } from "../summary.ts";
import { type Span, sliceSpan } from "./apply.ts";
import type { WireRole } from "./roles.ts";

/** One mutant: where (1-based lines and columns, like Stryker's JSON report), what operator, what text becomes what. */
export interface WireMutant {
  /** The key the triage names it by: the data rules' format (tests/mutation/summary.ts, mutantKey). */
  readonly key: string;
  readonly file: string;
  readonly role: WireRole;
  readonly operator: string;
  readonly span: Span;
  readonly original: string;
  readonly replacement: string;
}

/** Stryker logs through this; the campaign prints its own progress, so only warnings pass. */
const quiet: Logger = {
  isTraceEnabled: () => false,
  isDebugEnabled: () => false,
  isInfoEnabled: () => false,
  isWarnEnabled: () => true,
  isErrorEnabled: () => true,
  isFatalEnabled: () => true,
  trace: () => {},
  debug: () => {},
  info: () => {},
  warn: (message, ...args) => process.stderr.write(`stryker instrumenter: ${message} ${args.join(" ")}\n`),
  error: (message, ...args) => process.stderr.write(`stryker instrumenter: ${message} ${args.join(" ")}\n`),
  fatal: (message, ...args) => process.stderr.write(`stryker instrumenter: ${message} ${args.join(" ")}\n`),
};

/** Every mutant of the given files (relative to root), in the instrumenter's order; ignored ones (a Stryker disable comment) left out. */
export async function enumerateMutants(root: string, files: readonly { file: string; role: WireRole }[]): Promise<WireMutant[]> {
  const sources = new Map(files.map(({ file }) => [file, readFileSync(join(root, file), "utf8")]));
  const roles = new Map(files.map(({ file, role }) => [file, role]));
  const result = await new Instrumenter(quiet).instrument(
    files.map(({ file }) => ({ name: file, content: sources.get(file)!, mutate: true })),
    { plugins: null, excludedMutations: [], ignorers: [] },
  );
  return result.mutants
    .filter((m) => m.status !== "Ignored")
    .map((m) => {
      // The instrumenter's API counts lines and columns from 0; Stryker's report (and the triage keys) from 1.
      const span: Span = {
        start: { line: m.location.start.line + 1, column: m.location.start.column + 1 },
        end: { line: m.location.end.line + 1, column: m.location.end.column + 1 },
      };
      const source = sources.get(m.fileName)!;
      return {
        key: mutantKey(m.fileName, { mutatorName: m.mutatorName, replacement: m.replacement, location: span, status: "Pending" }),
        file: m.fileName,
        role: roles.get(m.fileName)!,
        operator: m.mutatorName,
        span,
        original: sliceSpan(source, span),
        replacement: m.replacement,
      };
    });
}
