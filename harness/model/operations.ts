/**
 * The kit's operations, each defined once in vectors/_schema/ops/<op>.json: its input and output
 * shapes, the suites that use it, whether its output is a verdict, and its kind. Everything else
 * (the corpus schemas, the protocol's output checks, the reference's and the adapters' tables, the
 * generators) is derived from these files or checked against them by a test.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { isOneOfMarker } from "./expected-markers.ts";
import { SHARED_SCHEMA_DIR } from "./kit-files.ts";

export type OpKind = "pure" | "transport" | "wire" | "runtime" | "internal";

/**
 * The A2C-SMCP roles a statement speaks for. Each operation names the role its vectors judge (its
 * `role`): the data rules and the MCP transport are what a Computer applies to what its MCP servers
 * give it; the version check is the Server's verdict at connect; the wire suites judge the role
 * they put under test. A composed interop cell judges every role at once and names none.
 */
export const ROLES = ["computer", "server", "agent"] as const;
export type Role = (typeof ROLES)[number];

/** The interop matrix's op: its cases are judged per Agent × Server × Computer, not per implementation. */
export const WIRE_INTEROP_OP = "wire.interop";

type JsonSchema = Record<string, unknown>;

export interface OpDefinition {
  readonly op: string;
  readonly summary: string;
  readonly description?: string;
  readonly kind: OpKind;
  /** The role whose behaviour its vectors judge; absent for a composed or internal op. */
  readonly role?: Role;
  /** No adapter offers it: the run composes each case from several implementations' roles (wire.interop). */
  readonly composed?: boolean;
  readonly suites: readonly string[];
  readonly verdict: boolean;
  readonly input: JsonSchema;
  readonly output: JsonSchema;
  readonly expected?: JsonSchema;
  /** Pointers into the output whose value travels as a JSON string: parsed before comparing. */
  readonly json_string_fields?: readonly string[];
  /** Pointers into the judged value where an expectation names only the keys it checks. */
  readonly partial_fields?: readonly string[];
  /** Output keys that are evidence only: left out when implementations are compared. */
  readonly evidence_keys?: readonly string[];
}

export const OPS_DIR = join(SHARED_SCHEMA_DIR, "ops");
export const OPS_SCHEMA_ID = "smcp-conformance:ops";
const COMMON_FILE = join(SHARED_SCHEMA_DIR, "ops-common.schema.json");

function loadDefinitions(): readonly OpDefinition[] {
  const validate = new Ajv({ allErrors: true }).compile(
    JSON.parse(readFileSync(join(SHARED_SCHEMA_DIR, "op-definition.schema.json"), "utf8")),
  );
  return readdirSync(OPS_DIR)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((file) => {
      const data = JSON.parse(readFileSync(join(OPS_DIR, file), "utf8")) as OpDefinition;
      if (!validate(data))
        throw new Error(`${join(OPS_DIR, file)}: ${validate.errors?.map((e) => `${e.instancePath} ${e.message}`).join("; ")}`);
      if (`${data.op}.json` !== file)
        throw new Error(`${join(OPS_DIR, file)}: defines "${data.op}"; the file must be named ${data.op}.json`);
      return Object.freeze(data);
    });
}

export const OP_DEFINITIONS: readonly OpDefinition[] = loadDefinitions();
const byName = new Map(OP_DEFINITIONS.map((d) => [d.op, d]));

/** Operations vectors may use: every defined operation except the kit-internal ones. */
export const OPERATIONS: readonly string[] = OP_DEFINITIONS.filter((d) => d.kind !== "internal").map((d) => d.op);

export function isOperation(value: string): boolean {
  return byName.get(value)?.kind !== undefined && byName.get(value)!.kind !== "internal";
}

export function opDefinition(op: string): OpDefinition | undefined {
  return byName.get(op);
}

/**
 * Whether `op` is played in a live scene (transport or wire): its vector describes a scene, its cases
 * are paced by their scenes, retried alone and judged on their record. A kit-internal op that names
 * a role is a live scene's own machinery (wire.computer_act): it is called live too, never in a corpus.
 */
export function isLiveOp(op: string): boolean {
  const d = byName.get(op);
  return d?.kind === "transport" || d?.kind === "wire" || (d?.kind === "internal" && d.role !== undefined);
}

/** An op whose cases the run composes from several implementations' roles, never one implementation's case. */
export function isComposedOp(op: string): boolean {
  return byName.get(op)?.composed === true;
}

/** The operations of a kit suite, as the op definitions name it. */
export function opsOfSuite(suite: string): string[] {
  return OP_DEFINITIONS.filter((d) => d.suites.includes(suite)).map((d) => d.op);
}

