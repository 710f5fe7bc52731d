/**
 * CI-friendly output under GitHub Actions: each failing case, and every other reason the run fails,
 * becomes an `::error` annotation, and the step summary leads with the conformance statement.
 * With `--json` the annotations go to stderr (the runner reads workflow commands on both streams),
 * so stdout stays one JSON document.
 *
 * An annotation is placed only on a file of the repository the job checked out (GitHub shows
 * nothing for a path outside it, such as the kit's corpus under the action's folder): the SDK's own
 * known-gaps file for an entry that is stale, names no vector, or is missing for a failing case;
 * otherwise it is a run-level annotation whose message links the vector in the kit's repository at
 * the kit's version (kitSource).
 */
import { appendFileSync, readFileSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { describeDifferences } from "../diff/story.ts";
import { casesWith } from "../model/case-list.ts";
import { staleReason } from "../model/gap-answer.ts";
import { KIT_ROOT } from "../model/kit-files.ts";
import type { Report } from "../model/report.ts";
import { FAILING_STATUSES } from "../model/status.ts";
import { neverStarted, runLevelFailures } from "../model/verdict.ts";
import { terminalSafe } from "../util/terminal-text.ts";
import { type Markup, md, mdCode, trusted } from "./escape.ts";
import { renderMarkdown, renderShortMarkdown } from "./markdown.ts";
import { roleLine, scopeWords, statementsOf, statementWho, tallyWords } from "./statement-text.ts";

/** Workflow-command escaping: %, CR and LF in data; also : and , in properties; other controls shown as escapes. */
function escapeData(text: string): string {
  return terminalSafe(text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A"));
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/** `path` relative to `root` when it lies inside it; undefined outside (or when it is the root itself). */
function inside(root: string, path: string): string | undefined {
  const rel = relative(resolve(root), resolve(path));
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel : undefined;
}

/**
 * Where the kit's own files are published, for links: `repository` a web URL, `ref` the tag or
 * commit the run's kit is. The repository comes from SMCP_KIT_REPOSITORY (a URL, or owner/name on
 * GITHUB_SERVER_URL; the Action's run step sets it), else package.json's `repository`; without one
 * a vector is named by its path in the kit and the kit's version. The ref comes from SMCP_KIT_REF,
 * else the kit's commit when it ran from a clean clone, else the release tag `v<version>`.
 */
export interface KitSource {
  readonly repository?: string;
  readonly ref: string;
  readonly version: string;
}

function packageRepository(kitRoot: string): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(join(kitRoot, "package.json"), "utf8")) as { repository?: string | { url?: string } };
    const url = typeof pkg.repository === "string" ? pkg.repository : pkg.repository?.url;
    if (!url) return undefined;
    const github = /^github:(.+)$/.exec(url) ?? /^([\w.-]+\/[\w.-]+)$/.exec(url);
    return github ? `https://github.com/${github[1]}` : url.replace(/^git\+/, "").replace(/\.git$/, "");
  } catch {
    return undefined;
  }
}

export function kitSource(report: Pick<Report, "environment">, env: NodeJS.ProcessEnv, kitRoot = KIT_ROOT): KitSource {
  const version = report.environment.kit_version;
  const named = env["SMCP_KIT_REPOSITORY"]?.trim();
  const repository = named
    ? /^https?:\/\//.test(named)
      ? named.replace(/\/+$/, "")
      : `${(env["GITHUB_SERVER_URL"] ?? "https://github.com").replace(/\/+$/, "")}/${named}`
    : packageRepository(kitRoot);
  const commit = report.environment.kit_commit && !report.environment.kit_dirty ? report.environment.kit_commit : undefined;
  const ref = env["SMCP_KIT_REF"]?.trim() || commit || `v${version}`;
  return { ...(repository ? { repository } : {}), ref, version };
}

/** A vector of the kit's corpus as a permalink (or its path in the kit at its version); undefined for another corpus's. */
export function vectorLink(
  where: { readonly file: string; readonly line: number },
  kit: KitSource,
  kitRoot = KIT_ROOT,
): string | undefined {
  const rel = inside(kitRoot, where.file)?.split("\\").join("/");
  if (rel === undefined) return undefined;
  return kit.repository
    ? `${kit.repository}/blob/${encodeURIComponent(kit.ref)}/${rel.split("/").map(encodeURIComponent).join("/")}#L${where.line}`
    : `${rel}:${where.line} of the kit ${kit.version}`;
}

