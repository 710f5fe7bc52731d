/**
 * The evidence behind a live case's first difference, as lines a person reads: the Socket.IO
 * packets (or the MCP exchange) its pointer names, each pretty-printed around the values that
 * differed (focused-json.ts) rather than cut at a fixed width, so a tool list of one shows as one.
 * The wire module picks the packets (exchange.ts, agent-exchange.ts); this only shows them. The
 * console, `show` and the HTML all print these lines.
 */
import type { Difference } from "../model/difference.ts";
import type { CaseRecord } from "../model/report.ts";
import type { CaseEvidence } from "../transport/index.ts";
import {
  type AgentSceneEvidence,
  agentLinesBehind,
  focusOf,
  packetLine,
  packetsBehind,
  type ServerSceneEvidence,
  serverLinesBehind,
  type WireEvidence,
  type WirePacket,
} from "../wire/index.ts";
import { exchangeBehind } from "./exchange-behind.ts";
import { type Focus, focusedJson } from "./focused-json.ts";

/** What a case must carry for its evidence to be shown. */
export type LiveCase = Pick<CaseRecord, "diffs" | "result" | "transcript">;

/**
 * The focus of a difference and of its siblings (the differences under the same step or fact): the
 * scalar values that differed and the last key of each pointer.
 */
export function focusOfDiffs(diffs: readonly Difference[]): Focus {
  const [, top, name] = (diffs[0]?.path ?? "").split("/");
  const near = diffs.filter((d) => d.path.split("/")[1] === top && d.path.split("/")[2] === name);
  const values: (string | number)[] = [];
  const collect = (v: unknown): void => {
    if (typeof v === "string" || typeof v === "number") values.push(v);
    else if (typeof v === "object" && v !== null) for (const x of Object.values(v)) collect(x);
  };
  for (const d of near) {
    collect(d.expected);
    collect(d.actual);
  }
  const keys = near.map((d) => d.path.split("/").at(-1)!).filter((k) => k !== "" && !/^[0-9]+$/.test(k));
  return { values, keys };
}

/** One packet: its head as the wire module writes it, then its arguments pretty-printed around the focus. */
function packetLines(p: WirePacket, focus: Focus, maxLines: number, conn?: string): string[] {
  const head = `${conn ? `${conn} ` : ""}${packetLine({ ...p, args: [] })}`;
  const cut = p.truncated_bytes ? ` (an argument was cut by the recorder: it had ${p.truncated_bytes} bytes)` : "";
  if (!p.args?.length) return [head + cut];
  const body = focusedJson(p.args.length === 1 ? p.args[0] : p.args, focus, maxLines);
  return body.length === 1 ? [`${head} ${body[0]}${cut}`] : [head + cut, ...body.map((l) => `  ${l}`)];
}

/** Lines the wire module wrote for a difference, each naming a packet by `#seq`, with those packets shown whole. */
function expand(lines: readonly string[], packets: readonly WirePacket[], focus: Focus, maxLines: number): string[] {
  return lines.flatMap((line) => {
    const m = /^(?:(\S+) )?#([0-9]+) \+/.exec(line);
    const p = m ? packets.find((x) => x.seq === Number(m[2]) && (m[1] === undefined || x.conn === m[1])) : undefined;
    return p ? packetLines(p, focus, maxLines, m?.[1]) : [line];
  });
}

/** An Agent step's answer from the SDK's API (the adapter's output), shown whole around the focus. */
function surfacedLines(output: unknown, key: string | undefined, focus: Focus, maxLines: number): string[] | undefined {
  const steps = (output as { steps?: unknown[] } | undefined)?.steps ?? [];
  const step = steps.find((s) => (s as { as?: unknown })?.as === key) as Record<string, unknown> | undefined;
  if (!step) return undefined;
  const said = step.error ?? step.value ?? step.reason ?? null;
  const head = `the SDK's ${key}: ${String(step.outcome)}`;
  const body = focusedJson(said, focus, maxLines);
  return body.length === 1 ? [`${head} ${body[0]}`] : [head, ...body.map((l) => `  ${l}`)];
}

/** What the adapter said of its session when no packet stands behind the difference. */
function noPacket(c: LiveCase, evidence: WireEvidence): string {
  const out =
    c.result?.kind === "ok"
      ? (c.result.output as { ended?: unknown; stage?: unknown; raised?: { type?: unknown; message?: unknown } | null })
      : undefined;
  const raised = out?.raised ? `, ${String(out.raised.type)}: ${String(out.raised.message)}` : "";
  return `no packet behind it (${evidence.packets?.length ?? 0} recorded); the adapter: ended ${String(out?.ended ?? "?")}${out?.stage ? ` at ${String(out.stage)}` : ""}${raised}`;
}

/** The wire scene's packets behind the first difference, by the role under test. */
function wireBehind(c: LiveCase, evidence: WireEvidence, maxLines: number): string[] {
  const diff = c.diffs[0];
  const base = focusOfDiffs(c.diffs);
  const kind = (evidence as { kind?: unknown }).kind;
  const output = c.result?.kind === "ok" ? c.result.output : undefined;
  if (kind === "server")
    return expand(serverLinesBehind(evidence as unknown as ServerSceneEvidence, diff), evidence.packets ?? [], base, maxLines);
  if (kind === "agent") {
    const [, top, key] = (diff?.path ?? "").split("/");
    const surfaced = top === "surfaced" ? surfacedLines(output, key, base, maxLines) : undefined;
    return (
      surfaced ?? expand(agentLinesBehind(evidence as unknown as AgentSceneEvidence, output, diff), evidence.packets ?? [], base, maxLines)
    );
  }
  // A leaked secret is the focus itself: the packet is opened where it sits.
  const secret = focusOf(evidence, diff);
  const focus = secret ? { values: [...base.values, secret], keys: base.keys } : base;
  const packets = packetsBehind(evidence, diff);
  return packets.length ? packets.flatMap((p) => packetLines(p, focus, maxLines)) : [noPacket(c, evidence)];
}

/**
 * The lines behind a failing live case's first difference (none for a case with no live evidence or
 * no difference); each packet or body takes at most `maxLines` lines.
 */
export function evidenceBehind(c: LiveCase, maxLines: number): string[] {
  const wire = c.transcript.wire?.evidence as unknown as WireEvidence | undefined;
  if (wire) return wireBehind(c, wire, maxLines);
  const transport = c.transcript.transport?.evidence as unknown as CaseEvidence | undefined;
  if (transport?.exchanges && c.diffs.length) return exchangeBehind(transport, c.diffs[0]!, focusOfDiffs(c.diffs), maxLines);
  return [];
}
