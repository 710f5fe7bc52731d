/**
 * The MCP exchange behind a transport case's difference: `/server/initialize_*` the initialize
 * requests, `/server/tools_call_*` and `/server/tool_runs` the tools/call requests, any other
 * `/server/*` fact a line per exchange (what was asked, in order); a difference in the SDK's own
 * result (`/isError`, `/error_code`, `/text`, …) the tools/call requests, whose answer the SDK
 * should have turned into that result. Bodies are pretty-printed around the focus. Pure.
 */
import type { Difference } from "../model/difference.ts";
import type { CaseEvidence, Exchange } from "../transport/index.ts";
import { type Focus, focusedJson } from "./focused-json.ts";

type BodyText = NonNullable<Exchange["response_text"]>;

/** A case's exchanges are listed one line each up to this many. */
const LISTED = 20;
/** Exchanges shown whole behind one difference. */
const WHOLE = 3;

/** `#3 +12 ms → POST /mcp tools/call ← 401 (answered by status, 3 ms, finished)` */
function summary(ex: Exchange): string {
  const methods = [...new Set(ex.rpc.map((m) => m.method ?? m.kind))].join(", ");
  const took = ex.duration_ms === null ? "" : `, ${ex.duration_ms} ms`;
  return `#${ex.seq} +${ex.t_ms} ms → ${ex.http_method} ${ex.path}${methods ? ` ${methods}` : ""} ← ${ex.status ?? "no status line"} (answered by ${ex.answered_by}${took}, ${ex.outcome})`;
}

/** A body's JSON (an SSE stream's data frames as a list), else its text. */
function parsed(body: BodyText): unknown {
  try {
    return JSON.parse(body.text);
  } catch {
    const frames = body.text
      .split(/\r?\n/)
      .filter((l) => l.startsWith("data:"))
      .map((l) => l.slice(5).trim());
    try {
      return frames.length ? frames.map((f) => JSON.parse(f) as unknown) : body.text;
    } catch {
      return body.text;
    }
  }
}

function bodyLines(what: string, body: BodyText | undefined, focus: Focus, maxLines: number): string[] {
  if (!body) return [];
  const cut = body.cut ? `, ${body.cut} not kept` : "";
  const lines = focusedJson(parsed(body), focus, maxLines);
  const head = `  ${what} body (${body.bytes} bytes${cut}):`;
  return lines.length === 1 ? [`${head} ${lines[0]}`] : [head, ...lines.map((l) => `    ${l}`)];
}

function whole(ex: Exchange, focus: Focus, maxLines: number): string[] {
  const headers = Object.entries(ex.response_headers ?? {})
    .map(([k, v]) => `${k}: ${v}`)
    .join("; ");
  return [
    summary(ex),
    ...(headers ? [`  response headers: ${headers}`] : []),
    ...bodyLines("request", ex.request_body, focus, maxLines),
    ...bodyLines("response", ex.response_text, focus, maxLines),
  ];
}

const calls = (method: string) => (ex: Exchange) => ex.rpc.some((m) => m.method === method);

/** The exchanges behind `diff`, shown whole, or listed a line each when the fact is about all of them. */
export function exchangeBehind(evidence: CaseEvidence, diff: Difference, focus: Focus, maxLines: number): string[] {
  const exchanges = evidence.exchanges ?? [];
  const [, top, fact = ""] = diff.path.split("/");
  const listed = () => [
    ...exchanges.slice(0, LISTED).map(summary),
    ...(exchanges.length > LISTED ? [`… ${exchanges.length - LISTED} more exchanges`] : []),
    ...(exchanges.length === 0 ? ["no exchange reached the case's server"] : []),
  ];
  const pick =
    top === "server"
      ? fact.startsWith("initialize")
        ? exchanges.filter(calls("initialize"))
        : fact.startsWith("tools_call") || fact === "tool_runs"
          ? exchanges.filter(calls("tools/call"))
          : undefined
      : exchanges.filter(calls("tools/call"));
  if (!pick?.length) return listed();
  return pick.slice(-WHOLE).flatMap((ex) => whole(ex, focus, maxLines));
}