/** The workspace GitHub places annotations in: the job's checkout (GITHUB_WORKSPACE), else the working folder. */
function workspaceOf(env: NodeJS.ProcessEnv): string {
  return env["GITHUB_WORKSPACE"] || process.cwd();
}

/** The entry of the known-gaps file nearest to `id` (most leading characters in common, at least its suite and group). */
function siblingLine(lines: Readonly<Record<string, number>> | undefined, id: string): number | undefined {
  const group = id.split("/").slice(0, 2).join("/");
  let best: { common: number; line: number } | undefined;
  for (const [other, line] of Object.entries(lines ?? {})) {
    if (!other.startsWith(`${group}/`)) continue;
    let common = 0;
    while (common < id.length && id[common] === other[common]) common++;
    if (!best || common > best.common || (common === best.common && line > best.line)) best = { common, line };
  }
  return best?.line;
}

function annotation(title: string, message: string, where?: { readonly file: string; readonly line?: number }): string {
  const at = where ? `file=${escapeProperty(where.file)},${where.line !== undefined ? `line=${where.line},` : ""}` : "";
  return `::error ${at}title=${escapeProperty(title)}::${escapeData(message)}`;
}

/**
 * The annotations of a run. A case or entry is placed on the implementation's known-gaps file when
 * that file is the SDK's own (inside the workspace, not one of the kit's): a stale or no-vector
 * entry at its line, a failing case the file does not list beside its nearest sibling entry (or on
 * the file). Anything else is a run-level annotation; a case's message ends with the vector's link.
 */
export function githubAnnotations(report: Report, env: NodeJS.ProcessEnv = process.env, kitRoot = KIT_ROOT): string[] {
  const silent = neverStarted(report); // its set-up failure is one run-level annotation, not one per case
  const vectors = new Map(report.vectors.map((v) => [v.id, v.source]));
  const kit = kitSource(report, env, kitRoot);
  const workspace = workspaceOf(env);
  /** The implementation's known-gaps file, relative to the workspace, when it is the SDK's own. */
  const ownFile = (implementation: string) => {
    const e = report.implementations.find((i) => i.name === implementation)?.expectations;
    if (!e || inside(kitRoot, e.file) !== undefined) return undefined;
    const file = inside(workspace, e.file);
    return file === undefined ? undefined : { file: file.split("\\").join("/"), lines: e.lines };
  };
  const entry = (implementation: string, id: string | undefined) => {
    const own = ownFile(implementation);
    if (!own || id === undefined) return undefined;
    return { file: own.file, ...(own.lines?.[id] !== undefined ? { line: own.lines[id] } : {}) };
  };
  const cases = casesWith(report.cases, FAILING_STATUSES)
    .filter((c) => !silent.has(c.implementation))
    .map((c) => {
      const source = vectors.get(c.vector_id);
      const link = source ? vectorLink(source, kit, kitRoot) : undefined;
      const own = ownFile(c.implementation);
      const title = `${c.implementation} ${c.vector_id} (${c.status})`;
      if (c.status === "stale") {
        const message = `${staleReason(c)}: remove the entry, or pin the new answer with --update-expectations`;
        return annotation(title, `${message}${link ? `. Vector: ${link}` : ""}`, entry(c.implementation, c.vector_id));
      }
      const said = c.note ?? describeDifferences(c.diffs, c.op).join("; ");
      const unlisted = own ? `. ${own.file} does not list it: fix the SDK, or add it there as a known gap with its reason` : "";
      const line = own ? siblingLine(own.lines, c.vector_id) : undefined;
      return annotation(
        title,
        `${said}${unlisted}${link ? `. Vector: ${link}` : ""}`,
        own ? { file: own.file, ...(line !== undefined ? { line } : {}) } : undefined,
      );
    });
  const run = runLevelFailures(report.verdict).map((f) => {
    const where = f.kind === "orphan_gap" || f.kind === "observe_gap" ? entry(f.implementation, f.vector_id) : undefined;
    return annotation(`${f.implementation}: the run fails (${f.kind})`, f.message, where);
  });
  const incomplete = report.incomplete ? [annotation("the run is incomplete", `interrupted by ${report.incomplete.reason}`)] : [];
  return [...cases, ...run, ...incomplete];
}

