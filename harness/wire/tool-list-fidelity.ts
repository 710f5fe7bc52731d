/**
 * Fidelity of the tools relay: each tool the Computer offers in client:get_tools against the tool
 * definition its MCP server gave in tools/list. Unlike a tool result, an SMCPTool is not the MCP
 * object passed on: the spec projects it (data-structures.md §SMCPTool). So the MCP definition is
 * projected by the spec's own rules, and every difference between that projection and what the
 * Agent received is a change no rule explains. Tools the Computer does not offer are not judged
 * here (filtering depends on the configuration: the projection vectors check it).
 */
import { type Change, type Fidelity, givenResults, structuralChanges } from "./tool-result-fidelity.ts";

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** Keys of SMCPTool (data-structures/smcptool/1). */
const SMCP_TOOL_KEYS = new Set(["name", "bundle_id", "description", "params_schema", "return_schema", "meta"]);
/** What the Computer writes in meta itself: its tool meta (a2c_tool_meta) and the MCP annotations (MCP_TOOL_ANNOTATION). */
const A2C_TOOL_META = "a2c_tool_meta";
const ANNOTATION_KEY = "MCP_TOOL_ANNOTATION";
/** Why a difference inside MCP_TOOL_ANNOTATION's value explains itself: the page decides its presence, not its value. */
const ANNOTATION_VALUE_OPEN = "data-structures/meta-namespaces/2 (its value format is not given: presence only)";

/** A meta value as the Agent reads it: a JSON string (smcptool-meta/2 serialises nested values) parsed, anything else as is. */
function metaValue(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Why a native number or boolean sent as its JSON text is neither allowed nor unexplained. */
const SCALAR_SERIALISED_OPEN =
  "data-structures.md §SMCPTool.meta: structures must be serialised to JSON strings; the page is silent on whether a scalar (int, float, bool) may be too";

/** A native meta value that is a number or boolean, received as the JSON text of that very value. */
function serialisedScalar(c: Change, metaPrefix: string): boolean {
  if (c.kind !== "changed" || !c.path.startsWith(metaPrefix) || c.path.slice(metaPrefix.length).includes("/")) return false;
  if ((typeof c.given !== "number" && typeof c.given !== "boolean") || typeof c.received !== "string") return false;
  try {
    return JSON.parse(c.received) === c.given;
  } catch {
    return false;
  }
}

/** The SMCPTool the spec's rules make of an MCP tool definition, for the tool the Agent received under `name`. */
function projected(tool: Record<string, unknown>, received: Record<string, unknown>): Record<string, unknown> {
  const native = isObject(tool._meta) ? tool._meta : {};
  const meta: Record<string, unknown> = {};
  // Every native _meta key but the A2C one, under its own key (data-structures/meta-namespaces/3).
  for (const [k, v] of Object.entries(native)) if (k !== A2C_TOOL_META) meta[k] = v;
  // The MCP annotations, under MCP_TOOL_ANNOTATION (data-structures/meta-namespaces/2).
  if (isObject(tool.annotations)) meta[ANNOTATION_KEY] = tool.annotations;
  const receivedMeta = isObject(received.meta) ? received.meta : {};
  // The Computer's own tool meta is its to write (data-structures/a2c-tool-meta-value/1): taken as received.
  if (A2C_TOOL_META in receivedMeta) meta[A2C_TOOL_META] = metaValue(receivedMeta[A2C_TOOL_META]);
  return {
    name: received.name,
    bundle_id: received.bundle_id,
    description: tool.description ?? received.description,
    params_schema: tool.inputSchema,
    return_schema: tool.outputSchema ?? null,
    // Nothing to carry: meta may be absent or null (it is optional); any key in it is one no rule puts there.
    ...(Object.keys(meta).length > 0 ? { meta } : "meta" in received ? { meta: received.meta == null ? received.meta : {} } : {}),
  };
}

/**
 * The received tool, each meta value read as the Agent reads it: a JSON string parsed where the
 * projection holds a value that is no scalar (smcptool-meta/2 serialises structures; the page's two
 * AttributeValue definitions disagree on null and string lists, so either form of those reads the
 * same), any other value as sent. A native string that reads as JSON ("0", "true") stays a string.
 */
function asRead(received: Record<string, unknown>, projection: Record<string, unknown>): Record<string, unknown> {
  if (!isObject(received.meta)) return received;
  const want = isObject(projection.meta) ? projection.meta : {};
  const scalar = (v: unknown) => typeof v === "string" || typeof v === "number" || typeof v === "boolean";
  const read = (k: string, v: unknown) => (k in want && !scalar(want[k]) ? metaValue(v) : v);
  return { ...received, meta: Object.fromEntries(Object.entries(received.meta).map(([k, v]) => [k, read(k, v)])) };
}

/** The client:get_tools relay: every offered tool whose definition the record holds, against its projection. */
export function toolListFidelity(mcp: Readonly<Record<string, unknown>>, received: unknown): Fidelity {
  const lists = givenResults(mcp, "tools/list");
  // The latest list each server gave (a Computer lists again after a list_changed).
  const latest = new Map(lists.map((g) => [g.server, g] as const));
  const given = [...latest.values()].flatMap((g) =>
    isObject(g.result) && Array.isArray(g.result.tools) ? g.result.tools.filter(isObject) : [],
  );
  if (latest.size === 0) return { given: null, given_missing: "no_call", changes: [], unexplained: [] };
  const missing = [...latest.values()].find((g) => g.missing)?.missing;
  if (missing) return { given: null, given_missing: missing, changes: [], unexplained: [] };
  const tools = isObject(received) && Array.isArray(received.tools) ? received.tools : [];
  const changes: Change[] = [];
  tools.forEach((tool, i) => {
    if (!isObject(tool) || typeof tool.name !== "string") return;
    const name = tool.name;
    const source = given.find((t) => typeof t.name === "string" && name.endsWith(`__${t.name}`));
    if (!source) return;
    for (const key of Object.keys(tool))
      if (!SMCP_TOOL_KEYS.has(key)) changes.push({ path: `/tools/${i}/${key}`, kind: "added", received: tool[key] });
    const projection = projected(source, tool);
    const kept = Object.fromEntries(Object.entries(asRead(tool, projection)).filter(([k]) => SMCP_TOOL_KEYS.has(k)));
    const annotation = `/tools/${i}/meta/${ANNOTATION_KEY}/`;
    // The page gives no value format for MCP_TOOL_ANNOTATION: only that it is there is decided.
    for (const c of structuralChanges(projection, kept, `/tools/${i}`))
      changes.push(
        c.path.startsWith(annotation)
          ? { ...c, allowed_by: ANNOTATION_VALUE_OPEN }
          : serialisedScalar(c, `/tools/${i}/meta/`)
            ? { ...c, open: SCALAR_SERIALISED_OPEN }
            : c,
      );
  });
  return {
    given,
    given_missing: null,
    changes,
    unexplained: changes.filter((c) => c.allowed_by === undefined && c.open === undefined).map((c) => c.path),
  };
}
