/**
 * `transport.call_tool` for the reference (vectors/_schema/ops/transport.call_tool.json,
 * harness/transport/README.md): one tool call down the reference Computer's own MCP path. The
 * server is mounted as the Computer mounts it (McpFleet: the official MCP client over streamable
 * HTTP or SSE, then tools/list), the tool called through ToolCalls (the CallToolResult the Computer
 * would ack, an upstream failure mapped by upstream-failure.ts), then everything closed. Connecting
 * and calling each get their time box: one that expires is `hangs: true` at that stage, and the
 * answer never waits past it (closing is bounded as well, within the harness's allowance).
 */
import { InvalidInputError, type JsonObject } from "../src/index.ts";
import { Unsupported } from "../unsupported.ts";
import { McpFleet } from "./mcp-fleet.ts";
import { redactorFor } from "./secrets.ts";
import { configureServers } from "./server-config.ts";
import { ToolCalls } from "./tool-calls.ts";

/** The operation's input, schema-checked by the harness before it arrives. */
export interface TransportCallInput {
  readonly transport: "streamable_http" | "sse" | "sse_handwritten";
  readonly url: string;
  readonly tool: string;
  readonly arguments: JsonObject;
  readonly time_box_ms: number;
  readonly connect_time_box_ms: number;
  readonly server_name: string;
  readonly bundle_id?: string;
}

export interface TransportCallOutput {
  readonly isError: boolean | null;
  readonly error_code: number | null;
  readonly mcp_server: string | null;
  readonly text: string | null;
  readonly hangs: boolean;
  readonly elapsed_ms: number;
  readonly stage: "connect" | "call";
  readonly client_revision: string | null;
  readonly raised?: { readonly type: string; readonly message: string };
}

/** The op schema's pattern for `url`: the harness's loopback scene, this case's path, nothing else. */
const CASE_URL = /^http:\/\/127\.0\.0\.1:[0-9]{1,5}\/c\/[A-Za-z0-9_.-]{1,80}\/(mcp|sse)$/;
/** The MCP client's own request timeout sits past the box, so the box, not the client, decides a hang. */
const CLIENT_SLACK_MS = 1_000;
/** Closing waits no longer than this: the answer is out within both boxes + 8 s (adapterBudgetMs). */
const CLOSE_BOUND_MS = 3_000;

type Boxed<T> =
  | { readonly kind: "returned"; readonly value: T }
  | { readonly kind: "raised"; readonly error: unknown }
  | { readonly kind: "expired" };

export async function runTransportCall(input: TransportCallInput): Promise<TransportCallOutput> {
  if (input.transport === "sse_handwritten")
    throw new Unsupported(
      "sse_handwritten is the Rust SDK's hand-written SSE client; the reference Computer has none (its SSE path is the MCP SDK's SSEClientTransport, transport sse)",
    );
  if (!CASE_URL.test(input.url))
    throw new InvalidInputError(
      "unclassified",
      `the reference connects only to the harness's loopback case URL, got ${JSON.stringify(input.url)}`,
    );
  const [server] = configureServers([
    {
      type: input.transport,
      name: input.server_name,
      url: input.url,
      ...(input.bundle_id === undefined ? {} : { bundle_id: input.bundle_id }),
    },
  ]);
  const fleet = new McpFleet();
  const calls = new ToolCalls(redactorFor([]));
  const started = performance.now();
  const ended = (stage: "connect" | "call", rest: Partial<TransportCallOutput> = {}): TransportCallOutput => ({
    isError: null,
    error_code: null,
    mcp_server: null,
    text: null,
    hangs: false,
    client_revision: null,
    elapsed_ms: Math.round((performance.now() - started) * 10) / 10,
    stage,
    ...rest,
  });
  try {
    const mounting = await withinBox(fleet.mountOne(server!, input.connect_time_box_ms + CLIENT_SLACK_MS), input.connect_time_box_ms);
    if (mounting.kind === "expired") return ended("connect", { hangs: true });
    if (mounting.kind === "raised") return ended("connect", { raised: raisedOf(mounting.error) });
    const mounted = mounting.value;
    const revision = { client_revision: mounted.revision };
    // No timeout of the Computer's own: the box is the observation, and the MCP client's limit (60 s) lies past it.
    const calling = await withinBox(
      calls.call({ mounted, tool: input.tool }, input.arguments, undefined, "transport.call_tool"),
      input.time_box_ms,
    );
    if (calling.kind === "expired") return ended("call", { ...revision, hangs: true });
    if (calling.kind === "raised") return ended("call", { ...revision, raised: raisedOf(calling.error) }); // a reference bug: ToolCalls answers every outcome
    const { isError, content, meta } = calling.value;
    const { error_code: code, mcp_server: bundleId } = meta !== null && typeof meta === "object" && !Array.isArray(meta) ? meta : {};
    return ended("call", {
      ...revision,
      isError,
      error_code: Number.isInteger(code) ? (code as number) : null,
      mcp_server: typeof bundleId === "string" ? bundleId : null,
      text: content.flatMap((c) => (c["type"] === "text" && typeof c["text"] === "string" ? [c["text"]] : [])).join("\n"),
    });
  } finally {
    calls.abortAll();
    await Promise.race([fleet.close(), new Promise((resolve) => setTimeout(resolve, CLOSE_BOUND_MS).unref())]);
  }
}

/** The work's outcome, or `expired` once `boxMs` has passed (the work goes on; the caller stops it). */
async function withinBox<T>(work: Promise<T>, boxMs: number): Promise<Boxed<T>> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<Boxed<T>>((resolve) => {
    timer = setTimeout(() => resolve({ kind: "expired" }), boxMs);
  });
  const settled = work.then(
    (value): Boxed<T> => ({ kind: "returned", value }),
    (error: unknown): Boxed<T> => ({ kind: "raised", error }),
  );
  try {
    return await Promise.race([settled, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** The error's class (the MCP SDK's errors keep `name` "Error") and message: evidence, never compared. */
function raisedOf(error: unknown): { type: string; message: string } {
  if (error instanceof Error) return { type: error.name === "Error" ? error.constructor.name : error.name, message: error.message };
  return { type: typeof error, message: String(error) };
}
