/**
 * Watches one response on its way out, whoever writes it (the SDK, a scene, the harness): the
 * status line, the headers worth keeping, the JSON-RPC it carries (SSE frames as they stream, a
 * JSON body when it ends) and how it ended.
 */
import type { ServerResponse } from "node:http";
import { type ExchangeDraft, pickHeaders, RESPONSE_HEADERS } from "./case-recorder.ts";
import { summarizeRpc, summarizeSseFrames } from "./rpc-summary.ts";

const CAPTURE_LIMIT = 256 * 1024;
const TEXT_LIMIT = 300;

/** The named headers of a writeHead call, whichever form they came in (object, flat array, pairs). */
function headersOf(args: readonly unknown[]): Record<string, string> {
  const given = args.find((a) => typeof a === "object" && a !== null);
  if (!given) return {};
  const entries: [string, unknown][] = Array.isArray(given)
    ? Array.isArray(given[0])
      ? (given as [string, unknown][])
      : Array.from({ length: Math.floor(given.length / 2) }, (_, i) => [String(given[2 * i]), given[2 * i + 1]])
    : Object.entries(given);
  return pickHeaders(Object.fromEntries(entries.map(([k, v]) => [k.toLowerCase(), v])), RESPONSE_HEADERS);
}

/** Wraps writeHead/write/end of `res` so `ex` records what was sent, and marks the outcome on close. */
export function tapResponse(res: ServerResponse, ex: ExchangeDraft, elapsed: () => number): void {
  let text = "";
  let parsedUpTo = 0;
  const isSse = () => (ex.response_headers["content-type"] ?? String(res.getHeader("content-type") ?? "")).includes("text/event-stream");
  const feed = (chunk: unknown) => {
    if (chunk === null || chunk === undefined || typeof chunk === "function" || text.length > CAPTURE_LIMIT) return;
    text += typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
    if (!isSse()) return;
    const cut = text.lastIndexOf("\n\n");
    if (cut >= parsedUpTo) {
      ex.response_rpc.push(...summarizeSseFrames(text.slice(parsedUpTo, cut)));
      parsedUpTo = cut + 2;
    }
  };
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  Object.assign(res, {
    writeHead: (status: number, ...rest: unknown[]) => {
      ex.status = status;
      Object.assign(ex.response_headers, pickHeaders(res.getHeaders(), RESPONSE_HEADERS), headersOf(rest));
      return writeHead(status, ...rest);
    },
    write: (chunk: unknown, ...rest: unknown[]) => {
      feed(chunk);
      return write(chunk, ...rest);
    },
    end: (chunk?: unknown, ...rest: unknown[]) => {
      feed(chunk);
      return end(chunk, ...rest);
    },
  });
  res.on("finish", () => {
    ex.status ??= res.statusCode;
    if (isSse() || text.trim() === "") return;
    try {
      ex.response_rpc.push(...summarizeRpc(JSON.parse(text)));
    } catch {
      // not JSON: kept as text below
    }
    if (ex.response_rpc.length === 0) ex.response_body = text.slice(0, TEXT_LIMIT);
  });
  res.on("close", () => {
    ex.duration_ms = Math.round((elapsed() - ex.t_ms) * 10) / 10;
    ex.outcome = res.writableFinished ? "finished" : "closed_before_finish";
  });
}
