/**
 * A wire case's recorded exchange as people read it: one line per packet (`→` Server to Computer,
 * `←` Computer to Server), and the packets behind a verdict's first difference. Pure.
 */
import type { Difference } from "../model/difference.ts";
import type { ComputerSceneEvidence, ComputerStepRecord } from "./computer-evidence.ts";
import { SMCP_NAMESPACE, stepName } from "./computer-scene.ts";
import type { WirePacket } from "./scene-record.ts";
import { type ServerSceneEvidence, serverStepName } from "./server-scene.ts";

const PREVIEW_CHARS = 240;

/** `#7 +312.4ms → client:get_tools [ack 3] {"agent":…}`: one packet, its arguments cut to a preview. */
export function packetLine(p: WirePacket, focus?: string, preview = PREVIEW_CHARS): string {
  const arrow = p.dir === "out" ? "→" : "←";
  const what = p.type === "event" ? (p.event ?? "?") : p.type;
  const ack = p.ack_id !== undefined ? ` [ack ${p.ack_id}]` : "";
  const args = p.args?.length ? ` ${JSON.stringify(p.args.length === 1 ? p.args[0] : p.args)}` : "";
  const nsp = p.nsp === SMCP_NAMESPACE ? "" : ` (${p.nsp})`;
  const text = `${what}${ack}${nsp}${args}`;
  return `#${p.seq} +${p.t_ms}ms ${arrow} ${cut(text, focus, preview)}`;
}

/** The text cut to `preview` characters, around the first `focus` when it occurs past the start. */
function cut(text: string, focus: string | undefined, preview: number): string {
  if (text.length <= preview) return text;
  const at = focus ? text.indexOf(focus) : -1;
  if (focus === undefined || at < preview - focus.length) return `${text.slice(0, preview)}…`;
  const start = Math.max(0, at - Math.floor(preview / 2));
  return `…${text.slice(start, start + preview)}…`;
}

/** What a wire case's packet line should be centred on: a leaked secret, when that is the difference. */
export function focusOf(evidence: ComputerSceneEvidence, diff: Difference | undefined): string | undefined {
  if (!(diff?.path ?? "").startsWith("/leaked_secrets")) return undefined;
  return evidence.planted_secrets?.[0];
}

/** Every packet, in order, as lines (each cut to `preview` characters). */
export function exchangeLines(evidence: ComputerSceneEvidence, preview = PREVIEW_CHARS): string[] {
  return (evidence.packets ?? []).map((p) => packetLine(p, undefined, preview));
}

/**
 * The packets a difference points at: for `/steps/<name>/…` the step's request and its ack (or the
 * request alone, with no ack); for `/handshake` the CONNECT; for `/join` the join; for
 * `/leaked_secrets` the first packet carrying a planted secret; for `/updates_before_join` the first
 * update. Empty when the record has none.
 */
export function packetsBehind(evidence: ComputerSceneEvidence, diff: Difference | undefined): WirePacket[] {
  const packets = (evidence.packets ?? []).filter((p) => p.nsp === SMCP_NAMESPACE);
  const [, top, name] = (diff?.path ?? "").split("/");
  if (top === "steps" && name !== undefined) {
    const step = (evidence.steps ?? []).find((s: ComputerStepRecord) => stepName(s.step) === name);
    if (!step || step.ack_id === undefined) return [];
    const sent = packets.find((p) => p.dir === "out" && p.type === "event" && p.ack_id === step.ack_id && p.conn === step.conn);
    const ack = packets.find((p) => p.dir === "in" && p.type === "ack" && p.ack_id === step.ack_id && p.conn === step.conn);
    return [sent, ack].filter((p): p is WirePacket => p !== undefined);
  }
  const first = (pred: (p: WirePacket) => boolean) => packets.filter(pred).slice(0, 1);
  if (top === "handshake" || top === "connected") return first((p) => p.dir === "in" && p.type === "connect");
  if (top === "join") return first((p) => p.dir === "in" && p.event === "server:join_office");
  if (top === "updates_before_join") return first((p) => p.dir === "in" && (p.event ?? "").startsWith("server:update_"));
  if (top === "leaked_secrets") {
    const secrets = evidence.planted_secrets ?? [];
    return first((p) => secrets.some((s) => JSON.stringify([p.event ?? null, p.args ?? []]).includes(s)));
  }
  return [];
}

/**
 * A Server-under-test case's lines behind a difference: `/handshakes/<client>` its connection
 * attempt; `/steps/<name>` the step's request and ack; `/clients/<client>` what that client
 * received. Packet lines name the client (`conn`).
 */
export function serverLinesBehind(evidence: ServerSceneEvidence, diff: Difference | undefined): string[] {
  const [, top, key] = (diff?.path ?? "").split("/");
  const packets = (evidence.packets ?? []).filter((p) => p.nsp === SMCP_NAMESPACE);
  const line = (p: WirePacket) => `${p.conn} ${packetLine(p)}`;
  if (top === "handshakes") {
    const c = (evidence.connects ?? []).find((x) => x.client === key);
    return c
      ? [
          `${key} connect: ${c.connected ? "connected" : `refused, HTTP ${c.status ?? "?"} ${c.error_code_header ? `X-A2C-Error-Code ${c.error_code_header} ` : ""}${c.body ?? c.error ?? ""}`}`,
        ]
      : [];
  }
  if (top === "steps") {
    const step = (evidence.steps ?? []).find((s) => serverStepName(s.step) === key);
    if (!step) return [];
    const sent = packets.find((p) => p.dir === "out" && p.type === "event" && p.conn === step.client && p.ack_id === step.ack_id);
    const ack = packets.find((p) => p.dir === "in" && p.type === "ack" && p.conn === step.client && p.ack_id === step.ack_id);
    return [sent, ack].filter((p): p is WirePacket => p !== undefined).map(line);
  }
  if (top === "clients")
    return packets
      .filter((p) => p.conn === key && p.dir === "in" && p.type === "event")
      .slice(0, 8)
      .map(line);
  return [];
}
