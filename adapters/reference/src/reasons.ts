/**
 * The kit's closed reason taxonomy. Every rejection an implementation reports is mapped to one of
 * these codes so that verdicts compare across SDKs; the SDK's own message travels as evidence.
 * The compiler forces a title, hint and spec reference for each code.
 */
export const REASONS = {
  "bundle_id.not_string": {
    title: "explicit bundle_id is not a string",
    hint: "bundle_id is string | null",
    spec: "data-structures.md §BundleID",
  },
  "bundle_id.empty": {
    title: "explicit bundle_id is the empty string",
    hint: "omit bundle_id (or set null) to derive it from name",
    spec: "data-structures.md §BundleID (empty value not specified upstream)",
  },
  "bundle_id.dot": {
    title: "explicit bundle_id contains '.'",
    hint: "'.' is forbidden in a bundle_id",
    spec: "data-structures.md §BundleID",
  },
  "bundle_id.reserved_separator": {
    title: "explicit bundle_id contains '__'",
    hint: "'__' separates bundle_id from the tool name in exposed names",
    spec: "data-structures.md §BundleID",
  },
  "bundle_id.charset": {
    title: "explicit bundle_id has a character outside [A-Za-z0-9_-]",
    hint: "use ASCII letters, digits, '_' and '-' only",
    spec: "data-structures.md §BundleID",
  },
  "config.not_object": {
    title: "server config is not a JSON object",
    hint: "a server config is an object",
    spec: "data-structures.md §MCP Server 配置结构",
  },
  "config.missing_field": {
    title: "a required field is missing",
    hint: "add the field named in the detail",
    spec: "data-structures.md §MCP Server 配置结构",
  },
  "config.wrong_type": {
    title: "a field has the wrong JSON type",
    hint: "see the field's type in the spec",
    spec: "data-structures.md §MCP Server 配置结构",
  },
  "config.unknown_type": {
    title: "type is not one of stdio, streamable, sse",
    hint: "transport types are lowercase",
    spec: "data-structures.md §MCP Server 配置结构",
  },
  "config.unknown_field": {
    title: "a field the spec does not define",
    hint: "remove it or check its spelling",
    spec: "data-structures.md §MCP Server 配置结构",
  },
  "config.invalid_value": {
    title: "a field's value is outside its allowed set",
    hint: "e.g. encoding_error_handler must be strict, ignore or replace",
    spec: "data-structures.md §MCP Server 配置结构",
  },
  "config.invalid_duration": {
    title: "a streamable timeout is not an ISO-8601 duration",
    hint: 'write e.g. "PT30S"',
    spec: "seeds/002 §3.2",
  },
  "config.invalid_bundle_id": {
    title: "the config's explicit bundle_id is illegal",
    hint: "see the bundle_id.* reason in the detail",
    spec: "data-structures.md §BundleID",
  },
  "config.invalid_tool_meta": {
    title: "tool_meta or default_tool_meta is malformed",
    hint: "ToolMeta fields: auto_apply, ret_object_mapper, alias, tags",
    spec: "seeds/002 §5",
  },
  "input.not_object": {
    title: "input definition is not a JSON object",
    hint: "an input is an object",
    spec: "data-structures.md §输入配置结构",
  },
  "input.missing_field": {
    title: "a required input field is missing",
    hint: "id, description and type are required",
    spec: "data-structures.md §输入配置结构",
  },
  "input.wrong_type": {
    title: "an input field has the wrong JSON type",
    hint: "see the field's type in the spec",
    spec: "data-structures.md §输入配置结构",
  },
  "input.unknown_type": {
    title: "input type is not promptString, pickString or command",
    hint: "input types are camelCase on the wire",
    spec: "data-structures.md §输入配置结构",
  },
  "input.unknown_field": {
    title: "an input field the spec does not define",
    hint: "remove it or check its spelling",
    spec: "data-structures.md §输入配置结构",
  },
  "input.pick_options_empty": {
    title: "pickString has no options",
    hint: "options needs at least one {label, value}",
    spec: "seeds/002 §4.3",
  },
  "input.pick_option_legacy_string": {
    title: "pickString option is a bare string (pre-0.3.2 shape)",
    hint: 'write options as [{"label": …, "value": …}]',
    spec: "seeds/002 §4.3",
  },
  "input.pick_option_malformed": {
    title: "pickString option is not a {label, value} object of non-empty strings",
    hint: "label and value are both non-empty strings",
    spec: "seeds/002 §4.3",
  },
  "input.pick_default_not_in_options": {
    title: "pickString default matches no option value",
    hint: "default must equal some option's value (labels do not count)",
    spec: "seeds/002 §4.3",
  },
  "env_var.collision": {
    title: "two input identities produce the same env-var name",
    hint: "rename an input id, bundle_id or tool so the full names differ",
    spec: "computer-mcp-config-guide.md §环境变量命名规则",
  },
  "plugin.server_name": {
    title: "server file name is not kebab-case [a-z0-9-]",
    hint: "no leading/trailing '-', no '--'",
    spec: "seeds/002 §1.1",
  },
  "plugin.name_mismatch": {
    title: "server file stem differs from the config's name",
    hint: "rename the file or the name",
    spec: "seeds/002 §1.1",
  },
  "plugin.empty_folder": {
    title: "mcp-servers/ exists but holds no server file",
    hint: "add a server file or remove the folder",
    spec: "seeds/002 §1",
  },
  "plugin.invalid_json": {
    title: "a server file is not valid JSON",
    hint: "fix the JSON syntax",
    spec: "seeds/002 §1.2",
  },
  "plugin.invalid_config": {
    title: "a server file is not a valid server config",
    hint: "see the config.* reason in the detail",
    spec: "seeds/002 §2-§3",
  },
  "input.lone_surrogate": {
    title: "a string holds a lone UTF-16 surrogate (not valid Unicode)",
    hint: "strings must be valid Unicode scalar sequences",
    spec: "RFC 8259 §8.2",
  },
  "input.malformed_config": {
    title: "the operation's config input lacks what the operation needs",
    hint: "a vector or generator bug, not an SDK verdict",
    spec: "kit",
  },
  unclassified: {
    title: "an SDK rejection the adapter could not map",
    hint: "read the raw message; extend the adapter's mapping",
    spec: "kit",
  },
} as const satisfies Record<string, { title: string; hint: string; spec: string }>;

export type Reason = keyof typeof REASONS;

export function isReason(value: string): value is Reason {
  return Object.hasOwn(REASONS, value);
}
