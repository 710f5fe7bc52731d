/**
 * The Computer's secrets are the header values of its HTTP MCP server configs (credentials such as an
 * Authorization header) and the environment values of its stdio ones. They reach the MCP servers and nothing else: get_config never shows them
 * (config-view.ts), and any text this Computer sends an Agent or the harness that could echo one,
 * an upstream error message above all, goes through `redact` first (computer.md §10 items 1 and 4).
 */
import type { WireServer } from "./wire-call.ts";

export type Redact = (text: string) => string;

export const REDACTED = "<redacted>";

export function redactorFor(servers: readonly WireServer[]): Redact {
  // Longest first, so a secret that contains another is replaced whole.
  const secrets = [...new Set(servers.flatMap((s) => Object.values((s.type === "stdio" ? s.env : s.headers) ?? {})))]
    .filter((v) => v !== "")
    .sort((a, b) => b.length - a.length);
  if (secrets.length === 0) return (text) => text;
  return (text) => secrets.reduce((out, secret) => out.split(secret).join(REDACTED), text);
}
