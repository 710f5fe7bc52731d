/**
 * An independent audit of a report: every case's status is re-derived from its transcript alone
 * (the exact lines exchanged, or the recorded fault) and the vector it claims to run, then the
 * summary is recounted. Any disagreement with what the report says is listed.
 */
import { diffValues } from "../diff/compare.ts";
import { judge } from "../diff/judge.ts";
import { reportFacts } from "../model/facts.ts";
import type { CallResult } from "../model/implementation.ts";
import { applies } from "../model/protocols.ts";
import { type CaseRecord, type Report, summarize, type VectorRecord } from "../model/report.ts";
import { applyGap } from "../model/status.ts";
import { parseFromAdapter, parseToAdapter, type ResultMessage } from "../protocol/messages.ts";
import { resultOf } from "../protocol/to-result.ts";
import { isTransportOp, judgedResult } from "../run/transport-cases.ts";
import { prepareTransportCase } from "../transport/prepare-case.ts";

export interface AuditResult {
  readonly cases: number;
  readonly problems: readonly string[];
}

export function auditReport(report: Report): AuditResult {
  if (!Array.isArray(report.cases) || !Array.isArray(report.vectors) || typeof report.summary !== "object") {
    return { cases: 0, problems: ["not a report: it lacks cases, vectors or summary"] };
  }
  const vectors = new Map<string, VectorRecord>(report.vectors.map((v) => [v.id, v]));
  const protocolOf = new Map(report.implementations.flatMap((i) => (i.protocol ? [[i.name, i.protocol.used] as const] : [])));
  const problems: string[] = [];
  const derived: CaseRecord[] = report.cases.map((c) => {
    const where = `${c.implementation} ${c.vector_id}`;
    const vector = vectors.get(c.vector_id);
    if (!vector) {
      problems.push(`${where}: no such vector in the report`);
      return c;
    }
    if (typeof c.transcript !== "object" || c.transcript === null) {
      problems.push(`${where}: the case has no transcript`);
      return c;
    }
    const result = resultFromTranscript(c, vector, (p) => problems.push(`${where}: ${p}`));
    // Applicability is re-derived from the vector's span and the version the implementation was judged against.
    const used = protocolOf.get(c.implementation);
    const keptOut = c.transcript.fault?.detail.startsWith("not_applicable:") === true;
    if (used !== undefined && vector.since !== undefined && keptOut === applies(vector, used))
      problems.push(
        `${where}: the vector ${applies(vector, used) ? "applies" : "does not apply"} to protocol ${used}, but the case ${keptOut ? "was not sent" : "ran"}`,
      );
    const judged = result && judgedResult({ result, transcript: c.transcript });
    const status = judged ? applyGap(judge(vector, judged).status, c.gap) : c.status;
    if (status !== c.status) problems.push(`${where}: the transcript gives ${status}, the report says ${c.status}`);
    return { ...c, status, ...(result ? { result } : {}) };
  });
  // Facts (disagreements, verdict agreement) come from the answers the transcripts hold, so re-derive them too.
  for (const d of report.facts ? diffValues(reportFacts(report.vectors, derived), report.facts) : []) {
    problems.push(`facts${d.path}: re-derived ${JSON.stringify(d.expected)}, the report says ${JSON.stringify(d.actual)}`);
  }
  for (const d of diffValues(summarize(derived), report.summary)) {
    problems.push(`summary${d.path}: recounted ${JSON.stringify(d.expected)}, the report says ${JSON.stringify(d.actual)}`);
  }
  return { cases: report.cases.length, problems };
}

function resultFromTranscript(c: CaseRecord, vector: VectorRecord, problem: (p: string) => void): CallResult | undefined {
  const { request, response, fault } = c.transcript;
  if (request !== null) {
    const parsed = parseToAdapter(request);
    if (!parsed.ok || parsed.message.type !== "call") problem(`the request line is not a call: ${request}`);
    else if (parsed.message.op !== vector.op || diffValues(sentInput(c, vector), parsed.message.input).length > 0)
      problem("the request does not carry the vector's op and input");
  }
  if (response !== null) {
    const parsed = parseFromAdapter(response, false);
    if (!parsed.ok) return { kind: "protocol_error", message: parsed.problem };
    if (parsed.message.type === "hello") return { kind: "protocol_error", message: "a hello in place of an answer" };
    return resultOf(parsed.message as ResultMessage);
  }
  if (!fault) {
    problem("no response and no recorded fault");
    return undefined;
  }
  if (fault.kind !== "not_sent") return { kind: fault.kind, message: fault.detail };
  if (fault.detail.startsWith("unsupported:")) return { kind: "unsupported", message: fault.detail };
  if (fault.detail.startsWith("not_applicable:")) return { kind: "not_applicable", message: fault.detail };
  return { kind: "crash", message: fault.detail };
}

/**
 * The input the adapter must have been sent: the vector's own, or for a transport case the call the
 * harness builds from the vector's scene and the case's recorded location (the URL is per run).
 */
function sentInput(c: CaseRecord, vector: VectorRecord): unknown {
  const transport = c.transcript.transport;
  if (!isTransportOp(vector.op) || !transport) return vector.input;
  const prepared = prepareTransportCase(vector.input, { caseId: transport.case_id, baseUrl: transport.base_url });
  return prepared.ok ? prepared.call : { unpreparable: prepared.problem };
}
