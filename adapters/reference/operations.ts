/**
 * The reference adapter's operation table: each kit operation mapped onto the library. Shared by
 * the in-process implementation and the subprocess entry point, so both give identical answers.
 * Answers are adapter-protocol result bodies.
 */
import { BENCH_LOOP, benchLoop } from "./bench-loop.ts";
import type { Json, JsonObject, LoadEntry, ServerConfigLike } from "./src/index.ts";
import * as ref from "./src/index.ts";

// biome-ignore lint/suspicious/noExplicitAny: inputs are schema-checked against ops.schema.json before they reach a handler
type Input = Record<string, any>;
type Handler = (input: Input) => unknown;

export const REFERENCE_OPERATIONS: Readonly<Record<string, Handler>> = {
  "bundle_id.normalize": (i) => ({ normalized: ref.normalizeName(i.name) }),
  "bundle_id.resolve": (i) => ({ bundle_id: ref.resolveBundleId(i.config as ServerConfigLike) }),
  "bundle_id.identity_bytes": (i) => ({ hex: ref.toHex(ref.connectionIdentityBytes(i.config as ServerConfigLike)) }),
  "bundle_id.validate": (i) => ref.validateBundleId(i.bundle_id),
  exposed_name: (i) => ({ exposed_name: ref.exposedToolName(i.bundle_id, i.tool_name, i.alias ?? null) }),
  "env_var.name": (i) => ({ env_var_name: ref.envVarName(i as ref.EnvIdentity) }),
  "env_var.collisions": (i) => ({ collisions: ref.findEnvVarCollisions(i.identities) }),
  render: (i) =>
    ref.render(i.value as Json, {
      inputs: i.inputs,
      env: i.env,
      userHome: i.user_home,
      pathSeparator: i.path_separator,
      pluginScope: i.plugin_scope,
    }),
  "server_config.validate": (i) => ref.validateServerConfig(i.config),
  "input.validate": (i) => ref.validateInput(i.input),
  "tool_meta.merge": (i) => ({ merged: ref.mergeToolMeta(i.default_tool_meta as JsonObject | null, i.tool_meta as JsonObject | null) }),
  "load.diagnostics": (i) => ref.loadDiagnostics(i.servers as LoadEntry[]),
  "plugin.layout": (i) => ref.checkPluginLayout(i.files),
  [BENCH_LOOP]: (i) => benchLoop(i, answerReference, (op) => Object.hasOwn(REFERENCE_OPERATIONS, op)),
};

export type ReferenceAnswer =
  | { readonly type: "result"; readonly id: number; readonly ok: true; readonly output: unknown }
  | {
      readonly type: "result";
      readonly id: number;
      readonly ok: false;
      readonly error: { reason: string; message: string; raw_type: string };
    }
  | { readonly type: "unsupported"; readonly id: number; readonly message: string };

/** Runs one operation and shapes the answer as the adapter protocol's result message. */
export function answerReference(id: number, op: string, input: Record<string, unknown>): ReferenceAnswer {
  const handler = REFERENCE_OPERATIONS[op];
  if (!handler) return { type: "unsupported", id, message: `the reference has no operation ${op}` };
  try {
    return { type: "result", id, ok: true, output: handler(input) };
  } catch (error) {
    if (error instanceof ref.InvalidInputError)
      return { type: "result", id, ok: false, error: { reason: error.reason, message: error.message, raw_type: error.name } };
    throw error;
  }
}