/** The shared shapes ($id smcp-conformance:ops-common), for any ajv that compiles op schemas. */
export function opsCommonSchema(): JsonSchema {
  return JSON.parse(readFileSync(COMMON_FILE, "utf8")) as JsonSchema;
}

/**
 * Every operation's shapes as one schema ($id smcp-conformance:ops), so `…ops#/definitions/<op>/input`
 * (and `/output`, `/expected`) resolve as they always have. Needs opsCommonSchema() in the same ajv.
 */
export function opsSchema(): JsonSchema {
  const definitions = Object.fromEntries(
    OP_DEFINITIONS.map((d) => [d.op, { input: d.input, output: d.output, expected: d.expected ?? d.output }]),
  );
  return { $schema: "http://json-schema.org/draft-07/schema#", $id: OPS_SCHEMA_ID, definitions };
}

/** The top-level output keys an operation defines, or undefined when its output is not a plain object schema. */
export function outputKeys(op: string): ReadonlySet<string> | undefined {
  const d = byName.get(op);
  if (!d) return undefined;
  let schema = d.output as { $ref?: string; properties?: Record<string, unknown> };
  if (schema.$ref?.startsWith("smcp-conformance:ops-common#/definitions/")) {
    const name = schema.$ref.slice(schema.$ref.lastIndexOf("/") + 1);
    schema = ((opsCommonSchema()["definitions"] as Record<string, unknown>)[name] ?? {}) as typeof schema;
  }
  return schema.properties ? new Set(Object.keys(schema.properties)) : undefined;
}

/**
 * An output with each of the operation's json_string_fields parsed (the wire form of a value that
 * travels as a JSON string, such as SMCPTool.meta's a2c_tool_meta). `problem` says why a field
 * present there is not a string holding JSON; an absent field is left absent.
 */
export function parseJsonStringFields(op: string, output: unknown): { readonly output: unknown; readonly problem?: string } {
  const pointers = byName.get(op)?.json_string_fields ?? [];
  let result = output;
  for (const pointer of pointers) {
    const keys = pointer.split("/").slice(1);
    const parent = keys
      .slice(0, -1)
      .reduce<unknown>((at, k) => (at !== null && typeof at === "object" ? (at as Record<string, unknown>)[k] : undefined), result);
    const last = keys[keys.length - 1]!;
    if (parent === null || typeof parent !== "object" || !Object.hasOwn(parent, last)) continue;
    const raw = (parent as Record<string, unknown>)[last];
    if (typeof raw !== "string") return { output, problem: `${pointer} must be a string holding JSON, got ${JSON.stringify(raw)}` };
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return { output, problem: `${pointer} is not JSON: ${JSON.stringify(raw.slice(0, 120))}` };
    }
    result = replaceAt(result, keys, parsed);
  }
  return { output: result };
}

function replaceAt(value: unknown, keys: readonly string[], replacement: unknown): unknown {
  if (keys.length === 0) return replacement;
  const [head, ...rest] = keys as [string, ...string[]];
  const object = value as Record<string, unknown>;
  return { ...object, [head]: replaceAt(object[head], rest, replacement) };
}

/**
 * The judged value with each partial field narrowed to the keys the expectation names there. A `*`
 * in a pointer stands for every key the expectation names at that level (e.g. `/steps/*`). Where the
 * expectation there is `{"$one_of": [...]}` (expected-markers.ts), the keys its object alternatives
 * name, together: each alternative then compares exactly on them.
 */
export function narrowPartialFields(op: string, expected: unknown, actual: unknown): unknown {
  let result = actual;
  for (const pointer of byName.get(op)?.partial_fields ?? []) result = narrowAt(expected, result, pointer.split("/").slice(1));
  return result;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

function narrowAt(want: unknown, have: unknown, keys: readonly string[]): unknown {
  if (!isPlainObject(want) || !isPlainObject(have)) return have;
  if (keys.length === 0) {
    const named = isOneOfMarker(want) ? want.$one_of.filter(isPlainObject).flatMap((a) => Object.keys(a)) : Object.keys(want);
    return Object.fromEntries(named.filter((k) => Object.hasOwn(have, k)).map((k) => [k, have[k]]));
  }
  const [head, ...rest] = keys as [string, ...string[]];
  const heads = head === "*" ? Object.keys(want).filter((k) => Object.hasOwn(have, k)) : Object.hasOwn(have, head) ? [head] : [];
  let out: Record<string, unknown> = have;
  for (const k of heads) out = { ...out, [k]: narrowAt(want[k], have[k], rest) };
  return out;
}

/** The role an operation's vectors judge; none for a composed interop cell, an internal or an unknown op. */
export function roleOf(op: string): Role | undefined {
  return isComposedOp(op) ? undefined : opDefinition(op)?.role;
}
