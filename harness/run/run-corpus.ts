/**
 * Runs selected vectors against every implementation (concurrently; each adapter pipelines its
 * own cases) and builds the report model. An adapter that cannot start does not stop the run:
 * its cases are recorded as crashes, with the reason.
 */

import { judge } from "../diff/judge.ts";
import type { Expectations } from "../expectations/load-expectations.ts";
import { reportCoverage } from "../model/coverage.ts";
import { withDerived } from "../model/facts.ts";
import type { Answer, Handshake, Implementation, ImplementationStats } from "../model/implementation.ts";
import { kitPackage } from "../model/kit-files.ts";
import { applies, chooseProtocol, describeSpan, type ProtocolChoice } from "../model/protocols.ts";
import { type CaseRecord, type ImplementationRecord, REPORT_SCHEMA_VERSION, type Report, type VectorRecord } from "../model/report.ts";
import { newRunId } from "../model/run-id.ts";
import type { Gap } from "../model/status.ts";
import { applyGap } from "../model/status.ts";
import type { Corpus, Vector } from "../model/vector.ts";
import {
  closeTransport,
  isTransportOp,
  judgedResult,
  mcpRevisions,
  oneAtATime,
  type TransportServer,
  transportAnswer,
  transportFor,
} from "./transport-cases.ts";

export interface RunInput {
  readonly corpus: Corpus;
  readonly vectors: readonly Vector[];
  readonly implementations: readonly Implementation[];
  /** Known gaps by implementation name. */
  readonly expectations?: ReadonlyMap<string, Expectations>;
  /** The kit's version, recorded in the report's environment (default: the kit's package.json). */
  readonly kitVersion?: string;
  /** Aborting stops sending cases, kills the adapters and returns a report marked incomplete. */
  readonly signal?: AbortSignal;
  /** Judge every implementation against this protocol version (--protocol), whatever its handshake claims. */
  readonly protocol?: string;
}

type Ran = { record: ImplementationRecord; cases: CaseRecord[]; notRun: string[] };

