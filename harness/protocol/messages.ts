/**
 * The adapter protocol's messages (see harness/protocol/README.md): newline-delimited JSON, one
 * message per line. This module owns their types, their encoding and the checks on what an
 * adapter writes; the JSON Schemas beside it are the normative form.
 */
import { readFileSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import type { Handshake } from "../model/implementation.ts";
import { opsCommonSchema, opsSchema } from "../model/operations.ts";
import { jsonTextDeeperThan, MAX_VALUE_DEPTH } from "../util/json-depth.ts";
import { pointerToken } from "../util/json-pointer.ts";
import { unknownCode } from "./taxonomy-check.ts";

/** The adapter protocol the harness speaks: 2 adds batches; an adapter that answers 1 gets one call per line. */
export const ADAPTER_PROTOCOL = 2;
/** The oldest adapter protocol the harness still speaks. */
export const MIN_ADAPTER_PROTOCOL = 1;

/** The deepest nesting an adapter line may have: a value's limit plus the message around it. */
export const MAX_MESSAGE_DEPTH = MAX_VALUE_DEPTH + 8;

export type CallMessage = { readonly type: "call"; readonly id: number; readonly op: string; readonly input: Record<string, unknown> };

export type ToAdapter =
  | { readonly type: "hello"; readonly adapter_protocol: number }
  | CallMessage
  | { readonly type: "batch"; readonly calls: readonly CallMessage[] }
  | { readonly type: "shutdown" };

/** The adapter's first line: the protocol version it speaks, then its handshake. */
export type HelloMessage = { readonly type: "hello"; readonly adapter_protocol: number } & Handshake;

export type ResultMessage =
  | { readonly type: "result"; readonly id: number; readonly ok: true; readonly output: unknown }
  | {
      readonly type: "result";
      readonly id: number;
      readonly ok: false;
      readonly error: {
        readonly reason: string;
        readonly message: string;
        readonly raw_type?: string;
        readonly details?: Readonly<Record<string, unknown>>;
      };
    }
  | { readonly type: "unsupported"; readonly id: number; readonly message: string };

export type FromAdapter = HelloMessage | ResultMessage;

export function encode(message: ToAdapter | FromAdapter): string {
  return `${JSON.stringify(message)}\n`;
}

const schemaDir = new URL("./schemas/", import.meta.url);
const ajv = new Ajv({ allErrors: false, strict: true, strictRequired: false, strictTypes: false, allowUnionTypes: true });
ajv.addSchema(JSON.parse(readFileSync(new URL("from-adapter.schema.json", schemaDir), "utf8")));
ajv.addSchema(JSON.parse(readFileSync(new URL("to-adapter.schema.json", schemaDir), "utf8")));
ajv.addSchema(opsCommonSchema());
ajv.addSchema(opsSchema());
const fromAdapter = ajv.getSchema("smcp-conformance:adapter/from-adapter")!;
const toAdapter = ajv.getSchema("smcp-conformance:adapter/to-adapter")!;
const helloSchema = ajv.getSchema("smcp-conformance:adapter/from-adapter#/definitions/hello")!;
const outputValidators = new Map<string, ValidateFunction | undefined>();

export type Parsed<T> = { readonly ok: true; readonly message: T } | { readonly ok: false; readonly problem: string };

function describe(validate: ValidateFunction): string {
  const e = validate.errors?.[0];
  return e ? `${e.instancePath || "/"} ${e.message}` : "invalid";
}

/**
 * Parses one adapter line. `strict` checks the full schema, including each op's output shape. In
 * every mode a line nested deeper than MAX_MESSAGE_DEPTH is refused before it is parsed, and a
 * hello is checked whole (its schema, and the adapter protocol version the harness speaks): the
 * handshake is one line, and everything after it relies on its fields.
 */
export function parseFromAdapter(line: string, strict: boolean, opOf?: (id: number) => string | undefined): Parsed<FromAdapter> {
  if (jsonTextDeeperThan(line, MAX_MESSAGE_DEPTH))
    return { ok: false, problem: `nested deeper than ${MAX_MESSAGE_DEPTH} levels: ${truncate(line)}` };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, problem: `not JSON: ${truncate(line)}` };
  }
  if (!isMessage(value)) return { ok: false, problem: `not an adapter message: ${truncate(line)}` };
  // 1e999 parses as Infinity, which the report would keep as null ("got null") and audit then call an edit.
  const infinite = MAY_OVERFLOW.test(line) ? nonFiniteAt(value, "") : undefined;
  if (infinite !== undefined)
    return {
      ok: false,
      problem: `a number past what JSON's doubles hold (it reads as ±Infinity) at ${infinite || "/"}: ${truncate(line)}`,
    };
  if (value.type === "hello") {
    if (!helloSchema(value)) return { ok: false, problem: `a hello that violates the adapter schema: ${describe(helloSchema)}` };
    if (!(value.adapter_protocol >= MIN_ADAPTER_PROTOCOL && value.adapter_protocol <= ADAPTER_PROTOCOL))
      return {
        ok: false,
        problem: `the adapter speaks adapter protocol ${JSON.stringify(value.adapter_protocol)}; the harness speaks ${MIN_ADAPTER_PROTOCOL} to ${ADAPTER_PROTOCOL}`,
      };
    const notOffered = value.concurrent?.filter((op) => !value.operations.includes(op)) ?? [];
    if (notOffered.length > 0)
      return { ok: false, problem: `a hello whose concurrent names operations it does not offer: ${notOffered.join(", ")}` };
  }
  if (strict) {
    if (!fromAdapter(value)) return { ok: false, problem: `violates the adapter schema: ${describe(fromAdapter)}` };
    const op = value.type === "result" && value.ok ? opOf?.(value.id) : undefined;
    const check = op === undefined ? undefined : outputValidator(op);
    if (check && !check((value as { output: unknown }).output))
      return { ok: false, problem: `output violates the ${op} output schema: ${describe(check)}` };
    const unknown = value.type === "hello" ? undefined : unknownCode(value);
    if (unknown) return { ok: false, problem: unknown };
  }
  return { ok: true, message: value };
}

