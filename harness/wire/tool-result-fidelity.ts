/**
 * Fidelity of a relay: the whole value the MCP server gave next to the whole value the Computer
 * handed the Agent, and every structural change between them, each either allowed by a rule the
 * spec states (its requirement id) or left unexplained. A verdict then reads "nothing changed but
 * what the spec allows" from the record alone, not from the fields a vector thought to name.
 * Pure: `audit` re-derives it from the MCP record and the packets.
 */
import { type CaseEvidence, sseFrames } from "../transport/index.ts";
import { canonicalJson } from "../util/canonical-json.ts";
import { keyOfToken, pointerToken } from "../util/json-pointer.ts";

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

export interface Change {
  /** JSON pointer into the value (the received side's path; the given side's where only it has one). */
  readonly path: string;
  readonly kind: "added" | "removed" | "changed";
  readonly given?: unknown;
  readonly received?: unknown;
  /** The spec rule that allows it (its requirement id, or the MCP schema rule it rests on); absent: unexplained. */
  readonly allowed_by?: string;
  /** A point the spec leaves open (several readings, or silent), which this change takes one way: neither allowed nor unexplained. */
  readonly open?: string;
}

export interface Fidelity {
  /** What the MCP server answered (its JSON-RPC result); null when the record holds none for this call. */
  readonly given: unknown;
  /**
   * Why `given` is null: no tools/call result reached the record for this step, its body was cut or
   * unreadable, or the ack is the Computer's own terminal result (cancelled, timed out: it relays nothing).
   */
  readonly given_missing: "no_call" | "cut" | "unparseable" | "terminal" | null;
  readonly changes: readonly Change[];
  /** The paths of the changes no rule allows and no open point covers. */
  readonly unexplained: readonly string[];
}

/** One request the MCP server answered: which server, the tool it ran (tools/call), when, and the result it gave. */
export interface GivenToolResult {
  readonly server: string;
  readonly tool: string | undefined;
  readonly at_ms: number;
  readonly result: unknown;
  readonly missing?: "cut" | "unparseable";
}

/** Every tools/call result the case's MCP servers gave, in the order they arrived. */
export function givenToolResults(mcp: Readonly<Record<string, unknown>>): GivenToolResult[] {
  return givenResults(mcp, "tools/call");
}

/** Every result of `method` the case's MCP servers gave, in the order the requests arrived. */
export function givenResults(mcp: Readonly<Record<string, unknown>>, method: string): GivenToolResult[] {
  const found: GivenToolResult[] = [];
  for (const [server, record] of Object.entries(mcp)) {
    const exchanges = isObject(record) && Array.isArray(record.exchanges) ? (record.exchanges as CaseEvidence["exchanges"]) : [];
    for (const ex of exchanges) {
      const call = ex?.rpc?.find((m) => m?.kind === "request" && m.method === method);
      if (!call) continue;
      const text = ex.response_text;
      if (!text) continue;
      const parsed = rpcResult(text.text, call.id);
      found.push({
        server,
        tool: call.tool,
        at_ms: ex.t_ms,
        result: parsed.ok ? parsed.result : null,
        ...(text.cut ? { missing: "cut" as const } : parsed.ok ? {} : { missing: "unparseable" as const }),
      });
    }
  }
  return found.sort((a, b) => a.at_ms - b.at_ms);
}

/** The JSON-RPC result with `id` from a response body: plain JSON (one message or a batch) or SSE frames. */
function rpcResult(text: string, id: unknown): { ok: true; result: unknown } | { ok: false } {
  const bodies = text.trimStart().startsWith("{") || text.trimStart().startsWith("[") ? [text] : sseFrames(text).map((f) => f.data);
  for (const body of bodies) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      continue;
    }
    for (const message of Array.isArray(parsed) ? parsed : [parsed])
      if (isObject(message) && "result" in message && (id === undefined || message.id === id)) return { ok: true, result: message.result };
  }
  return { ok: false };
}

/** Every structural change from `given` to `received`: objects key by key, arrays index by index, leaves by value. */
export function structuralChanges(given: unknown, received: unknown, path = ""): Change[] {
  if (isObject(given) && isObject(received)) {
    const changes: Change[] = [];
    for (const key of Object.keys(given))
      changes.push(
        ...(key in received
          ? structuralChanges(given[key], received[key], `${path}/${pointerToken(key)}`)
          : [{ path: `${path}/${pointerToken(key)}`, kind: "removed" as const, given: given[key] }]),
      );
    for (const key of Object.keys(received))
      if (!(key in given)) changes.push({ path: `${path}/${pointerToken(key)}`, kind: "added", received: received[key] });
    return changes;
  }
  if (Array.isArray(given) && Array.isArray(received)) {
    const changes: Change[] = [];
    for (let i = 0; i < Math.max(given.length, received.length); i++) {
      if (i >= received.length) changes.push({ path: `${path}/${i}`, kind: "removed", given: given[i] });
      else if (i >= given.length) changes.push({ path: `${path}/${i}`, kind: "added", received: received[i] });
      else changes.push(...structuralChanges(given[i], received[i], `${path}/${i}`));
    }
    return changes;
  }
  return Object.is(given, received) || JSON.stringify(given) === JSON.stringify(received)
    ? []
    : [{ path, kind: "changed", given, received }];
}

