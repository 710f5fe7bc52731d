/**
 * The evidence behind a live case's first difference, as lines a person reads: the Socket.IO
 * packets (or the MCP exchange) its pointer names, each pretty-printed around the values that
 * differed (focused-json.ts) rather than cut at a fixed width, so a tool list of one shows as one.
 * The case's live role picks what stands behind the difference (live/*-role.ts); this only shows
 * it, by its shape. The console, `show` and the HTML all print these lines.
 */

import type { Behind } from "../live/role.ts";
import { roleOfRecord } from "../live/roles.ts";
import type { Difference } from "../model/difference.ts";
import type { CaseRecord } from "../model/report.ts";
import { packetLine, type WirePacket } from "../wire/index.ts";
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

/** A value shown whole around the focus, under its head line. */
function valueLines(head: string, value: unknown, focus: Focus, maxLines: number): string[] {
  const body = focusedJson(value, focus, maxLines);
  return body.length === 1 ? [`${head} ${body[0]}`] : [head, ...body.map((l) => `  ${l}`)];
}

/** What the case's role says stands behind its first difference, shown whole around the focus. */
function shown(behind: Behind, c: LiveCase, maxLines: number): string[] {
  const focus = focusOfDiffs(c.diffs);
  switch (behind.show) {
    case "packets": {
      const opened = behind.secret !== undefined ? { values: [...focus.values, behind.secret], keys: focus.keys } : focus;
      return behind.packets.length ? behind.packets.flatMap((p) => packetLines(p, opened, maxLines)) : [behind.otherwise];
    }
    case "lines":
      return expand(behind.lines, behind.packets, focus, maxLines);
    case "value":
      return valueLines(behind.head, behind.value, focus, maxLines);
    case "exchanges":
      return c.diffs.length ? exchangeBehind(behind.evidence, c.diffs[0]!, focus, maxLines) : [];
    case "nothing":
      return [];
  }
}

/**
 * The lines behind a failing live case's first difference (none for a case with no live evidence or
 * no difference); each packet or body takes at most `maxLines` lines.
 */
export function evidenceBehind(c: LiveCase, maxLines: number): string[] {
  const role = roleOfRecord(c.transcript);
  if (!role) return [];
  return shown(role.behind({ result: c.result, transcript: c.transcript }, c.diffs[0]), c, maxLines);
}
