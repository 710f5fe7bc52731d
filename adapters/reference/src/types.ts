/** JSON value types and the MCP server config shapes the reference reads. */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export type TransportType = "stdio" | "streamable" | "sse";

/** The connection-relevant part of a server config, as the wire shape spells it. */
export interface ServerConfigLike {
  readonly name?: unknown;
  readonly bundle_id?: unknown;
  readonly type?: unknown;
  readonly server_parameters?: unknown;
  readonly [key: string]: unknown;
}

/** A validation answer: accepted, or rejected with a reason from the kit's taxonomy. */
export type Verdict =
  | { readonly accepted: true; readonly reason: null }
  | { readonly accepted: false; readonly reason: string; readonly detail?: string };

export const ACCEPTED: Verdict = Object.freeze({ accepted: true, reason: null });

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