/** A rule the spec states for the tools/call → client:tool_call relay: which change it allows, and where it says so. */
interface Rule {
  readonly requirement: string;
  readonly allows: (change: Change, received: Record<string, unknown>) => boolean;
}

const ITEM = /^\/content\/(\d+)/;

/** Keys the Computer may write in a result's meta: the a2c_ markers, and an auth failure's error_code, mcp_server and auth_hint. */
const MARKER_KEY = /^(a2c_.*|error_code|mcp_server|auth_hint)$/;

/** A result-level A2C marker, written by the Computer under the result's `meta` (never `_meta`). */
const resultMarkers: Rule = {
  requirement: "data-structures/calltoolresult-markers/2",
  allows: (c) =>
    c.kind === "added" &&
    ((c.path === "/meta" && isObject(c.received) && Object.keys(c.received).every((k) => MARKER_KEY.test(k))) ||
      (/^\/meta\/[^/]+$/.test(c.path) && MARKER_KEY.test(c.path.slice("/meta/".length)))),
};

/** isError absent and isError false say the same (the MCP schema's default): either way is no change. */
const isErrorDefault: Rule = {
  requirement: "MCP schema: CallToolResult.isError defaults to false",
  allows: (c) => c.path === "/isError" && ((c.kind === "added" && c.received === false) || (c.kind === "removed" && c.given === false)),
};

/**
 * A binary content item over the inline budget handed over as a blob handle: its inline bytes
 * (data, or an embedded resource's blob) emptied, and the a2c_ blob keys added in the item's _meta.
 */
const blobOffload: Rule = {
  requirement: "events/client-tool-call/9",
  allows: (c, received) => {
    const item = ITEM.exec(c.path);
    if (!item) return false;
    const meta = (received.content as unknown[] | undefined)?.[Number(item[1])];
    const handled = isObject(meta) && isObject(meta._meta) && typeof meta._meta.a2c_blob_handle === "string";
    if (!handled) return false;
    const rest = c.path.slice(item[0].length);
    return (
      ((rest === "/data" || rest === "/resource/blob") && (c.kind === "removed" || (c.kind === "changed" && c.received === ""))) ||
      (rest === "/_meta" && c.kind === "added") ||
      (/^\/_meta\/a2c_[^/]*$/.test(rest) && c.kind === "added")
    );
  },
};

const TOOL_RESULT_RULES: readonly Rule[] = [resultMarkers, isErrorDefault, blobOffload];

/** The open point behind wire-computer/fidelity/upstream-result-meta (observe tier). */
const UPSTREAM_META_OPEN =
  "data-structures.md §CallToolResult markers: the A2C markers go under meta, but nothing says whether an upstream result-level _meta keeps its key or moves to meta";

/**
 * The server's own result-level _meta moved whole under `meta` (beside any markers): the upstream
 * `_meta` removed, or `meta` (or one of its keys) added carrying exactly what `_meta` held.
 */
function movesUpstreamMeta(c: Change, given: unknown, received: Record<string, unknown>): boolean {
  const upstream = isObject(given) ? given._meta : undefined;
  const meta = received.meta;
  if (!isObject(upstream) || !isObject(meta)) return false;
  // Key order inside a JSON object carries nothing (a Computer may re-serialise): compared canonically.
  const carried = Object.entries(upstream).every(([k, v]) => k in meta && canonicalJson(meta[k]) === canonicalJson(v));
  if (!carried) return false;
  if (c.path === "/_meta") return c.kind === "removed" && !("_meta" in received);
  const key = c.path === "/meta" ? null : /^\/meta\/([^/]+)$/.exec(c.path)?.[1];
  if (key === undefined || c.kind !== "added") return false;
  const added = key === null ? Object.keys(meta) : [keyOfToken(key)];
  return added.every((k) => k in upstream || MARKER_KEY.test(k));
}

/** The ack is the Computer's own terminal result (a cancelled or timed-out call), not a relay of the server's. */
export function isTerminalResult(received: unknown): boolean {
  const meta = isObject(received) && isObject(received.meta) ? received.meta : {};
  return meta.a2c_cancelled === true || meta.a2c_timeout === true;
}

/** The client:tool_call relay judged whole: what the MCP server gave for this call against the ack. */
export function toolResultFidelity(given: GivenToolResult | undefined, received: unknown): Fidelity {
  if (isTerminalResult(received)) return { given: null, given_missing: "terminal", changes: [], unexplained: [] };
  if (!given || given.missing) {
    return { given: null, given_missing: given?.missing ?? "no_call", changes: [], unexplained: [] };
  }
  const ack = isObject(received) ? received : {};
  const changes = structuralChanges(given.result, received).map((c) => {
    const rule = TOOL_RESULT_RULES.find((r) => r.allows(c, ack));
    if (rule) return { ...c, allowed_by: rule.requirement };
    return movesUpstreamMeta(c, given.result, ack) ? { ...c, open: UPSTREAM_META_OPEN } : c;
  });
  return {
    given: given.result,
    given_missing: null,
    changes,
    unexplained: changes.filter((c) => c.allowed_by === undefined && c.open === undefined).map((c) => c.path),
  };
}
