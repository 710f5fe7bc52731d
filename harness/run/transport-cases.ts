/**
 * Transport cases in a run: the harness's MCP scene server is started once when the selection holds
 * a transport operation and closed when the run ends; each case opens its own scene, the adapter is
 * called with the URL of that scene only, and the server's record of every exchange joins the
 * case's transcript, so the verdict (and `audit`) can rest on what the server saw.
 */
import { transportRecord } from "../live/evidence.ts";
import type { Answer, Handshake, Implementation } from "../model/implementation.ts";
import { opDefinition } from "../model/operations.ts";
import type { Vector } from "../model/vector.ts";
import {
  describeTransportError,
  evidenceFacts,
  type McpTransport,
  openTransportCase,
  type SceneServer,
  startSceneServer,
  TransportError,
} from "../transport/index.ts";
import { adapterBudgetMs } from "../transport/prepare-case.ts";
import { atMost } from "../util/at-most.ts";

export function isTransportOp(op: string): boolean {
  return opDefinition(op)?.kind === "transport";
}

/** The run's server, or why there is none (every transport case then records that cause). */
/** The run's MCP scene server and how Computer scenes mount it (--mcp-transport), or why there is none. */
export type TransportServer =
  | { readonly server: SceneServer; readonly mcpTransport: McpTransport }
  | { readonly fault: string }
  | undefined;

/** Starts the scene server when any selected vector needs it; a server that cannot start is a cause, not a crash of the run. */
export async function transportFor(vectors: readonly Vector[], mcpTransport: McpTransport = "streamable_http"): Promise<TransportServer> {
  // Wire cases mount their MCP servers on it too.
  if (!vectors.some((v) => isTransportOp(v.op) || opDefinition(v.op)?.kind === "wire")) return undefined;
  try {
    return { server: await startSceneServer(), mcpTransport };
  } catch (error) {
    if (error instanceof TransportError) return { fault: describeTransportError(error) };
    return { fault: `the transport server could not start: ${(error as Error).message}` };
  }
}

export async function closeTransport(transport: TransportServer): Promise<void> {
  if (transport && "server" in transport) await transport.server.close();
}

/** One transport case: open its scene, call the adapter with that scene's URL, close, attach the record. */
export async function transportAnswer(
  impl: Implementation,
  vector: Vector,
  transport: TransportServer,
  notSent: (message: string) => Answer,
): Promise<Answer> {
  if (!transport || "fault" in transport) return notSent(transport?.fault ?? "no transport server");
  const opened = openTransportCase(transport.server, vector.input, `${impl.name}-${vector.id}`);
  if (!opened.ok) return notSent(opened.message);
  const answer = await impl.call(vector.op, opened.call as unknown as Record<string, unknown>, { timeoutMs: adapterBudgetMs(opened.call) });
  const evidence = await opened.case.close();
  return {
    ...answer,
    // Read field by field: an in-process transcript (the reference) encodes its lines lazily, in getters a spread would drop.
    transcript: {
      request: answer.transcript.request,
      response: answer.transcript.response,
      ...(answer.transcript.fault ? { fault: answer.transcript.fault } : {}),
      transport: {
        case_id: evidence.case_id,
        base_url: transport.server.baseUrl,
        evidence,
      },
    },
  };
}

/**
 * The MCP revisions an implementation's client actually used over its transport cases: what it
 * sent and what the server agreed. An installed package does not tell which protocol a connection
 * speaks; the record does.
 */
export function mcpRevisions(
  transcripts: ReadonlyArray<Answer["transcript"]>,
): { readonly sent: string[]; readonly negotiated: string[] } | undefined {
  const facts = transcripts.flatMap((t) => {
    const record = transportRecord(t);
    return record ? [evidenceFacts(record)] : [];
  });
  if (facts.length === 0) return undefined;
  const distinct = (values: ReadonlyArray<string | null>) => [...new Set(values.filter((v): v is string => v !== null))].sort();
  return { sent: distinct(facts.flatMap((f) => f.revisions_sent)), negotiated: distinct(facts.map((f) => f.negotiated_revision)) };
}

/** How many transport cases of one implementation run at once when its handshake declares the operation concurrent (measured beside WIRE_CONCURRENCY). */
export const TRANSPORT_CONCURRENCY = 8;

type Schedule = <T>(task: () => Promise<T>) => Promise<T>;

/** Whether an implementation's handshake promises to answer calls of `op` concurrently (the hello's `concurrent`). */
export function answersConcurrently(handshake: Handshake, op: string): boolean {
  return handshake.concurrent?.includes(op) === true;
}

/** The concurrent limit of each implementation's run, found through that run's one-at-a-time queue. */
const concurrentLimits = new WeakMap<Schedule, Schedule>();

/**
 * Where an implementation's transport case of `op` waits for its turn: when the handshake declares
 * the op concurrent, a limit of `slots` (TRANSPORT_CONCURRENCY on a quiet machine, live-slots.ts) shared by the implementation's transport cases
 * (one per `serial`, its queue for this run), so the suite takes about as long as its slowest cases;
 * otherwise `serial` itself.
 */
export function transportSchedule(handshake: Handshake, op: string, serial: Schedule, slots = TRANSPORT_CONCURRENCY): Schedule {
  if (!answersConcurrently(handshake, op)) return serial;
  let limit = concurrentLimits.get(serial);
  if (limit === undefined) {
    limit = atMost(slots);
    concurrentLimits.set(serial, limit);
  }
  return limit;
}

/**
 * Runs tasks one after another. The transport cases of an implementation that does not declare
 * transport.call_tool concurrent go through one of these: a case may legitimately take its whole
 * time box, and an adapter that drives one MCP client at a time would otherwise leave the
 * pipelined ones waiting past their own timeouts.
 */
export function oneAtATime(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>) => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}
