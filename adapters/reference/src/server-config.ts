/**
 * MCP server config verdicts (data-structures.md §MCP Server 配置结构; seeds/002 §2-§3). Fields are
 * checked one at a time, each completely, in the order vectors/README.md gives; the first broken
 * rule is the verdict. Base fields with documented defaults may be omitted; transport fields follow
 * the protocol TypedDicts. Unknown fields are accepted: the spec defines no closed schema.
 */
import { validateBundleId } from "./bundle-id.ts";
import { checkFields, type FieldRule } from "./field-checks.ts";
import { validateToolMeta } from "./tool-meta.ts";
import { ACCEPTED, isPlainObject, type Verdict } from "./types.ts";

const CONFIG = { missing: "config.missing_field", wrongType: "config.wrong_type" };
const TRANSPORTS = ["stdio", "streamable", "sse"];
const ERROR_HANDLERS = new Set(["strict", "ignore", "replace"]);
/** ISO-8601 duration (PnYnMnWnDTnHnMnS with optional fractions); at least one component. */
const ISO_DURATION =
  /^P(?=\d|T\d)(\d+(\.\d+)?Y)?(\d+(\.\d+)?M)?(\d+(\.\d+)?W)?(\d+(\.\d+)?D)?(T(?=\d)(\d+(\.\d+)?H)?(\d+(\.\d+)?M)?(\d+(\.\d+)?S)?)?$/;

export function isIsoDuration(text: string): boolean {
  return ISO_DURATION.test(text);
}

const reject = (reason: string, detail: string): Verdict => ({ accepted: false, reason, detail });

const knownType = (value: unknown): Verdict | null =>
  TRANSPORTS.includes(value as string)
    ? null
    : reject("config.unknown_type", `type ${JSON.stringify(value)} is not stdio, streamable or sse`);

const explicitBundleId = (value: unknown): Verdict | null => {
  const verdict = validateBundleId(value);
  return verdict.accepted ? null : verdict;
};

const toolMetaEntries = (value: unknown): Verdict | null => {
  for (const [tool, meta] of Object.entries(value as Record<string, unknown>)) {
    const verdict = validateToolMeta(meta, `tool_meta.${tool}`);
    if (!verdict.accepted) return verdict;
  }
  return null;
};

const toolMeta = (value: unknown, where: string): Verdict | null => {
  const verdict = validateToolMeta(value, where);
  return verdict.accepted ? null : verdict;
};

const errorHandler = (value: unknown): Verdict | null =>
  ERROR_HANDLERS.has(value as string) ? null : reject("config.invalid_value", "encoding_error_handler must be strict, ignore or replace");

const duration = (value: unknown, where: string): Verdict | null =>
  isIsoDuration(value as string)
    ? null
    : reject("config.invalid_duration", `${where} ${JSON.stringify(value)} is not an ISO-8601 duration`);

const BASE: FieldRule[] = [
  { key: "name", kind: "string", required: true },
  { key: "type", kind: "string", required: true, check: knownType },
  { key: "bundle_id", kind: "any", nullable: true, check: explicitBundleId },
  { key: "disabled", kind: "boolean" },
  { key: "forbidden_tools", kind: "stringList" },
  { key: "tool_meta", kind: "object", check: toolMetaEntries },
  { key: "default_tool_meta", kind: "any", nullable: true, check: toolMeta },
  { key: "vrl", kind: "string", nullable: true },
  { key: "server_parameters", kind: "object", required: true },
];
const TRANSPORT_FIELDS: Record<string, FieldRule[]> = {
  stdio: [
    { key: "command", kind: "string", required: true },
    { key: "args", kind: "stringList", required: true },
    { key: "env", kind: "stringMap", required: true, nullable: true },
    { key: "cwd", kind: "string", required: true, nullable: true },
    { key: "encoding", kind: "string", required: true },
    { key: "encoding_error_handler", kind: "string", required: true, check: errorHandler },
  ],
  streamable: [
    { key: "url", kind: "string", required: true },
    { key: "headers", kind: "object", required: true, nullable: true },
    { key: "timeout", kind: "string", required: true, check: duration },
    { key: "sse_read_timeout", kind: "string", required: true, check: duration },
    { key: "terminate_on_close", kind: "boolean", required: true },
  ],
  sse: [
    { key: "url", kind: "string", required: true },
    { key: "headers", kind: "object", required: true, nullable: true },
    { key: "timeout", kind: "number", required: true },
    { key: "sse_read_timeout", kind: "number", required: true },
  ],
};

export function validateServerConfig(config: unknown): Verdict {
  if (!isPlainObject(config)) return reject("config.not_object", "server config must be an object");
  const base = checkFields("", config, BASE, CONFIG);
  if (base) return base;
  const params = config["server_parameters"] as Record<string, unknown>;
  return checkFields("server_parameters.", params, TRANSPORT_FIELDS[config["type"] as string]!, CONFIG) ?? ACCEPTED;
}
