/**
 * An independent audit of a report: everything the report claims is re-derived from what it
 * carries and checked against it. Each vector's content against its content hash (an edited
 * expected value or tier shows); one case per vector × implementation, or the case listed as not
 * run (a deleted or duplicated case shows); each case's answer from its transcript (the exact lines
 * exchanged, or the recorded fault), request and response ids paired, its status judged again; an
 * `unsupported` that was never sent against the operations the handshake offered; each gap against
 * the expectations the run recorded (and the file itself, when it is unchanged on disk); then the
 * summary, the facts and the verdict recounted. Any disagreement is listed.
 */
import { existsSync, readFileSync } from "node:fs";
import { diffValues } from "../diff/compare.ts";
import { judge } from "../diff/judge.ts";
import { loadExpectations } from "../expectations/load-expectations.ts";
import { declaredRolesFor } from "../impl/registry.ts";
import { comparedValue, judgedValue, roleOfOp } from "../live/roles.ts";
import { gapAnswer } from "../model/gap-answer.ts";
import type { CallResult } from "../model/implementation.ts";
import { isInteropGap } from "../model/interop.ts";
import { isComposedOp, isLiveOp } from "../model/operations.ts";
import { applies } from "../model/protocols.ts";
import {
  type CaseRecord,
  type FirstAttempt,
  type ImplementationRecord,
  type ParsedReport,
  REPORT_SCHEMA_VERSION,
  type VectorRecord,
} from "../model/report.ts";
import { withDerived } from "../model/report-builder.ts";
import { applyGap, type Gap, isFailing } from "../model/status.ts";
import { vectorContentHash } from "../model/vector-hash.ts";
import { parseFromAdapter, parseToAdapter, type ResultMessage } from "../protocol/messages.ts";
import { resultOf } from "../protocol/to-result.ts";
import { retryStatus } from "../run/retry.ts";
import { sha256Hex } from "../util/canonical-json.ts";
import { keyOfToken } from "../util/json-pointer.ts";
import { LANDING_LOCK_UNAVAILABLE, scriptLocksLanding } from "../wire/index.ts";
import { auditInterop } from "./audit-interop.ts";
import { matchCorpus } from "./corpus-match.ts";
import { checkFrame } from "./report-frame.ts";
import { checkScene, checkSealed } from "./scene-check.ts";
import { checkServerStop } from "./server-stop-check.ts";

export interface AuditResult {
  readonly cases: number;
  readonly problems: readonly string[];
  /** What could not be checked (an expectations file changed since the run), for the reader: not problems. */
  readonly notes: readonly string[];
}

const caseKey = (implementation: string, vectorId: string) => `${implementation}\u0000${vectorId}`;

export function auditReport(report: ParsedReport): AuditResult {
  if (
    !Array.isArray(report?.cases) ||
    !Array.isArray(report.vectors) ||
    typeof report.summary !== "object" ||
    !Array.isArray(report.implementations)
  ) {
    return { cases: 0, problems: ["not a report: it lacks cases, vectors, implementations or summary"], notes: [] };
  }
  const problems: string[] = [];
  const notes: string[] = [];
  checkFrame(report, problems);
  // Another schema's cases mean other things: re-deriving them would only list noise after the one line that says why.
  if (report.schema_version !== REPORT_SCHEMA_VERSION) return { cases: 0, problems, notes };
  const vectors = checkVectors(report.vectors, problems);
  matchCorpus(report.corpus?.roots, report.vectors, problems, notes, report.corpus?.required);
  const strict = report.run?.strict_protocol === true;
  const implementations = new Map<string, ImplementationRecord>();
  for (const impl of report.implementations) {
    if (implementations.has(impl.name)) problems.push(`implementation ${impl.name} is listed twice`);
    implementations.set(impl.name, impl);
    // The roles a release claims come from its manifest: a record that drops one would hide its failures.
    const declared = declaredRolesFor(impl.name);
    if (diffValues(declared ?? null, impl.roles ?? null).length > 0)
      problems.push(
        `implementation ${impl.name}: the report records roles ${JSON.stringify(impl.roles ?? "all")}, its manifest declares ${JSON.stringify(declared ?? "all")}`,
      );
  }
  const gaps = new Map(
    [...implementations].map(([name, impl]) => [name, listedGaps(impl, report.run?.mcp_transport, problems, notes)] as const),
  );
  const seen = new Set<string>();
  const derived: CaseRecord[] = report.cases.map((c) => {
    const where = `${c.implementation} ${c.vector_id}`;
    const key = caseKey(c.implementation, c.vector_id);
    if (seen.has(key)) problems.push(`${where}: the case appears more than once (duplicated)`);
    seen.add(key);
    const impl = implementations.get(c.implementation);
    if (!impl) problems.push(`${where}: no implementation ${c.implementation} in the report`);
    const vector = vectors.get(c.vector_id);
    if (!vector) {
      problems.push(`${where}: no such vector in the report`);
      return c;
    }
    if (typeof c.transcript !== "object" || c.transcript === null) {
      problems.push(`${where}: the case has no transcript`);
      return c;
    }
    return auditCase(c, vector, impl, gaps.get(c.implementation), strict, (p) => problems.push(`${where}: ${p}`));
  });
  checkCompleteness(report, vectors, implementations, seen, problems);
  auditInterop(report, vectors, problems);
  // The derived parts come from the re-derived cases through the builder the run used: counts,
  // facts (from the answers the transcripts hold), statements and verdict.
  const rebuilt = withDerived({ ...report, cases: derived });
  for (const d of report.facts ? diffValues(rebuilt.facts, report.facts) : [])
    problems.push(`facts${d.path}: re-derived ${JSON.stringify(d.expected)}, the report says ${JSON.stringify(d.actual)}`);
  for (const d of diffValues(rebuilt.summary, report.summary))
    problems.push(`summary${d.path}: recounted ${JSON.stringify(d.expected)}, the report says ${JSON.stringify(d.actual)}`);
  for (const d of report.statements ? diffValues(rebuilt.statements, report.statements) : [])
    problems.push(`statements${d.path}: re-derived ${JSON.stringify(d.expected)}, the report says ${JSON.stringify(d.actual)}`);
  if (report.verdict !== undefined)
    for (const d of diffValues(rebuilt.verdict, report.verdict))
      problems.push(`verdict${d.path}: re-derived ${JSON.stringify(d.expected)}, the report says ${JSON.stringify(d.actual)}`);
  return { cases: report.cases.length + (report.interop?.length ?? 0), problems, notes };
}

