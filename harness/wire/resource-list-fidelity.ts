/**
 * Fidelity of the resources relay: each resource the Computer answers in client:get_resources
 * against the MCP Resource its server gave in resources/list. The page gives two readings of the
 * entry's shape (the index records the contradiction): GetResourcesRet carries MCP Resource objects
 * passed on (camelCase mimeType), while A2CResource mirrors them in snake_case (mime_type) and lists
 * only uri, name, description, mime_type, size, annotations and _meta. Judged here is what both
 * readings agree on: every value passed on unchanged. Where they part (the MIME type under either
 * name; an MCP field A2CResource does not list, such as title, dropped) the change is a reading of
 * an open point, never unexplained. Resources the Computer does not answer are not judged here.
 */
import { type Change, type Fidelity, givenResults, structuralChanges } from "./tool-result-fidelity.ts";

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** A2CResource's fields (data-structures.md §A2CResource). */
const A2C_RESOURCE_KEYS = new Set(["uri", "name", "description", "mime_type", "size", "annotations", "_meta"]);
/** The open point: which of the two shapes goes on the wire (data-structures/getresourcesret/1 against a2cresource/1). */
const SHAPE_OPEN =
  "data-structures.md: GetResourcesRet carries MCP Resource (mimeType) while A2CResource mirrors it in snake_case (mime_type, listed fields only); the page does not say which goes on the wire";

/** A change one of the two readings makes: the MIME type renamed to mime_type (same value), or an MCP field A2CResource does not list dropped. */
function oneReading(c: Change, given: Record<string, unknown>, received: Record<string, unknown>, at: string): boolean {
  const key = c.path.slice(at.length + 1);
  if (key.includes("/")) return false;
  const sameMime = JSON.stringify(received.mime_type) === JSON.stringify(given.mimeType);
  if (key === "mimeType") return c.kind === "removed" && sameMime;
  if (key === "mime_type") return c.kind === "added" && sameMime;
  return c.kind === "removed" && !A2C_RESOURCE_KEYS.has(key);
}

/** The client:get_resources relay: every answered resource whose MCP resource the record holds, against it. */
export function resourceListFidelity(mcp: Readonly<Record<string, unknown>>, received: unknown): Fidelity {
  const lists = givenResults(mcp, "resources/list");
  if (lists.length === 0) return { given: null, given_missing: "no_call", changes: [], unexplained: [] };
  const missing = lists.find((g) => g.missing)?.missing;
  if (missing) return { given: null, given_missing: missing, changes: [], unexplained: [] };
  const given = lists.flatMap((g) => (isObject(g.result) && Array.isArray(g.result.resources) ? g.result.resources.filter(isObject) : []));
  const resources = isObject(received) && Array.isArray(received.resources) ? received.resources : [];
  const changes: Change[] = [];
  resources.forEach((resource, i) => {
    if (!isObject(resource) || typeof resource.uri !== "string") return;
    const source = given.find((r) => r.uri === resource.uri);
    if (!source) return;
    const at = `/resources/${i}`;
    for (const c of structuralChanges(source, resource, at))
      changes.push(oneReading(c, source, resource, at) ? { ...c, open: SHAPE_OPEN } : c);
  });
  return {
    given,
    given_missing: null,
    changes,
    unexplained: changes.filter((c) => c.allowed_by === undefined && c.open === undefined).map((c) => c.path),
  };
}
