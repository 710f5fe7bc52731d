/**
 * When a live case's time box expired because the implementation had not had it to act in, not
 * because it hung. Such a case is a `timeout` (which box, after how long, what had happened by then),
 * never a list of value differences and never matched against a pinned answer; the run retries it
 * alone (retry.ts). Pure, from the answer and the scene's record alone, so `audit` re-derives it.
 *
 * A transport adapter reports `hangs: true` when its SDK did not finish within the box. That is the
 * SDK's hang only when the record shows the SDK quiet for a good part of the box before it expired:
 * it sent its requests, got its answers, and then did nothing. A box that expired while the SDK was
 * still sending (its first request late, its last one near the end), or while the harness's own
 * event loop stood still (the record's loop_stalled_ms), measured the machine's load.
 */
import type { CallResult } from "../model/implementation.ts";

/**
 * How long the SDK must have been quiet before its box expired for the expiry to count as its hang:
 * half the box, at least a second. Quiet SDKs on the developers' machine send their last request
 * within the first 400 ms of a 5 s box; under load (load 8-17 on 2 cores) Rust's first request came
 * at +4.6 s.
 */
export function quietBeforeHangMs(boxMs: number): number {
  return Math.max(1_000, boxMs / 2);
}

/**
 * How long the harness's event loop may stand still while a transport case is open before a box
 * that expired in it says nothing of the SDK: a fifth of the box, at least a second. On the
 * developers' quiet machine a case's stall is tens of milliseconds; in a rehearsal under load the
 * reference's auth cases answered 401 at once and their answers were read only after the box.
 */
export function stallVoidsBoxMs(boxMs: number): number {
  return Math.max(1_000, boxMs / 5);
}

interface ExchangeLike {
  readonly t_ms?: number;
  readonly duration_ms?: number | null;
  readonly http_method?: string;
  readonly outcome?: string;
}

/** The boxes a transport call was given, as its request line says. */
export interface TransportBoxes {
  readonly connect_ms: number;
  readonly call_ms: number;
}

/**
 * The timeout a transport answer really is, or undefined when the answer stands as the SDK's own:
 * `hangs: true`, and the SDK still active (or not yet started) within quietBeforeHangMs of the box's end.
 */
export function transportTimeout(output: unknown, evidence: unknown, boxes: TransportBoxes | undefined): CallResult | undefined {
  const out = (output ?? {}) as { hangs?: unknown; stage?: unknown; elapsed_ms?: unknown };
  if (out.hangs !== true || boxes === undefined) return undefined;
  const stage = out.stage === "call" ? "call" : "connect";
  const boxMs = stage === "call" ? boxes.call_ms : boxes.connect_ms;
  const exchanges = ((evidence as { exchanges?: readonly ExchangeLike[] } | null)?.exchanges ?? []).filter(
    (e) => typeof e.t_ms === "number",
  );
  const elapsed = typeof out.elapsed_ms === "number" ? out.elapsed_ms : null;
  // The adapter's clock starts when it reads the call, at or after the case opened: the box ended no
  // earlier than elapsed_ms on the case's clock, so the quiet measured here is never more than the real one.
  const end = elapsed ?? (stage === "call" ? boxes.connect_ms + boxes.call_ms : boxes.connect_ms);
  const lastActive = Math.max(-Infinity, ...exchanges.map(activeUntil));
  const quiet = end - lastActive;
  const stalled = (evidence as { loop_stalled_ms?: unknown } | null)?.loop_stalled_ms;
  // The quiet is the SDK's only if the machine let it act: a harness loop that stood still for much of
  // the case held the scene's server, and an in-process SDK, still too (an answer sent but not yet read).
  if (typeof stalled === "number" && stalled >= stallVoidsBoxMs(boxMs))
    return {
      kind: "timeout",
      starved: true,
      message: `the ${stage} time box (${boxMs} ms) expired ${elapsed === null ? "" : `after ${ms(elapsed)} `}while the harness's event loop stood still for ${ms(stalled)} of the case (the machine's load): the quiet before it ended measured the machine, not the SDK`,
    };
  if (exchanges.length > 0 && quiet >= quietBeforeHangMs(boxMs)) return undefined;
  const seen =
    exchanges.length === 0
      ? "the server had seen no request from it"
      : `the server had seen ${exchanges.length} request${exchanges.length === 1 ? "" : "s"} (the first at +${ms(exchanges[0]!.t_ms!)}, the SDK last active at +${ms(lastActive)}, ${ms(Math.max(0, quiet))} before the box ended)`;
  return {
    kind: "timeout",
    starved: true,
    message: `the ${stage} time box (${boxMs} ms) expired ${elapsed === null ? "" : `after ${ms(elapsed)} `}while the SDK was still acting: ${seen}; too little of the box was left to call it a hang`,
  };
}

