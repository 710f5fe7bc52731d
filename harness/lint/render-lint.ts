/** The lint's report for people: what each implementation rejects, what must stay and why, what is not isolated. */
import { visibleJson } from "../corpus/vector-file-text.ts";
import { ABSENT, type Field } from "../generators/objects.ts";
import { keyOfToken } from "../util/json-pointer.ts";
import type { Collected } from "./isolation.ts";
import { valueAt } from "./isolation.ts";
import type { Finding, ProbeFault, ProbeResult } from "./probe.ts";

export interface LintSummary {
  readonly checked: Readonly<Record<string, number>>;
  readonly to_fix: number;
  readonly must_stay: number;
  readonly not_isolated: number;
  readonly whole_input: number;
  /** Bases an implementation crashed, hung or broke the protocol on: never findings, and the lint fails. */
  readonly faults: number;
  /** Implementations that answered no base (only unsupported, or only faults): the lint fails, it judged nothing there. */
  readonly nothing_judged: readonly string[];
}

/** Implementations asked at least once that answered no base at all. */
function nothingJudged(result: ProbeResult): string[] {
  const asked = new Set([...result.unsupported.keys(), ...result.faults.map((f) => f.implementation)]);
  return [...asked].filter((name) => (result.checked.get(name) ?? 0) === 0).sort();
}

const shown = (value: Field): string => (value === ABSENT ? "absent" : visibleJson(value));

export function summarize(collected: Collected, result: ProbeResult): LintSummary {
  return {
    checked: Object.fromEntries(result.checked),
    to_fix: result.findings.filter((f) => f.plainAnswer === undefined).length,
    must_stay: result.findings.filter((f) => f.plainAnswer !== undefined).length,
    not_isolated: collected.notIsolated.length,
    whole_input: collected.wholeInput.length,
    faults: result.faults.length,
    nothing_judged: nothingJudged(result),
  };
}

const byPlace = (a: Finding, b: Finding) =>
  a.implementation.localeCompare(b.implementation) ||
  a.probe.vector.id.localeCompare(b.probe.vector.id) ||
  a.probe.at.localeCompare(b.probe.at);

/** Where the base sits in the vector's input, for people: `servers[1].config`, `mcp-servers/a.json`. */
function place(at: string): string {
  const files = /^\/files\/(.*)$/.exec(at);
  if (files) return ` in ${keyOfToken(files[1]!)}`;
  const servers = /^\/servers\/(\d+)\/config$/.exec(at);
  return servers ? ` in servers[${servers[1]}].config` : "";
}

function where(f: Finding): string {
  const repairs = f.probe.repairs;
  const what = repairs
    ? `base: ${repairs.map((r) => `${r.path} repaired to ${shown(r.value)}`).join(", then ")}`
    : "base: the config as written";
  return `${place(f.probe.at)} (${what})`;
}

export function renderLint(implementations: readonly string[], collected: Collected, result: ProbeResult): string {
  const out: string[] = [];
  const summary = summarize(collected, result);
  const counts = implementations.map((name) => `${name} ${result.checked.get(name) ?? 0}`).join(", ");
  out.push(
    `lint: ${collected.probes.length} bases (rejecting vectors with their one fault repaired, configs carried by other vectors), put to ${counts}`,
  );
  const toFix = result.findings.filter((f) => f.plainAnswer === undefined).sort(byPlace);
  out.push(`vectors whose base an implementation rejects: ${toFix.length}`);
  for (const f of toFix) {
    out.push(`  ${f.implementation}  ${f.probe.vector.id}${where(f)}`);
    out.push(`      ${f.implementation}: ${f.answer}`);
    const fixes = f.culprits.map((c) => `${c.path} is ${shown(c.value)} (now ${shown(valueAt(f.probe.base, c.path.split(".")))})`);
    out.push(
      fixes.length > 0 ? `      accepted once ${fixes.join(", or once ")}` : "      no single field of the plain base makes it accepted",
    );
  }
  const mustStay = result.findings.filter((f) => f.plainAnswer !== undefined);
  const groups = new Map<string, Finding[]>();
  for (const f of mustStay) {
    const key = `${f.implementation} rejects the plainest valid ${f.kind} too: ${f.plainAnswer}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  out.push(`must stay (the implementation rejects even the plainest valid value of that kind; no base can do better): ${mustStay.length}`);
  for (const [why, list] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    out.push(`  ${why}`);
    out.push(`      ${list.length} vectors: ${[...new Set(list.sort(byPlace).map((f) => f.probe.vector.id))].join(", ")}`);
  }
  out.push(
    `not isolated (faults of different reasons, so the verdict depends on check order; no check-order vector): ${collected.notIsolated.length}`,
  );
  for (const n of collected.notIsolated)
    out.push(
      `  ${n.vector.id}: expects ${n.reason}; ${n.repairs.length === 0 ? "no repair makes it acceptable" : `${n.repairs.length} faults: ${n.repairs.map((r) => `${r.path} (${r.reason})`).join(", ")}`}`,
    );
  out.push(`adapter faults (crash, timeout or protocol error: the base could not be judged): ${result.faults.length}`);
  const faultGroups = new Map<string, ProbeFault[]>();
  for (const f of result.faults) {
    const key = `${f.implementation}: ${f.answer.slice(0, f.answer.indexOf(":"))}`;
    faultGroups.set(key, [...(faultGroups.get(key) ?? []), f]);
  }
  for (const [what, list] of [...faultGroups].sort(([a], [b]) => a.localeCompare(b))) {
    const ids = [...new Set(list.map((f) => f.probe.vector.id))].sort();
    out.push(`  ${what} on ${ids.length} vectors (first: ${list[0]!.answer.split("\n")[0]})`);
    out.push(`      ${ids.slice(0, 10).join(", ")}${ids.length > 10 ? `, … (${ids.length - 10} more)` : ""}`);
  }
  for (const name of summary.nothing_judged)
    out.push(
      `nothing judged: ${name} answered no base (${result.unsupported.get(name) ?? 0} unsupported, ${result.faults.filter((f) => f.implementation === name).length} faults)`,
    );
  out.push(
    `lint: ${summary.to_fix} vectors whose base an implementation rejects, ${summary.must_stay} that must stay, ${summary.not_isolated} not isolated, ${summary.faults} adapter faults${summary.nothing_judged.length > 0 ? `, ${summary.nothing_judged.length} implementations with nothing judged` : ""} (${summary.whole_input} rejecting vectors whose whole input is the fault need no base)`,
  );
  return out.join("\n");
}
