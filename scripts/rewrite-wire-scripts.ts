/**
 * Rewrites the live scenes' vectors (wire.computer, wire.server, wire.agent, wire.interop) from the
 * four script vocabularies they grew into the one script language (harness/wire/README.md, "The
 * script language"), in place. The text is rewritten step by step, so comments, anchors and layout
 * stay; then every vector of the file is checked: its new parse must equal its old parse put through
 * the language's mapping (below), or the file is left alone and the run fails naming the vector.
 * Every step sends the same requests as before: a join or leave whose old default name
 * (join_<client>) differs from the new rule (the event's, join_office) gets its old name as `as`.
 * The Computer's join facts take the Agent's names (office_id_matches → office_matches,
 * joins → count). Idempotent: a file already in the new language is left as it is.
 *
 *   node --import tsx scripts/rewrite-wire-scripts.ts [vectors dir]   (default: vectors)
 */

import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { parse } from "yaml";

const ROOT = process.argv[2] ?? "vectors";

/** The wire.agent adapter step → the event it has the Agent send (harness/wire/events.ts, agentStep). */
const AGENT_EVENTS: Readonly<Record<string, string>> = {
  tool_call: "client:tool_call",
  get_tools: "client:get_tools",
  get_config: "client:get_config",
  get_desktop: "client:get_desktop",
  leave: "server:leave_office",
  list_room: "server:list_room",
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

// ---- the mapping, on parsed values: what the rewritten text must parse to ----

function mapValues(value: Json, f: (o: Obj) => Json | undefined): Json {
  if (Array.isArray(value)) return value.map((v) => mapValues(v, f));
  if (!isObj(value)) return value;
  const replaced = f(value);
  if (replaced !== undefined) return replaced;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapValues(v, f)]));
}

const only = (o: Obj, key: string) => Object.keys(o).length === 1 && key in o;

function computerStep(step: Obj): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(step)) out[k === "emit" ? "send" : k] = v;
  if (out.payload !== undefined)
    out.payload = mapValues(out.payload, (o) =>
      "$step" in o ? { $ref: `step/${String(o.$step)}/answer${String(o.pointer ?? "")}` } : undefined,
    );
  return out;
}

function serverStep(step: Obj): Obj {
  let out: Obj;
  if ("connect" in step && !("by" in step)) out = { by: step.connect, connect: true };
  else if ("disconnect" in step && !("by" in step)) out = { by: step.disconnect, disconnect: true };
  else if ("join" in step || "leave" in step) {
    const kind = "join" in step ? "join" : "leave";
    const { [kind]: client, ...rest } = step;
    out = { by: client as Json, send: `server:${kind}_office`, ...rest };
    if (!("as" in out)) out.as = `${kind}_${String(client)}`;
  } else if ("emit" in step) {
    const { emit, event, ...rest } = step;
    out = { by: emit as Json, send: event as Json, ...rest };
  } else if ("await" in step && "heard" in step) {
    const { await: client, ...rest } = step;
    out = { by: client as Json, ...rest };
  } else out = { ...step };
  if (out.payload !== undefined)
    out.payload = mapValues(out.payload, (o) => {
      if (only(o, "$office")) return { $ref: `office/${String(o.$office)}` };
      if (only(o, "$name")) return { $ref: `client/${String(o.$name)}/name` };
      return undefined;
    });
  return out;
}

function agentStep(step: Obj): Obj {
  if (!("do" in step)) return step;
  const { do: kind, as, ms, computer, tool_name, params, timeout_s, ...rest } = step;
  if (kind === "wait") return { sleep_ms: ms ?? 0, as: as as Json, ...rest };
  const payload: Obj = {};
  if (computer !== undefined) payload.computer = computer;
  if (tool_name !== undefined) payload.tool_name = tool_name;
  if (params !== undefined) payload.params = params;
  if (timeout_s !== undefined) payload.timeout = timeout_s;
  return {
    send: AGENT_EVENTS[String(kind)] ?? `?${String(kind)}`,
    as: as as Json,
    ...(Object.keys(payload).length ? { payload } : {}),
    ...rest,
  };
}

function expectedVector(vector: Obj): Obj {
  const op = String(vector.op ?? "");
  if (!op.startsWith("wire.") || !isObj(vector.input)) return vector;
  const input: Obj = { ...vector.input };
  if (Array.isArray(input.script)) {
    const step = op === "wire.computer" ? computerStep : op === "wire.server" ? serverStep : agentStep;
    input.script = input.script.map((s) => (isObj(s) ? step(s) : s));
  }
  if (isObj(input.answers))
    input.answers = JSON.parse(JSON.stringify(input.answers).replaceAll('"$req_id"', '{"$ref":"request/req_id"}')) as Json;
  const out: Obj = { ...vector, input };
  if (op === "wire.computer" && isObj(vector.expected) && isObj(vector.expected.join)) {
    const { office_id_matches, joins, ...joinRest } = vector.expected.join;
    out.expected = {
      ...vector.expected,
      join: {
        ...joinRest,
        ...(office_id_matches !== undefined ? { office_matches: office_id_matches } : {}),
        ...(joins !== undefined ? { count: joins } : {}),
      },
    };
  }
  return out;
}

