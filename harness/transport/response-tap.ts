/**
 * Watches one response on its way out, whoever writes it (the SDK, a scene, the harness): the
 * status line, every header, the body (kept within the case's budget), the JSON-RPC it carries
 * (SSE frames as they stream, a JSON body when it ends) and how it ended.
 */
import type { ServerResponse } from "node:http";
import { allHeaders, BODY_BYTES_PER_BODY, type ExchangeDraft } from "./case-recorder.ts";
import type { BodyText } from "./evidence.ts";
import { summarizeRpc, summarizeSseFrames } from "./rpc-summary.ts";

const CAPTURE_LIMIT = BODY_BYTES_PER_BODY;
const TEXT_LIMIT = 300;

/** The headers of a writeHead call, whichever form they came in (object, flat array, pairs). */
function headersOf(args: readonly unknown[]): Record<string, string> {
  const given = args.find((a) => typeof a === "object" && a !== null);
  if (!given) return {};
  const entries: [string, unknown][] = Array.isArray(given)
    ? Array.isArray(given[0])
      ? (given as [string, unknown][])
      : Array.from({ length: Math.floor(given.length / 2) }, (_, i) => [String(given[2 * i]), given[2 * i + 1]])
    : Object.entries(given);
  return allHeaders(Object.fromEntries(entries));
}

/**
 * Wraps writeHead/write/end of `res` so `ex` records what was sent, and marks the outcome on close.
 * `keep` turns the captured body into what the case keeps of it (its budget), given its whole size.
 */
export function tapResponse(
  res: ServerResponse,
  ex: ExchangeDraft,
  elapsed: () => number,
  keep: (body: Buffer, bytes: number) => BodyText,
): void {
  let text = "";
  let parsedUpTo = 0;
  const captured: Buffer[] = [];
  let capturedBytes = 0;
  let bytes = 0;
  let kept = false;
  const keepBody = () => {
    if (kept || bytes === 0) return;
    kept = true;
    ex.response_text = keep(Buffer.concat(captured), bytes);
  };
  const isSse = () => (ex.response_headers["content-type"] ?? String(res.getHeader("content-type") ?? "")).includes("text/event-stream");
  const feed = (chunk: unknown) => {
    if (chunk === null || chunk === undefined || typeof chunk === "function") return;
    const buffer = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : Buffer.from(chunk as Uint8Array);
    bytes += buffer.length;
    if (capturedBytes > CAPTURE_LIMIT) return;
    captured.push(buffer);
    capturedBytes += buffer.length;
    text += buffer.toString("utf8");
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
      Object.assign(ex.response_headers, allHeaders(res.getHeaders()), headersOf(rest));
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
    keepBody();
    if (isSse() || text.trim() === "") return;
    try {
      ex.response_rpc.push(...summarizeRpc(JSON.parse(text)));
    } catch {
      // not JSON: kept as text below
    }
    if (ex.response_rpc.length === 0) ex.response_body = text.slice(0, TEXT_LIMIT);
  });
  res.on("close", () => {
    keepBody(); // a stream closed before it finished: what was sent
    ex.duration_ms = Math.round((elapsed() - ex.t_ms) * 10) / 10;
    ex.outcome = res.writableFinished ? "finished" : "closed_before_finish";
  });
}
