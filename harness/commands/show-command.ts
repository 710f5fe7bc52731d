/** `smcp-conformance show <id>`: one vector as the kit reads it, with each implementation's answer from `<out>/latest`. */
import { existsSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { loadCorpus } from "../corpus/load-corpus.ts";
import { evidenceBehind } from "../diff/evidence-behind.ts";
import { describeDifferences } from "../diff/story.ts";
import { transportRecord } from "../live/evidence.ts";
import { KIT_ROOT } from "../model/kit-files.ts";
import type { CaseRecord } from "../model/report.ts";
import { httpExchangeLines } from "../transport/index.ts";
import { closest } from "../util/did-you-mean.ts";
import { terminalSafe } from "../util/terminal-text.ts";
import { UsageError } from "../util/usage-error.ts";
import { EXIT } from "./exit-code.ts";
import { readReportFile } from "./read-report.ts";

/** A body is shown up to this many characters (report.json holds what the case kept). */
const SHOWN_BODY_CHARS = 2000;
/** The packets or bodies behind a difference are shown up to this many lines each. */
const EVIDENCE_LINES = 200;

export interface ShowOptions {
  readonly out: string;
  readonly vectors: string[];
  readonly json?: boolean;
}

/** A case's answer in one line: the output or the error, else the fault. */
function answerText(c: CaseRecord): string {
  const r = c.result;
  if (r.kind === "ok") return `output ${JSON.stringify(r.output)}`;
  if (r.kind === "error") return `error ${r.error.reason}: ${r.error.message}`;
  return `${r.kind}${"message" in r && r.message ? `: ${r.message}` : ""}`;
}

/**
 * A vector's file as a reader finds it without this machine's folders: relative to the kit
 * (`vectors/tlv/utf8.yaml`) for the kit's corpus, else below the extra corpus folder as it was given.
 */
export function shownVectorFile(file: string, extraRoots: readonly string[] = [], kitRoot = KIT_ROOT): string {
  const below = (root: string) => {
    const rel = relative(resolve(root), file);
    return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel : undefined;
  };
  for (const root of extraRoots) {
    const rel = below(root);
    if (rel !== undefined) return join(root, rel);
  }
  return below(kitRoot) ?? file;
}

export function showCommand(id: string, options: ShowOptions): number {
  const corpus = loadCorpus({ extraRoots: options.vectors });
  const all = corpus.suites.flatMap((s) => s.vectors);
  const vector = all.find((v) => v.id === id);
  if (!vector) {
    const ids = all.map((v) => v.id);
    const near = [...new Set([...ids.filter((v) => v.includes(id)).slice(0, 3), ...closest(id, ids)])].slice(0, 4);
    throw new UsageError(
      `show: no vector "${id}"${near.length ? `; did you mean ${near.map((n) => `"${n}"`).join(" or ")}?` : ""} (smcp-conformance list shows every id)`,
    );
  }
  const path = join(options.out, "latest", "report.json");
  const report = existsSync(path) ? readReportFile(path) : undefined;
  const cases = report?.cases.filter((c) => c.vector_id === id) ?? [];
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ vector, report: report ? path : null, cases })}\n`);
    return EXIT.ok;
  }
  const out: string[] = [
    `${vector.id}  (${vector.tier}, ${vector.op}, ${vector.suite})`,
    `  ${vector.description}`,
    `  spec: ${vector.spec.file} ${vector.spec.section}${vector.spec.note ? ` (${vector.spec.note})` : ""}`,
    `  file: ${shownVectorFile(vector.source.file, options.vectors)}:${vector.source.line}`,
    `  protocol: ${vector.since}${vector.until ? ` to ${vector.until}` : " and later"}`,
    `  input: ${JSON.stringify(vector.input)}`,
    vector.expected_error
      ? `  expected: error ${vector.expected_error.reason}${vector.expected_error.details ? ` ${JSON.stringify(vector.expected_error.details)}` : ""}`
      : vector.tier === "observe"
        ? "  expected: nothing (observe tier: answers are compared across implementations only)"
        : `  expected: ${JSON.stringify(vector.expected)}`,
    "",
  ];
  if (!report) out.push(`answers: none (no earlier run in ${options.out}/latest)`);
  else if (cases.length === 0) out.push(`answers: the last run (${report.run_id}) did not select this vector`);
  else {
    out.push(`answers in the last run (${report.run_id}, ${path}):`);
    for (const c of cases) {
      const changed = c.content_hash !== vector.content_hash ? " [the vector changed since this run]" : "";
      out.push(`  ${c.implementation}: ${c.status.toUpperCase()}${changed}  ${answerText(c)}`);
      // A wire case: what the kit recorded says more than the adapter's own answer.
      if (c.compared !== undefined) out.push(`      recorded: ${JSON.stringify(c.compared)}`);
      // A transport case: the HTTP exchanges its server recorded, headers and bodies.
      const live = transportRecord(c.transcript);
      if (live?.exchanges) out.push(...httpExchangeLines(live, SHOWN_BODY_CHARS).map((l) => `      ${l}`));
      for (const text of describeDifferences(c.diffs, c.op)) out.push(`      ${text}`);
      const behind = c.status === "pass" ? [] : evidenceBehind(c, EVIDENCE_LINES);
      if (behind.length) out.push("      behind it:", ...behind.map((l) => `        ${l}`));
      if (c.note && !answerText(c).includes(c.note)) out.push(`      ${c.note}`);
      if (c.gap) out.push(`      known gap (${c.gap.status}): ${c.gap.reason}`);
    }
  }
  process.stdout.write(`${out.map((l) => terminalSafe(l.replace(/\n/g, " ⏎ "))).join("\n")}\n`);
  return EXIT.ok;
}
