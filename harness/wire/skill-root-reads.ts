/**
 * Whether a Computer read a SKILL root (skill.md §3 mode C: the root resource is a declaration
 * node whose content is never consumed). From the MCP servers' own records: the roots are the
 * skill:// resources a resources/list result gave with a _meta.source; the reads are the URIs of
 * every resources/read request, taken from its body.
 */
import type { CaseEvidence } from "../transport/index.ts";
import { givenResults } from "./tool-result-fidelity.ts";

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** How many resources/read requests named a listed SKILL root, over every server of the case. */
export function skillRootReads(mcp: Readonly<Record<string, unknown>>): number {
  const roots = new Set(
    givenResults(mcp, "resources/list").flatMap((g) =>
      isObject(g.result) && Array.isArray(g.result.resources) ? g.result.resources.filter(isRoot).map((r) => r.uri as string) : [],
    ),
  );
  return readUris(mcp).filter((uri) => roots.has(uri)).length;
}

function isRoot(r: unknown): boolean {
  return (
    isObject(r) && typeof r.uri === "string" && r.uri.startsWith("skill://") && isObject(r._meta) && typeof r._meta.source === "string"
  );
}

/** The params.uri of every resources/read request the records hold a body for. */
function readUris(mcp: Readonly<Record<string, unknown>>): string[] {
  const uris: string[] = [];
  for (const record of Object.values(mcp)) {
    const exchanges = isObject(record) && Array.isArray(record.exchanges) ? (record.exchanges as CaseEvidence["exchanges"]) : [];
    for (const ex of exchanges) {
      if (!ex?.rpc?.some((m) => m?.kind === "request" && m.method === "resources/read")) continue;
      for (const message of messagesOf(ex.request_body?.text))
        if (message.method === "resources/read" && isObject(message.params) && typeof message.params.uri === "string")
          uris.push(message.params.uri);
    }
  }
  return uris;
}

function messagesOf(text: string | undefined): Record<string, unknown>[] {
  if (text === undefined) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return (Array.isArray(parsed) ? parsed : [parsed]).filter(isObject);
  } catch {
    return [];
  }
}