// ---- the text rewrite: step by step, on the source ----

function rewriteComputer(text: string): string {
  return text
    .replace(/(\{ ?|^\s*- |^\s+)emit: /gm, "$1send: ")
    .replace(/\{ \$step: ([a-z0-9_]+), pointer: (\/[^ }]*) \}/g, "{ $ref: step/$1/answer$2 }")
    .replace(/(join: \{[^}]*)office_id_matches:/g, "$1office_matches:")
    .replace(/(join: \{[^}]*)joins:/g, "$1count:");
}

function rewriteServer(text: string): string {
  return text
    .replace(/\{ connect: ([a-z0-9_]+) \}/g, "{ by: $1, connect: true }")
    .replace(/\{ disconnect: ([a-z0-9_]+) \}/g, "{ by: $1, disconnect: true }")
    .replace(/\{ (join|leave): ([a-z0-9_]+), office: ([A-Za-z0-9_-]+)([^{}]*)\}/g, (_m, kind, client, office, rest: string) => {
      const as = /\bas: /.test(rest) ? "" : `, as: ${kind}_${client}`;
      return `{ by: ${client}, send: "server:${kind}_office", office: ${office}${rest.trimEnd()}${as} }`;
    })
    .replace(/\{ emit: ([a-z0-9_]+), event: /g, "{ by: $1, send: ")
    .replace(/^(\s*)- emit: ([a-z0-9_]+)\n(\s*)event: /gm, "$1- by: $2\n$3send: ")
    .replace(/\{ await: ([a-z0-9_]+), heard: /g, "{ by: $1, heard: ")
    .replace(/\{ \$office: ([A-Za-z0-9_-]+) \}/g, "{ $ref: office/$1 }")
    .replace(/\{ \$name: ([a-z0-9_]+) \}/g, "{ $ref: client/$1/name }");
}

/** The text of a flow mapping's body from `start` to its matching `}` (exclusive). */
function balanced(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === "{" || text[i] === "[") depth++;
    else if (text[i] === "}" || text[i] === "]") {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

function rewriteAgent(text: string): string {
  let out = "";
  let at = 0;
  const step = /\{ do: ([a-z_]+), as: ([a-z0-9_]+)/g;
  for (let m = step.exec(text); m; m = step.exec(text)) {
    const end = balanced(text, m.index + m[0].length);
    if (end < 0) break;
    const rest = text
      .slice(m.index + m[0].length, end)
      .replace(/^,\s*/, "")
      .trimEnd();
    const kind = m[1] as string;
    let body: string;
    if (kind === "wait") body = `{ sleep_ms: ${/ms: ([0-9]+)/.exec(rest)?.[1] ?? "0"}, as: ${m[2]} }`;
    else {
      const payload = rest.replace(/\btimeout_s: /, "timeout: ");
      body = `{ send: "${AGENT_EVENTS[kind] ?? `?${kind}`}", as: ${m[2]}${payload ? `, payload: { ${payload} }` : ""} }`;
    }
    out += text.slice(at, m.index) + body;
    at = end + 1;
    step.lastIndex = end + 1;
  }
  return (out + text.slice(at)).replaceAll('"$req_id"', "{ $ref: request/req_id }");
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name.startsWith("_") ? [] : files(path);
    return /\.ya?ml$/.test(name) ? [path] : [];
  });
}

let changed = 0;
let failed = 0;
for (const file of files(ROOT)) {
  const text = readFileSync(file, "utf8");
  const ops = new Set([...text.matchAll(/^\s*op: (wire\.[a-z]+)/gm)].map((m) => m[1]));
  if (ops.size === 0) continue;
  if (ops.size > 1) {
    process.stderr.write(`${file}: vectors of several wire ops in one file; rewrite it by hand\n`);
    failed++;
    continue;
  }
  const op = [...ops][0];
  const rewritten = op === "wire.computer" ? rewriteComputer(text) : op === "wire.server" ? rewriteServer(text) : rewriteAgent(text);
  if (rewritten === text) continue;
  const before = (parse(text) as { vectors?: Obj[] }).vectors ?? [];
  const after = (parse(rewritten) as { vectors?: Obj[] }).vectors ?? [];
  const wrong = before.find((v, i) => !isDeepStrictEqual(expectedVector(v), after[i]));
  if (wrong || before.length !== after.length) {
    process.stderr.write(`${file}: vector ${String(wrong?.id ?? "?")}: the rewritten text does not parse to its mapping; left alone\n`);
    failed++;
    continue;
  }
  writeFileSync(file, rewritten);
  changed++;
  process.stdout.write(`rewrote ${file}\n`);
}
process.stdout.write(`${changed} files rewritten${failed ? `, ${failed} left alone` : ""}\n`);
process.exit(failed ? 1 : 0);