/** Vectors by id, each checked against its content hash (what its cases check: op, input, expected value or error, tier, span). */
function checkVectors(list: readonly VectorRecord[], problems: string[]): Map<string, VectorRecord> {
  const vectors = new Map<string, VectorRecord>();
  for (const v of list) {
    if (vectors.has(v.id)) problems.push(`vector ${v.id} is listed twice`);
    vectors.set(v.id, v);
    if (vectorContentHash(v) !== v.content_hash)
      problems.push(
        `vector ${v.id}: its op, input, expected value, expected error, tier or span do not match its content hash (edited after the run)`,
      );
  }
  return vectors;
}

/** Every implementation × vector has exactly one case, or is listed as not run (and not both). */
function checkCompleteness(
  report: ParsedReport,
  vectors: ReadonlyMap<string, VectorRecord>,
  implementations: ReadonlyMap<string, ImplementationRecord>,
  seen: ReadonlySet<string>,
  problems: string[],
): void {
  const notRun = new Set<string>();
  for (const n of report.incomplete?.not_run ?? []) {
    const key = caseKey(n.implementation, n.vector_id);
    if (seen.has(key)) problems.push(`${n.implementation} ${n.vector_id}: listed as not run, but the report has its case`);
    if (!implementations.has(n.implementation) || !vectors.has(n.vector_id))
      problems.push(`${n.implementation} ${n.vector_id}: listed as not run, but names no implementation and vector of the report`);
    notRun.add(key);
  }
  for (const name of implementations.keys())
    for (const [id, v] of vectors) {
      if (isComposedOp(v.op)) continue; // run per role choice, audited with the interop cases

      const key = caseKey(name, id);
      if (!seen.has(key) && !notRun.has(key)) problems.push(`${name} ${id}: no case, and not listed as not run (deleted from the report)`);
    }
}

/** The gaps the run applied for one implementation, from its record; checked against the file when it is unchanged. */
function listedGaps(
  impl: ImplementationRecord,
  mcpTransport: "stdio" | undefined,
  problems: string[],
  notes: string[],
): Map<string, Gap> | undefined {
  const record = impl.expectations;
  if (!record?.listed) return undefined;
  if (record.listed.length !== record.gaps)
    problems.push(`${impl.name}: the expectations record lists ${record.listed.length} gaps but counts ${record.gaps}`);
  // Interop entries key cases by their roles (audit-interop.ts applies them); the rest by vector id.
  const listed = new Map(record.listed.filter((g) => !isInteropGap(g)).map((g) => [g.id, g] as const));
  if (record.sha256 === undefined || !existsSync(record.file)) return listed;
  if (sha256Hex(readFileSync(record.file)) !== record.sha256) {
    notes.push(`${impl.name}: ${record.file} changed since the run; its gaps are checked against the report's record of it`);
    return listed;
  }
  try {
    const loaded = loadExpectations(record.file, impl.name, mcpTransport ?? "streamable_http");
    const ids = new Set(
      diffValues(Object.fromEntries(loaded.gaps), Object.fromEntries(listed)).map((d) => keyOfToken(d.path.split("/")[1]!)),
    );
    for (const id of ids) problems.push(`${impl.name}: gap ${id} differs from ${record.file} (whose sha256 the run recorded)`);
    if (diffValues(loaded.interop ?? [], record.listed.filter(isInteropGap)).length > 0)
      problems.push(`${impl.name}: its interop entries differ from ${record.file} (whose sha256 the run recorded)`);
  } catch (error) {
    notes.push(`${impl.name}: ${record.file} cannot be read (${(error as Error).message.split("\n")[0]})`);
  }
  return listed;
}

