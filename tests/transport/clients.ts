// The official TypeScript MCP clients, driving the scene server the way an SDK's Computer would:
// connect, call the inventory tool once, close; every step inside a time box.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";

export const MODERN = "2026-07-28";
export const LEGACY = "2025-11-25";

export interface ClientOutcome {
  readonly result?: { isError: boolean; structured: unknown; text: string };
  readonly error?: { name: string; message: string; status?: number; code?: unknown };
  readonly hangs: boolean;
  readonly negotiated?: string;
  readonly era?: string;
}

class TimeBox extends Error {}

async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const box = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new TimeBox(`time box ${ms} ms`)), ms)));
  try {
    return await Promise.race([promise, box]);
  } finally {
    clearTimeout(timer);
  }
}

/** `legacy`: a 2025-11-25 client; `auto`: probes 2026-07-28 first and falls back. */
export type StreamableClientKind = "legacy" | "auto";

export async function callStreamable(url: string, kind: StreamableClientKind, ms = 3000, sku = "DEMO-001"): Promise<ClientOutcome> {
  const options =
    kind === "auto"
      ? {
          supportedProtocolVersions: [MODERN, LEGACY],
          versionNegotiation: { mode: "auto" as const, probe: { timeoutMs: 1500, maxRetries: 0 } },
        }
      : { supportedProtocolVersions: [LEGACY] };
  const client = new Client({ name: "kit-selftest", version: "0" }, options);
  return drive(
    client,
    () => client.connect(new StreamableHTTPClientTransport(new URL(url))),
    ms,
    sku,
    () => ({
      negotiated: client.getNegotiatedProtocolVersion(),
      era: client.getProtocolEra(),
    }),
  );
}

export async function callSse(url: string, ms = 3000, sku = "DEMO-001"): Promise<ClientOutcome> {
  const client = new ClientV1({ name: "kit-selftest", version: "0" });
  return drive(
    client,
    () => client.connect(new SSEClientTransport(new URL(url))),
    ms,
    sku,
    () => ({}),
  );
}

interface AnyClient {
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}

async function drive(
  client: AnyClient,
  connect: () => Promise<void>,
  ms: number,
  sku: string,
  info: () => { negotiated?: string | undefined; era?: string | undefined },
): Promise<ClientOutcome> {
  let outcome: ClientOutcome;
  try {
    await within(connect(), ms);
    const r = (await within(client.callTool({ name: "get_inventory", arguments: { sku } }), ms)) as {
      isError?: boolean;
      structuredContent?: unknown;
      content?: { type: string; text?: string }[];
    };
    const text = (r.content ?? []).map((c) => c.text ?? "").join("");
    outcome = { result: { isError: r.isError ?? false, structured: r.structuredContent, text }, hangs: false };
  } catch (e) {
    const error = e as Error & { code?: unknown; data?: { status?: number } };
    outcome =
      e instanceof TimeBox
        ? { hangs: true }
        : {
            hangs: false,
            error: {
              name: error.name,
              message: error.message,
              code: error.code,
              ...(error.data?.status ? { status: error.data.status } : {}),
            },
          };
  }
  const { negotiated, era } = info();
  await within(client.close(), 2000).catch(() => undefined);
  return { ...outcome, ...(negotiated ? { negotiated } : {}), ...(era ? { era } : {}) };
}