/**
 * Text in which a number may overflow a double: past 1.8e308 a literal needs an exponent of three
 * digits, or, with two, 210 digits before the point. Lines without either skip the walk below (it
 * was a tenth of the harness's time per case); a match inside a string only costs the walk.
 */
const MAY_OVERFLOW = /[eE][+-]?\d{3}|\d{100}/;

/** The JSON pointer of the first non-finite number in a parsed value (depth is bounded by the scan before parsing), or undefined. */
function nonFiniteAt(value: unknown, at: string): string | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? undefined : at;
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nonFiniteAt(item, `${at}/${pointerToken(key)}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The minimal shape every mode needs: a known type, and an integer id on answers. */
function isMessage(value: unknown): value is FromAdapter {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  if (v["type"] === "hello") return typeof v["implementation"] === "string" && Array.isArray(v["operations"]);
  if (v["type"] === "unsupported") return Number.isInteger(v["id"]);
  if (v["type"] === "result")
    return (
      Number.isInteger(v["id"]) &&
      typeof v["ok"] === "boolean" &&
      (v["ok"] ? "output" in v : typeof v["error"] === "object" && v["error"] !== null)
    );
  return false;
}

function outputValidator(op: string): ValidateFunction | undefined {
  if (!outputValidators.has(op)) outputValidators.set(op, ajv.getSchema(`smcp-conformance:ops#/definitions/${op}/output`));
  return outputValidators.get(op);
}

/** For adapters written in TypeScript and for tests: checks a harness line. */
export function parseToAdapter(line: string): Parsed<ToAdapter> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, problem: `not JSON: ${truncate(line)}` };
  }
  return toAdapter(value) ? { ok: true, message: value as ToAdapter } : { ok: false, problem: describe(toAdapter) };
}

export function truncate(text: string, max = 200): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`;
}