/** One case re-derived: its answer, ids, gap and status; returns the case as the transcript has it. */
function auditCase(
  c: CaseRecord,
  vector: VectorRecord,
  impl: ImplementationRecord | undefined,
  gaps: ReadonlyMap<string, Gap> | undefined,
  strict: boolean,
  problem: (p: string) => void,
): CaseRecord {
  if (c.content_hash !== vector.content_hash) problem("the case's content hash is not its vector's");
  if (c.op !== vector.op || c.tier !== vector.tier || c.suite !== vector.suite) problem("the case's op, tier or suite is not its vector's");
  const result = resultFromTranscript(c, vector, impl, strict, problem);
  if (result && !sameResult(result, c.result))
    problem("the answer recorded in the case differs from the one its transcript holds (edited)");
  // Applicability is re-derived from the vector's span and the version the implementation was judged against.
  const used = impl?.protocol?.used;
  // A scene this machine could not play (it cannot lock a landing root) is kept out by the machine,
  // not the protocol: only a vector whose script locks its root may be kept out so.
  const byMachine = c.transcript.fault?.detail === `not_applicable: ${LANDING_LOCK_UNAVAILABLE}`;
  if (byMachine && !scriptLocksLanding(vector.input))
    problem("the case was kept out as needing a landing-root lock, but its vector's script has no lock_landing step");
  const keptOut = !byMachine && c.transcript.fault?.detail.startsWith("not_applicable:") === true;
  if (used !== undefined && vector.since !== undefined && keptOut === applies(vector, used))
    problem(
      `the vector ${applies(vector, used) ? "applies" : "does not apply"} to protocol ${used}, but the case ${keptOut ? "was not sent" : "ran"}`,
    );
  if (gaps !== undefined) {
    const listed = gaps.get(c.vector_id);
    if (c.gap && !listed) problem("the case carries a gap the run's expectations do not list (invented)");
    else if (!c.gap && listed && impl?.not_started === undefined)
      problem("the run's expectations list a gap for this case, but the case does not carry it");
    else if (c.gap && listed && diffValues(listed, c.gap).length > 0)
      problem("the case's gap differs from the one the run's expectations list");
  } else if (c.gap && impl && !impl.expectations)
    problem("the case carries a gap, but the implementation had no expectations file (invented)");
  if (c.transcript.transport) checkScene(vector, c.transcript.transport, problem);
  if (c.transcript.wire) checkSealed(c.transcript.wire.evidence, problem);
  checkServerStop(c, problem);
  const compared = comparedValue({ result: result ?? c.result, transcript: c.transcript });
  if (diffValues(compared ?? null, c.compared ?? null).length > 0)
    problem("the case's compared facts differ from those its recorded packets give (edited)");
  const judged = result && judgedValue({ result, transcript: c.transcript });
  const judgement = judged && judge(vector, judged);
  const answer = judged && judgement ? gapAnswer(vector.op, judgement.status, judged, judgement.diffs) : c.answer;
  // A report from a kit before pinned answers has none: the status below is still re-derived from the answer.
  if (c.answer !== undefined && answer !== c.answer)
    problem(`the transcript's answer is ${answer ?? "none"}, the report says ${c.answer ?? "none"}`);
  const derived = judgement ? applyGap(judgement.status, c.gap, answer) : c.status;
  // A retried case: its status combines the retry's with a first attempt that must itself have
  // failed, re-derived from its own transcript (a first attempt edited into a starved one shows there).
  const first = c.first_attempt && auditFirstAttempt(c, c.first_attempt, vector, impl, gaps, strict, problem);
  const status = first ? retryStatus(derived, first) : derived;
  if (status !== c.status) problem(`the transcript gives ${status}, the report says ${c.status}`);
  return { ...c, status, ...(result ? { result } : {}) };
}

