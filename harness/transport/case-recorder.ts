/**
 * The mutable side of one case's evidence: exchanges are opened as requests arrive and filled in
 * as answers go out; tool runs and SDK errors are appended. `snapshot()` hands out a copy, so the
 * record a caller keeps never changes under it.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { performance } from "node:perf_hooks";
import { loopStallMark } from "../util/loop-stall.ts";
import type { Answerer, BodyText, CaseEvidence, Exchange, RpcMessage, StdioFrame, ToolRun } from "./evidence.ts";
import type { CaseSpec } from "./scene.ts";

const TEXT_LIMIT = 300;
/** Each case keeps this many exchanges and tool runs, and counts the rest: a flood through one case cannot grow its record without end. */
export const RECORDS_KEPT = 200;
/**
 * Request and response body bytes one case keeps whole, over all its exchanges: enough for every
 * exchange of an honest case (a few KiB each); past it each body is cut, saying by how many bytes.
 * Headers are kept whole (Node bounds a request's headers to 16 KiB).
 */
export const BODY_BYTES_PER_CASE = 1024 * 1024;
/** One body is kept up to this many bytes (what a response tap captures), whatever is left of the case's budget. */
export const BODY_BYTES_PER_BODY = 256 * 1024;
/** Header values recorded as present, never their value. */
const SECRET_HEADERS = new Set(["authorization", "cookie", "set-cookie", "proxy-authorization"]);

/** An exchange while it is being recorded. */
export type ExchangeDraft = { -readonly [K in keyof Exchange]: Exchange[K] } & {
  response_rpc: RpcMessage[];
  response_headers: Record<string, string>;
};

/** Every header, as strings (names lower-cased); a credential header is recorded as present, never its value. */
export function allHeaders(headers: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const name = key.toLowerCase();
    out[name] = SECRET_HEADERS.has(name) ? "<present>" : Array.isArray(value) ? value.join(", ") : String(value);
  }
  return out;
}

/**
 * The SHA-256 of a request's Authorization value, never the value: enough for a wire case to see that
 * the credential it planted (a resolved secret input, say) reached its MCP server, and nothing more.
 */
function authorizationFingerprint(value: string | undefined): { authorization_sha256?: string } {
  return typeof value === "string" ? { authorization_sha256: createHash("sha256").update(value).digest("hex") } : {};
}

export class CaseRecorder {
  private readonly started = performance.now();
  private readonly stallAtOpen = loopStallMark();
  /** The harness loop's stall while the case was open (util/loop-stall.ts), set when it closes. */
  private stalledMs: number | undefined;
  private readonly openedAt = new Date().toISOString();
  private readonly exchanges: ExchangeDraft[] = [];
  private readonly runs: ToolRun[] = [];
  private readonly errors: { name: string; message: string }[] = [];
  private readonly stdioFrames: StdioFrame[] = [];
  private stdioFramesNotKept = 0;
  private closed = false;
  private readonly notKept = { exchanges: 0, tool_runs: 0 };
  private bodyBytesKept = 0;

  constructor(
    private readonly spec: CaseSpec,
    private readonly url: string,
  ) {}

  /** Milliseconds since the case opened, to a tenth. */
  elapsed(): number {
    return Math.round((performance.now() - this.started) * 10) / 10;
  }

  /** Opens the record of a request that just arrived (its body is summarized later). */
  openExchange(req: IncomingMessage, path: string): ExchangeDraft {
    const draft: ExchangeDraft = {
      seq: this.exchanges.length + 1,
      t_ms: this.elapsed(),
      http_method: req.method ?? "GET",
      path,
      request_headers: allHeaders(req.headers),
      ...authorizationFingerprint(req.headers.authorization),
      rpc: [],
      client_revision: null,
      answered_by: "sdk" as Answerer,
      status: null,
      response_headers: {},
      response_rpc: [],
      outcome: "open",
      duration_ms: null,
    };
    if (this.closed) return draft;
    if (this.exchanges.length < RECORDS_KEPT) this.exchanges.push(draft);
    else this.notKept.exchanges++;
    return draft;
  }

  /** A body as this case keeps it: whole while the case's body budget lasts, then cut (`bytes` is always its whole size). */
  keepBody(body: Buffer, bytes = body.length): BodyText {
    const room = Math.max(0, BODY_BYTES_PER_CASE - this.bodyBytesKept);
    const kept = Math.min(room, body.length, BODY_BYTES_PER_BODY);
    this.bodyBytesKept += kept;
    const text = body.subarray(0, kept).toString("utf8");
    return kept < bytes ? { text, bytes, cut: bytes - kept } : { text, bytes };
  }

  /** Counts one run of the tool handler. */
  recordRun(run: Omit<ToolRun, "t_ms">): void {
    if (this.closed) return;
    if (this.runs.length < RECORDS_KEPT) this.runs.push({ t_ms: this.elapsed(), ...run });
    else this.notKept.tool_runs++;
  }

  /** Keeps an error the SDK reported out of band. */
  recordSdkError(error: unknown): void {
    if (this.closed) return;
    const e = error instanceof Error ? error : new Error(String(error));
    this.errors.push({ name: e.name, message: e.message.slice(0, TEXT_LIMIT) });
  }

  /** Keeps the frames a stdio bridge reports (in its order); past RECORDS_KEPT they are counted. Only well-formed frames. */
  recordStdioFrames(frames: unknown): number {
    if (this.closed || !Array.isArray(frames)) return 0;
    let kept = 0;
    for (const f of frames) {
      const frame = f as Partial<StdioFrame> | null;
      if (!frame || (frame.dir !== "from_computer" && frame.dir !== "to_computer") || typeof frame.t_ms !== "number") continue;
      if (this.stdioFrames.length < RECORDS_KEPT) {
        this.stdioFrames.push({ dir: frame.dir, t_ms: frame.t_ms, message: frame.message ?? null });
        kept++;
      } else this.stdioFramesNotKept++;
    }
    return kept;
  }

  /** Freezes the record: whatever arrives later is not part of the case. */
  close(): void {
    if (!this.closed) this.stalledMs = Math.round(loopStallMark() - this.stallAtOpen);
    this.closed = true;
  }

  /** A deep copy of the record as it stands. */
  snapshot(): CaseEvidence {
    return structuredClone({
      case_id: this.spec.id,
      transport: this.spec.transport,
      mode: this.spec.mode,
      url: this.url,
      scene: this.spec.scene,
      opened_at: this.openedAt,
      exchanges: this.exchanges,
      tool_runs: this.runs,
      sdk_errors: this.errors,
      closed: this.closed,
      ...(this.stalledMs !== undefined ? { loop_stalled_ms: this.stalledMs } : {}),
      ...(this.notKept.exchanges + this.notKept.tool_runs > 0 ? { not_kept: this.notKept } : {}),
      ...(this.bodyBytesKept > 0 ? { body_bytes_kept: this.bodyBytesKept } : {}),
      ...(this.stdioFrames.length > 0 ? { stdio_frames: this.stdioFrames } : {}),
      ...(this.stdioFramesNotKept > 0 ? { stdio_frames_not_kept: this.stdioFramesNotKept } : {}),
    });
  }
}
