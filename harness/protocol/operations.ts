/**
 * The operations every implementation may support, one per rule family of the spec digest. Their
 * input and output shapes are JSON Schemas in vectors/_schema/ops.schema.json.
 */
export const OPERATIONS = [
  "bundle_id.normalize",
  "bundle_id.resolve",
  "bundle_id.identity_bytes",
  "bundle_id.validate",
  "exposed_name",
  "env_var.name",
  "env_var.collisions",
  "render",
  "server_config.validate",
  "input.validate",
  "tool_meta.merge",
  "load.diagnostics",
  "plugin.layout",
  "transport.auth_error",
] as const;

export type Operation = (typeof OPERATIONS)[number];

export function isOperation(value: string): value is Operation {
  return (OPERATIONS as readonly string[]).includes(value);
}