/** The first attempt of a retried case, re-derived from its own transcript like any case; it must have failed to be retried. */
function auditFirstAttempt(
  c: CaseRecord,
  first: FirstAttempt,
  vector: VectorRecord,
  impl: ImplementationRecord | undefined,
  gaps: ReadonlyMap<string, Gap> | undefined,
  strict: boolean,
  problem: (p: string) => void,
): CaseRecord {
  // The retry's optional fields (answer, note, compared) are not the first attempt's: a first attempt
  // that timed out has none, and must not borrow the retry's known-gap answer.
  const { first_attempt: _, answer: _answer, note: _note, compared: _compared, ...rest } = c;
  const attempt: CaseRecord = { ...rest, ...first };
  const derived = auditCase(attempt, vector, impl, gaps, strict, (p) => problem(`first attempt: ${p}`));
  if (!isFailing(first.status)) problem(`first attempt: ${first.status}, which is never retried`);
  return derived;
}

/** The kind and what it says must agree; a fault's message is evidence only. */
function sameResult(derived: CallResult, recorded: CallResult | undefined): boolean {
  if (!recorded || derived.kind !== recorded.kind) return false;
  if (derived.kind === "ok" || derived.kind === "error" || derived.kind === "unsupported" || derived.kind === "not_applicable")
    return diffValues(derived, recorded).length === 0;
  return true;
}

function resultFromTranscript(
  c: CaseRecord,
  vector: VectorRecord,
  impl: ImplementationRecord | undefined,
  strict: boolean,
  problem: (p: string) => void,
): CallResult | undefined {
  const { request, response, fault } = c.transcript;
  let requestId: number | undefined;
  // A transcript without its lines (a malformed or hand-edited report) is a disagreement, never a crash of audit.
  if (request !== null && typeof request !== "string") problem("the transcript has no request line (null or the line it sent)");
  else if (request !== null) {
    const parsed = parseToAdapter(request);
    if (!parsed.ok || parsed.message.type !== "call") problem(`the request line is not a call: ${request}`);
    else {
      requestId = parsed.message.id;
      if (parsed.message.op !== vector.op || diffValues(sentInput(c, vector), parsed.message.input).length > 0)
        problem("the request does not carry the vector's op and input");
    }
  }
  if (fault && fault.kind !== "not_sent") {
    // The harness saw a fault. A line it kept as the offending one must really break the protocol,
    // as the run checked it: with --strict-protocol its schemas, without it only its shape.
    if (response !== null && fault.kind === "protocol_error" && parseFromAdapter(response, strict, () => vector.op).ok)
      problem(
        `the case is a protocol error, but its recorded line is a well-formed answer${strict ? "" : " (the run was not --strict-protocol: a schema violation is judged, not a fault)"}`,
      );
    return { kind: fault.kind, message: fault.detail };
  }
  if (response !== null && typeof response !== "string") {
    problem("the transcript has no response line (null or the line it got)");
    return undefined;
  }
  if (response !== null) {
    // Re-read as the run read it: under --strict-protocol an answer that violates its schema is a protocol error.
    const parsed = parseFromAdapter(response, strict, () => vector.op);
    if (!parsed.ok) return { kind: "protocol_error", message: parsed.problem };
    if (parsed.message.type === "hello") return { kind: "protocol_error", message: "a hello in place of an answer" };
    if (requestId !== undefined && parsed.message.id !== requestId)
      problem(`the response answers id ${parsed.message.id}, but the request was id ${requestId}`);
    return resultOf(parsed.message as ResultMessage);
  }
  if (!fault) {
    problem("no response and no recorded fault");
    return undefined;
  }
  const [kind, ...rest] = fault.detail.split(": ");
  const message = rest.join(": ");
  if (kind === "unsupported") {
    if (vector.needs === undefined && impl?.handshake.operations.includes(vector.op))
      problem(`the case says unsupported without being sent, but ${c.implementation}'s handshake offers ${vector.op}`);
    return { kind: "unsupported", message };
  }
  if (kind === "not_applicable") return { kind: "not_applicable", message };
  if (impl && impl.not_started === undefined && impl.stats?.broken === undefined && !isLiveOp(vector.op))
    problem("the case says the adapter never answered it, but the implementation started");
  return { kind: "crash", message: kind === "crash" ? message : fault.detail };
}

/**
 * The input the adapter must have been sent: the vector's own, or for a live case the call its role
 * builds from the vector's scene and the case's recorded location (URLs and ids are per run).
 */
function sentInput(c: CaseRecord, vector: VectorRecord): unknown {
  const role = roleOfOp(vector.op);
  return role ? role.sentInput(vector.input, c.transcript) : vector.input;
}