export async function runCorpus({
  corpus,
  vectors,
  implementations,
  expectations,
  kitVersion = kitPackage().version,
  signal,
  protocol,
}: RunInput): Promise<Report> {
  const startedAt = new Date();
  const known = new Set(corpus.suites.flatMap((s) => s.vectors.map((v) => v.id)));
  const onAbort = () => {
    for (const impl of implementations) impl.kill();
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  const transport = await transportFor(vectors);
  let runs: Ran[];
  try {
    runs = await Promise.all(
      implementations.map((impl) =>
        runImplementation(impl, {
          vectors,
          expectations: expectations?.get(impl.name),
          known,
          signal,
          forcedProtocol: protocol,
          transport,
        }),
      ),
    );
  } finally {
    await closeTransport(transport);
  }
  signal?.removeEventListener("abort", onAbort);
  const cases = runs.flatMap((r) => r.cases);
  const notRun = runs.flatMap((r) => r.notRun.map((vector_id) => ({ implementation: r.record.name, vector_id })));
  const selectedSuites = new Set(vectors.map((v) => v.suite));
  const report = withDerived({
    schema_version: REPORT_SCHEMA_VERSION,
    run_id: newRunId(startedAt),
    started_at: startedAt.toISOString(),
    finished_at: new Date().toISOString(),
    environment: { node: process.version, platform: process.platform, arch: process.arch, kit_version: kitVersion },
    corpus: {
      roots: corpus.roots,
      suites: corpus.suites
        .filter((s) => selectedSuites.has(s.name))
        .map((s) => ({ name: s.name, title: s.title, vectors: vectors.filter((v) => v.suite === s.name).length })),
    },
    implementations: runs.map((r) => r.record),
    vectors: vectors.map(vectorRecord),
    cases,
    ...(signal?.aborted ? { incomplete: { reason: String(signal.reason ?? "aborted"), not_run: notRun } } : {}),
  });
  const coverage = reportCoverage(corpus.requirements, report);
  return coverage.length > 0 ? { ...report, coverage } : report;
}

/**
 * Resolves each answer, or null once the run is aborted (the case did not run). One abort
 * listener serves every case: a listener per case would pile up thousands on one signal.
 */
function abortable(signal: AbortSignal | undefined): (answer: Promise<Answer> | Answer) => Promise<Answer | null> {
  if (!signal) return (answer) => Promise.resolve(answer);
  const aborted = new Promise<null>((resolve) => {
    if (signal.aborted) resolve(null);
    else signal.addEventListener("abort", () => resolve(null), { once: true });
  });
  return (answer) => Promise.race([aborted, Promise.resolve(answer).then((a) => (signal.aborted ? null : a))]);
}

/** What one implementation's run needs besides the implementation. */
interface RunContext {
  readonly vectors: readonly Vector[];
  readonly expectations: Expectations | undefined;
  /** Every vector id of the corpus (an expectations entry naming none is an orphan). */
  readonly known: ReadonlySet<string>;
  readonly signal: AbortSignal | undefined;
  readonly forcedProtocol: string | undefined;
  readonly transport: TransportServer;
}

async function runImplementation(impl: Implementation, context: RunContext): Promise<Ran> {
  const { vectors, expectations, known, signal, forcedProtocol } = context;
  const gapOf = (id: string) => expectations?.gaps.get(id);
  const expectationsRecord = expectations
    ? {
        expectations: {
          file: expectations.file,
          gaps: expectations.gaps.size,
          orphans: [...expectations.gaps.keys()].filter((id) => !known.has(id)),
        },
      }
    : {};
  let handshake: Handshake;
  try {
    handshake = await impl.start();
  } catch (error) {
    const stats = await impl.stop();
    const reason = (error as Error).message;
    handshake = { implementation: impl.name, sdk: { name: "unknown", version: "unknown" }, protocol_version: null, operations: [] };
    const protocol = chooseProtocol(null, forcedProtocol);
    if (signal?.aborted)
      return {
        record: { name: impl.name, handshake, transport: impl.transport, stats, protocol, ...expectationsRecord },
        cases: [],
        notRun: vectors.map((v) => v.id),
      };
    const cases = vectors.map((v) =>
      caseRecord(impl.name, v, notApplicable(impl.name, v, protocol) ?? notSent("crash", reason), gapOf(v.id)),
    );
    return {
      record: {
        name: impl.name,
        handshake,
        transport: impl.transport,
        stats: { ...stats, broken: reason },
        protocol,
        ...expectationsRecord,
      },
      cases,
      notRun: [],
    };
  }
  const protocol = chooseProtocol(handshake.protocol_version, forcedProtocol);
  let answers: Array<Answer | null>;
  let stats: ImplementationStats;
  try {
    const unlessAborted = abortable(signal);
    const serial = oneAtATime();
    answers = await Promise.all(
      vectors.map((v) =>
        signal?.aborted ? Promise.resolve(null) : unlessAborted(answer(impl, handshake, v, protocol, context.transport, serial)),
      ),
    );
  } finally {
    stats = await impl.stop();
  }
  const cases = vectors.flatMap((v, i) => (answers[i] ? [caseRecord(impl.name, v, answers[i]!, gapOf(v.id))] : []));
  const notRun = vectors.filter((_, i) => !answers[i]).map((v) => v.id);
  const mcp = mcpRevisions(cases.map((c) => c.transcript));
  return {
    record: { name: impl.name, handshake, transport: impl.transport, stats, protocol, ...(mcp ? { mcp } : {}), ...expectationsRecord },
    cases,
    notRun,
  };
}

/** A case the kit cannot run (another protocol version, a missing capability, an operation not offered) is not sent. */
function answer(
  impl: Implementation,
  handshake: Handshake,
  vector: Vector,
  protocol: ProtocolChoice,
  transport: TransportServer,
  serial: <T>(task: () => Promise<T>) => Promise<T>,
): Promise<Answer> | Answer {
  const outside = notApplicable(impl.name, vector, protocol);
  if (outside) return outside;
  if (vector.needs !== undefined) return notSent("unsupported", `needs ${vector.needs}, which the kit does not provide yet`);
  if (!handshake.operations.includes(vector.op)) return notSent("unsupported", `${impl.name} does not offer ${vector.op}`);
  if (isTransportOp(vector.op)) return serial(() => transportAnswer(impl, vector, transport, (message) => notSent("crash", message)));
  return impl.call(vector.op, vector.input);
}

/** The case's answer when the vector does not apply to the protocol version the implementation is judged against. */
function notApplicable(implementation: string, vector: Vector, protocol: ProtocolChoice): Answer | undefined {
  if (applies(vector, protocol.used)) return undefined;
  return notSent(
    "not_applicable",
    `the vector applies to ${describeSpan(vector)}; ${implementation} is judged against ${protocol.used} (${protocolSource(protocol)})`,
  );
}

function protocolSource(protocol: ProtocolChoice): string {
  if (protocol.source === "--protocol") return "--protocol";
  if (protocol.source === "handshake") return "its handshake's claim";
  return protocol.claimed === null
    ? "it claims no version: the latest the kit knows"
    : `it claims "${protocol.claimed}": the latest the kit knows`;
}

function notSent(kind: "unsupported" | "crash" | "not_applicable", message: string): Answer {
  return {
    result: { kind, message },
    transcript: { request: null, response: null, fault: { kind: "not_sent", detail: `${kind}: ${message}` } },
    duration_ms: 0,
    attempts: 0,
  };
}

function caseRecord(implementation: string, vector: Vector, answer: Answer, gap: Gap | undefined): CaseRecord {
  const judgement = judge(vector, judgedResult(answer));
  return {
    vector_id: vector.id,
    suite: vector.suite,
    op: vector.op,
    tier: vector.tier,
    implementation,
    status: applyGap(judgement.status, gap),
    raw_status: judgement.status,
    ...(gap ? { gap } : {}),
    result: answer.result,
    diffs: judgement.diffs,
    ...(judgement.note !== undefined ? { note: judgement.note } : {}),
    duration_ms: Math.round(answer.duration_ms * 1000) / 1000,
    attempts: answer.attempts,
    transcript: answer.transcript,
    content_hash: vector.content_hash,
  };
}

function vectorRecord(v: Vector): VectorRecord {
  return {
    id: v.id,
    suite: v.suite,
    description: v.description,
    op: v.op,
    tier: v.tier,
    spec: v.spec,
    provenance: v.provenance,
    input: v.input,
    ...(v.expected !== undefined ? { expected: v.expected } : {}),
    ...(v.expected_error !== undefined ? { expected_error: v.expected_error } : {}),
    ...(v.needs !== undefined ? { needs: v.needs } : {}),
    since: v.since,
    ...(v.until !== undefined ? { until: v.until } : {}),
    ...(v.covers.length > 0 ? { covers: v.covers } : {}),
    ...(v.optional !== undefined ? { optional: v.optional } : {}),
    source: v.source,
    content_hash: v.content_hash,
  };
}
