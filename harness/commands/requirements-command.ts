/**
 * `smcp-conformance requirements [words…]`: the requirement ids of vectors/_spec/ found by words,
 * page or section, each with its level, its testability and span, its text in the index (the
 * summary, and the file and line it is indexed at) and the vectors that cover it. What an author
 * looks up to write `covers:` without grepping the index.
 */
import { closestSections, type FoundRequirement, findRequirements, pagesOf } from "../corpus/find-requirements.ts";
import { loadCorpus } from "../corpus/load-corpus.ts";
import { describeSpan } from "../model/protocols.ts";
import { isMust } from "../model/requirement.ts";
import { plural } from "../util/plural.ts";
import { terminalSafe } from "../util/terminal-text.ts";
import { EXIT } from "./exit-code.ts";
import { checkProtocol } from "./options.ts";

export interface RequirementsOptions {
  readonly page?: string;
  readonly section?: string;
  readonly uncovered?: boolean;
  readonly protocol?: string;
  readonly vectors: string[];
  readonly json?: boolean;
  /** Vector ids shown per statement before "+N more" (--all shows every one). */
  readonly all?: boolean;
}

const SHOWN_VECTORS = 3;

export function requirementsCommand(words: readonly string[], options: RequirementsOptions): number {
  checkProtocol(options.protocol, "requirement sets");
  const corpus = loadCorpus({ extraRoots: options.vectors });
  const query = {
    words,
    ...(options.page !== undefined ? { page: options.page } : {}),
    ...(options.section !== undefined ? { section: options.section } : {}),
    ...(options.uncovered ? { uncovered: true } : {}),
    ...(options.protocol !== undefined ? { protocol: options.protocol } : {}),
  };
  const found = findRequirements(corpus, query);
  if (options.json) {
    process.stdout.write(`${JSON.stringify(found.map(asJson), null, 2)}\n`);
    return EXIT.ok;
  }
  const lines = found.flatMap((f) => entryLines(f, options.all === true));
  lines.push(closingLine(found, words, options));
  if (found.length === 0 && options.section !== undefined) {
    const near = closestSections(corpus.requirements.values(), options.section, options.page);
    if (near.length > 0) lines.push(`sections that come close: ${near.map((s) => `"${s}"`).join(", ")}`);
  }
  if (found.length === 0 && words.length > 0 && options.page === undefined && options.section === undefined)
    lines.push(`pages: ${pagesOf(corpus.requirements.values()).join(", ")} (--page narrows, --section matches a heading)`);
  process.stdout.write(terminalSafe(`${lines.join("\n")}\n`));
  return EXIT.ok;
}

function asJson(f: FoundRequirement) {
  const r = f.requirement;
  return {
    id: r.id,
    page: r.page,
    section: r.section,
    level: r.level,
    testability: r.testability,
    since: r.since,
    ...(r.until !== undefined ? { until: r.until } : {}),
    summary: r.summary,
    ...(r.note !== undefined ? { note: r.note } : {}),
    index: { file: r.text.file, line: r.text.line, protocol: r.text.protocol },
    covered_by: f.covered_by,
    near_of: f.near_of,
  };
}

/** Four lines a statement: id, level, testability, span; the summary; section and where it is indexed; what covers it. */
function entryLines(f: FoundRequirement, all: boolean): string[] {
  const r = f.requirement;
  const covered =
    f.covered_by.length === 0
      ? r.testability === "untestable"
        ? "covered by: none (untestable)"
        : "covered by: none"
      : `covered by: ${shown(f.covered_by, all)}`;
  const near = f.near_of.length > 0 ? `; near of: ${shown(f.near_of, all)}` : "";
  return [
    `${r.id}  ${r.level}  ${r.testability}  ${describeSpan(r)}`,
    `  ${r.summary}`,
    `  § ${r.section} · ${r.text.file}:${r.text.line}`,
    `  ${covered}${near}`,
  ];
}

function shown(ids: readonly string[], all: boolean): string {
  if (all || ids.length <= SHOWN_VECTORS) return ids.join(", ");
  return `${ids.slice(0, SHOWN_VECTORS).join(", ")} (+${ids.length - SHOWN_VECTORS} more, --all lists them)`;
}

/** "7 statements match cancel (page error-handling): 4 covered, 3 not (2 of them MUSTs a vector could check)" */
function closingLine(found: readonly FoundRequirement[], words: readonly string[], options: RequirementsOptions): string {
  const what = [
    ...(words.length > 0 ? [`"${words.join(" ")}"`] : []),
    ...(options.page !== undefined ? [`page ${options.page}`] : []),
    ...(options.section !== undefined ? [`section "${options.section}"`] : []),
    ...(options.protocol !== undefined ? [`at protocol ${options.protocol}`] : []),
    ...(options.uncovered ? ["not covered"] : []),
  ];
  const head = `${plural(found.length, "statement")} ${what.length > 0 ? `${found.length === 1 ? "matches" : "match"} ${what.join(", ")}` : "in the index"}`;
  if (found.length === 0) return head;
  const uncovered = found.filter((f) => f.covered_by.length === 0);
  const open = uncovered.filter((f) => isMust(f.requirement.level) && f.requirement.testability !== "untestable");
  const could = open.length > 0 ? ` (${plural(open.length, "MUST")} a vector could check)` : "";
  return options.uncovered ? `${head}${could}` : `${head}: ${found.length - uncovered.length} covered, ${uncovered.length} not${could}`;
}