/**
 * Past this many characters the step summary is the short form (markdown.ts): a full matrix with
 * hundreds of disagreements and known gaps (over 100 kB for the default run) buries the verdict,
 * and GitHub keeps at most 1 MiB of summary per step.
 */
export const STEP_SUMMARY_LIMIT = 20_000;

/** Where the full report is: the run folder, and on GitHub the workflow run's page, where its artifacts are listed. */
function whereTheReportIs(report: Report, env: NodeJS.ProcessEnv): Markup {
  const folder = md`matrix.md and index.html in the run folder ${mdCode(report.run_id)}`;
  const server = env["GITHUB_SERVER_URL"];
  const repository = env["GITHUB_REPOSITORY"];
  const run = env["GITHUB_RUN_ID"];
  if (!server || !repository || !run) return md`${folder}.`;
  // A link, so the URL is not put through Markdown text escaping; only characters that end a link destination are encoded.
  const url = `${server}/${repository}/actions/runs/${run}`.replace(/[()<>\s\\]/g, (c) => encodeURIComponent(c));
  return md`${folder} (a workflow that uploads the output folder lists it with the artifacts of ${trusted("md", `[this workflow run](${url})`)}).`;
}

/**
 * What the summary opens with: each implementation's conformance statement (the claim a reader
 * takes away), then what the gate decided, worded so a passing gate never reads as a passing SDK.
 */
export function summaryLead(report: Report): string {
  const statements = statementsOf(report);
  const lines: Markup[] = [md`# Conformance`, md``];
  for (const s of statements) {
    // The level goes up front, beside who reached it; a selection says what it covered.
    const scope = s.scope ? `; a selection: ${scopeWords(s.scope)}` : "";
    lines.push(md`- **${statementWho(s)}: ${s.level}** (${tallyWords(s)}${scope})`);
    for (const r of s.roles ?? []) lines.push(md`  - ${roleLine(r)}`);
  }
  if (statements.length === 0) lines.push(md`No implementation was judged.`);
  lines.push(md``);
  const v = report.verdict;
  if (report.incomplete) lines.push(md`**The run is incomplete** (interrupted by ${report.incomplete.reason}): no verdict.`);
  else if (v.status === "pass")
    lines.push(
      md`**The gate passes**: every failing case is a known gap its expectations file lists, and nothing else fails the run. The level above is what the SDK may claim.`,
    );
  else lines.push(md`**The gate fails** (${v.failures.length} ${v.failures.length === 1 ? "reason" : "reasons"}):`);
  if (!report.incomplete) for (const f of v.failures) lines.push(md`- ${f.message}`);
  return `${lines.map((l) => l.text).join("\n")}\n`;
}

/**
 * The Markdown view without the title and verdict block the lead replaces (a bare **PASS** there
 * would sit beside a "not conforming" statement).
 */
function withoutVerdict(view: string): string {
  const lines = view.split("\n");
  const at = lines.findIndex((l) => /^\*\*(PASS|FAIL|INCOMPLETE)\*\*/.test(l));
  if (at < 0) return view;
  let end = at + 1;
  while (end < lines.length && lines[end]!.startsWith("- ")) end++;
  const rest = [...lines.slice(0, at), ...lines.slice(end)];
  if (rest[0]?.startsWith("# smcp-conformance run ")) rest[0] = `## The run (${rest[0].slice("# smcp-conformance run ".length)})`;
  return rest.join("\n").replace(/\n{3,}/g, "\n\n");
}

/** The step summary: the lead, then the Markdown view, or its short form when the full one is longer than `limit`. */
export function stepSummary(report: Report, env: NodeJS.ProcessEnv = process.env, limit = STEP_SUMMARY_LIMIT): string {
  const full = renderMarkdown(report);
  const view = full.length <= limit ? full : renderShortMarkdown(report, whereTheReportIs(report, env));
  return `${summaryLead(report)}\n${withoutVerdict(view)}`;
}

export function emitGithubActions(report: Report, env: NodeJS.ProcessEnv = process.env, out: NodeJS.WritableStream = process.stdout): void {
  if (env["GITHUB_ACTIONS"] !== "true") return;
  for (const line of githubAnnotations(report, env)) out.write(`${line}\n`);
  const summary = env["GITHUB_STEP_SUMMARY"];
  if (summary) appendFileSync(summary, stepSummary(report, env));
}