/** When the SDK was last active on an exchange: its request's arrival, or the end of an answer it waited for (a long-lived GET stream is not waiting). */
function activeUntil(e: ExchangeLike): number {
  const start = e.t_ms!;
  if (e.http_method === "GET" || e.outcome !== "finished" || typeof e.duration_ms !== "number") return start;
  return start + e.duration_ms;
}

/**
 * A wire.computer scene that ended by its time box before the Computer under test asked to join,
 * while the Computer was still acting (nothing reached the Server or its MCP servers yet, or its last
 * request came within quietBeforeHangMs of the box's end). A join it asked for and the Server
 * refused is its answer, judged on its packets; so is a Computer that got its MCP answers early and
 * then never came (its boot hung): that is the SDK's hang, not the runner's.
 */
export function wireComputerTimeout(evidence: unknown, boxMs: number | undefined): CallResult | undefined {
  const e = (evidence ?? {}) as {
    ended?: unknown;
    handshakes?: ReadonlyArray<{ t_ms?: number }>;
    packets?: ReadonlyArray<{ dir?: string; type?: string; event?: string; t_ms?: number }>;
    mcp?: Readonly<Record<string, { exchanges?: readonly ExchangeLike[] } | undefined>>;
  };
  if (e.ended !== "no_join" || boxMs === undefined) return undefined;
  const packets = e.packets ?? [];
  if (packets.some((p) => p.dir === "in" && p.type === "event" && p.event === "server:join_office")) return undefined;
  const handshakes = e.handshakes ?? [];
  const mcpExchanges = Object.values(e.mcp ?? {}).flatMap((m) => (m?.exchanges ?? []).filter((x) => typeof x.t_ms === "number"));
  const times = [
    ...handshakes.map((h) => h.t_ms ?? 0),
    ...packets.filter((p) => p.dir === "in").map((p) => p.t_ms ?? 0),
    ...mcpExchanges.map(activeUntil),
  ];
  const lastActive = Math.max(-Infinity, ...times);
  if (times.length > 0 && boxMs - lastActive >= quietBeforeHangMs(boxMs)) return undefined;
  const seen =
    times.length === 0
      ? "nothing had reached the Server or its MCP servers"
      : `${handshakes.length} connection${handshakes.length === 1 ? "" : "s"} had reached the Server and ${mcpExchanges.length} request${mcpExchanges.length === 1 ? "" : "s"} its MCP servers, the Computer last active at +${ms(lastActive)}`;
  return {
    kind: "timeout",
    starved: true,
    message: `the scene's time box (${boxMs} ms) expired before the Computer joined its office, while it was still acting: ${seen}`,
  };
}

/**
 * The number fields of the call's input, read back from the request line the adapter was sent (one
 * parse; read only for a case whose box may have expired).
 */
export function sentNumbers<K extends string>(request: string | null, fields: readonly K[]): Partial<Record<K, number>> {
  let input: Record<string, unknown> | undefined;
  try {
    input = request === null ? undefined : (JSON.parse(request) as { input?: Record<string, unknown> }).input;
  } catch {
    input = undefined;
  }
  const out: Partial<Record<K, number>> = {};
  for (const field of fields) if (typeof input?.[field] === "number") out[field] = input[field] as number;
  return out;
}

function ms(value: number): string {
  return value >= 1_000 ? `${(value / 1_000).toFixed(1)} s` : `${Math.round(value)} ms`;
}
