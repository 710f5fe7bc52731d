/**
 * MCP server config verdicts (data-structures.md §MCP Server 配置结构; seeds/002 §2-§3). Base
 * fields with documented defaults may be omitted; transport fields follow the protocol TypedDicts.
 * Unknown fields are accepted: the spec defines no closed schema (vectors on them are `observe`).
 */
import { validateBundleId } from "./bundle-id.ts";
import { checkFields, type FieldRule } from "./field-checks.ts";
import { validateToolMeta } from "./tool-meta.ts";
import { ACCEPTED, isPlainObject, type Verdict } from "./types.ts";

const CONFIG = { missing: "config.missing_field", wrongType: "config.wrong_type" };

const BASE: FieldRule[] = [
  { key: "name", kind: "string", required: true },
  { key: "type", kind: "string", required: true },
];
const BASE_OPTIONAL: FieldRule[] = [
  { key: "disabled", kind: "boolean" },
  { key: "forbidden_tools", kind: "stringList" },
  { key: "tool_meta", kind: "object" },
  { key: "default_tool_meta", kind: "object", nullable: true },
  { key: "vrl", kind: "string", nullable: true },
  { key: "server_parameters", kind: "object", required: true },
];
const STDIO: FieldRule[] = [
  { key: "command", kind: "string", required: true },
  { key: "args", kind: "stringList", required: true },
  { key: "env", kind: "stringMap", required: true, nullable: true },
  { key: "cwd", kind: "string", required: true, nullable: true },
  { key: "encoding", kind: "string", required: true },
  { key: "encoding_error_handler", kind: "string", required: true },
];
const STREAMABLE: FieldRule[] = [
  { key: "url", kind: "string", required: true },
  { key: "headers", kind: "object", required: true, nullable: true },
  { key: "timeout", kind: "string", required: true },
  { key: "sse_read_timeout", kind: "string", required: true },
  { key: "terminate_on_close", kind: "boolean", required: true },
];
const SSE: FieldRule[] = [
  { key: "url", kind: "string", required: true },
  { key: "headers", kind: "object", required: true, nullable: true },
  { key: "timeout", kind: "number", required: true },
  { key: "sse_read_timeout", kind: "number", required: true },
];
const TRANSPORT_FIELDS = { stdio: STDIO, streamable: STREAMABLE, sse: SSE } as const;

const ERROR_HANDLERS = new Set(["strict", "ignore", "replace"]);
/** ISO-8601 duration (PnYnMnWnDTnHnMnS with optional fractions); at least one component. */
const ISO_DURATION = /^P(?=\d|T\d)(\d+(\.\d+)?Y)?(\d+(\.\d+)?M)?(\d+(\.\d+)?W)?(\d+(\.\d+)?D)?(T(?=\d)(\d+(\.\d+)?H)?(\d+(\.\d+)?M)?(\d+(\.\d+)?S)?)?$/;

export function isIsoDuration(text: string): boolean {
  return ISO_DURATION.test(text);
}

export function validateServerConfig(config: unknown): Verdict {
  if (!isPlainObject(config)) return { accepted: false, reason: "config.not_object", detail: "server config must be an object" };
  const base = checkFields("", config, BASE, CONFIG);
  if (base) return base;
  const type = config["type"] as string;
  if (!Object.hasOwn(TRANSPORT_FIELDS, type)) {
    return { accepted: false, reason: "config.unknown_type", detail: `type ${JSON.stringify(type)} is not stdio, streamable or sse` };
  }
  if (config["bundle_id"] !== undefined && config["bundle_id"] !== null) {
    const verdict = validateBundleId(config["bundle_id"]);
    if (!verdict.accepted) return verdict;
  }
  const optional = checkFields("", config, BASE_OPTIONAL, CONFIG);
  if (optional) return optional;
  const meta = validateMetaFields(config);
  if (meta) return meta;
  const params = config["server_parameters"] as Record<string, unknown>;
  const transport = checkFields("server_parameters.", params, TRANSPORT_FIELDS[type as keyof typeof TRANSPORT_FIELDS], CONFIG);
  if (transport) return transport;
  return validateTransportValues(type, params);
}

function validateMetaFields(config: Record<string, unknown>): Verdict | null {
  const toolMeta = (config["tool_meta"] ?? {}) as Record<string, unknown>;
  for (const [tool, meta] of Object.entries(toolMeta)) {
    const verdict = validateToolMeta(meta, `tool_meta.${tool}`);
    if (!verdict.accepted) return verdict;
  }
  const fallback = config["default_tool_meta"];
  if (fallback != null) {
    const verdict = validateToolMeta(fallback, "default_tool_meta");
    if (!verdict.accepted) return verdict;
  }
  return null;
}

function validateTransportValues(type: string, params: Record<string, unknown>): Verdict {
  if (type === "stdio" && !ERROR_HANDLERS.has(params["encoding_error_handler"] as string)) {
    return { accepted: false, reason: "config.invalid_value", detail: "encoding_error_handler must be strict, ignore or replace" };
  }
  if (type === "streamable") {
    for (const key of ["timeout", "sse_read_timeout"]) {
      if (!isIsoDuration(params[key] as string)) {
        return { accepted: false, reason: "config.invalid_duration", detail: `server_parameters.${key} ${JSON.stringify(params[key])} is not an ISO-8601 duration` };
      }
    }
  }
  return ACCEPTED;
}
