/**
 * The reference adapter's operation table: each kit operation mapped onto the library. Shared by
 * the in-process implementation and the subprocess entry point, so both give identical answers.
 * Answers are adapter-protocol result bodies. Most operations are synchronous; the few live ones
 * (a Computer on real sockets) have a table of their own, answered through a promise.
 */

import type { WireAgentInput } from "./agent/index.ts";
import { BENCH_LOOP, benchLoop } from "./bench-loop.ts";
import type { ComputerActInput, TransportCallInput, WireComputerInput } from "./computer/index.ts";
import { wireMeta } from "./computer/tool-meta-wire.ts";
import type { WireServerInput } from "./server/index.ts";
import type { Json, JsonObject, LoadEntry, ServerConfigLike } from "./src/index.ts";
import * as ref from "./src/index.ts";
import { Unsupported } from "./unsupported.ts";

// biome-ignore lint/suspicious/noExplicitAny: inputs are schema-checked against ops.schema.json before they reach a handler
type Input = Record<string, any>;
type Handler = (input: Input) => unknown;

/** The table for one protocol reading: 0.4 (the default) or the 0.3.x readings where they differ. */
export function referenceOperations(reading: ref.RenderReading): Readonly<Record<string, Handler>> {
  const table: Record<string, Handler> = {
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
        inputKinds: i.input_kinds,
        reading,
      }),
    "server_config.validate": (i) => ref.validateServerConfig(i.config),
    "input.validate": (i) => ref.validateInput(i.input, reading),
    "input.select": (i) => ref.selectPickString(i.input, { present: Object.hasOwn(i, "stored"), value: i.stored }),
    "tool_meta.merge": (i) => ({ merged: ref.mergeToolMeta(i.default_tool_meta as JsonObject | null, i.tool_meta as JsonObject | null) }),
    "tool_meta.reconcile": (i) => ref.reconcileToolMeta(i.declared_meta, i.default_tool_meta, i.tool_meta),
    "tool_meta.wire": (i) => ({ meta: wireMeta(ref.reconcileToolMeta(i.declared_meta, i.default_tool_meta, i.tool_meta).meta) }),
    "load.diagnostics": (i) => ref.loadDiagnostics(i.servers as LoadEntry[]),
    "plugin.layout": (i) => ref.checkPluginLayout(i.files),
    "window_uri.parse": (i) => ref.parseWindowUri(i.uri),
    "desktop.organize": (i) => ref.organizeDesktop(i as ref.DesktopRequest),
    "version.check": (i) => ref.checkVersion(i.client, i.server),
    "addressing.resolve": (i) => ref.resolveTarget(i.token, i.entries, i.verb),
    "plugin_id.validate": (i) => ref.validatePluginId(i.plugin_id),
    "skill.tags": (i) => ref.skillTags(i.skill_md),
    "skill.mode_c": (i) => ref.modeCSkills(i.resources),
    "message.parse": (i) => ref.parseMessage(i.model, i.value),
    "skill.mime_type": (i) => ({ mime_type: ref.inferSkillMime(i.file_name) }),
    "skill.text_mime": (i) => ({ text: ref.isTextMime(i.mime_type) }),
    "settings.landing_root": (i) => ref.readLandingRoot(i.scope, i.settings),
    "skill.name": (i) => ref.lexSkillName(i.name),
    "runtime.plugins": (i) => ref.runPluginScript(i as ref.PluginScript),
    "plugin.activation": (i) => ref.pluginActivation(i.installed, i.enabled ?? {}),
    "plugin.reclaim": (i) => ref.reclaimOnRemoval(i.plugin, i.ledger, i.declared ?? {}),
    "config.source_merge": (i) => ref.mergeSources(i.declared ?? {}),
    "plugin.bundled_gate": (i) => ref.bundledServerGate(i.settings ?? {}, i.plugin, i.bundle_id),
    "skill.ref": (i) => ref.skillRef(i as ref.SkillRefRequest),
    // The reference's own constant is the protocol version of the reading it answers by.
    "sdk.protocol_version": () => ({ protocol_version: reading === "0.3" ? "0.3.0" : "0.4.0" }),
  };
  table[BENCH_LOOP] = (i) =>
    benchLoop(
      i,
      (id, op, input) => answerReference(id, op, input, table),
      (op) => Object.hasOwn(table, op),
    );
  return table;
}

export const REFERENCE_OPERATIONS = referenceOperations("0.4");

type LiveHandler = (input: Input) => Promise<unknown>;

/** The live Server module, once a wire.server call has loaded it: its Servers outlive the call. */
let serverModule: Promise<typeof import("./server/index.ts")> | undefined;

/**
 * The live operations. Their modules are imported on first call, so the synchronous path, and
 * every run without a live case, never loads socket.io, socket.io-client or the MCP client SDK.
 * Only the 0.4 reading offers them: the live Computer and Server speak a2c_version 0.4.0, and
 * transport.call_tool is that Computer's tool call.
 */
export function referenceLiveOperations(reading: ref.RenderReading): Readonly<Record<string, LiveHandler>> {
  if (reading !== "0.4") return {};
  return {
    "wire.computer": async (i) => (await import("./computer/index.ts")).runWireComputer(i as WireComputerInput),
    "wire.server": async (i) => (await (serverModule ??= import("./server/index.ts"))).runWireServer(i as WireServerInput),
    "wire.agent": async (i) => (await import("./agent/index.ts")).runWireAgent(i as WireAgentInput),
    "transport.call_tool": async (i) => (await import("./computer/index.ts")).runTransportCall(i as TransportCallInput),
    // Kit-internal: a running wire.computer session's Computer acts (a script's `computer:` step).
    "wire.computer_act": async (i) => (await import("./computer/index.ts")).runComputerAct(i as ComputerActInput),
  };
}

/** Ends what a live operation left running (wire.server's Servers); the subprocess adapter calls it before exiting. */
export async function stopReferenceLive(): Promise<void> {
  if (serverModule) await (await serverModule).stopAllWireServers();
}

export const REFERENCE_LIVE_OPERATIONS = referenceLiveOperations("0.4");

export type ReferenceAnswer =
  | { readonly type: "result"; readonly id: number; readonly ok: true; readonly output: unknown }
  | {
      readonly type: "result";
      readonly id: number;
      readonly ok: false;
      readonly error: { reason: string; message: string; raw_type: string; details?: Readonly<Record<string, Json>> };
    }
  | { readonly type: "unsupported"; readonly id: number; readonly message: string };

/** Runs one operation and shapes the answer as the adapter protocol's result message. */
export function answerReference(
  id: number,
  op: string,
  input: Record<string, unknown>,
  table: Readonly<Record<string, Handler>> = REFERENCE_OPERATIONS,
): ReferenceAnswer {
  const handler = table[op];
  if (!handler) return { type: "unsupported", id, message: `the reference has no operation ${op}` };
  try {
    return { type: "result", id, ok: true, output: handler(input) };
  } catch (error) {
    return refusal(id, error);
  }
}

/** answerReference for a live operation: the same answers, once the operation has run. */
export async function answerReferenceLive(
  id: number,
  op: string,
  input: Record<string, unknown>,
  table: Readonly<Record<string, LiveHandler>> = REFERENCE_LIVE_OPERATIONS,
): Promise<ReferenceAnswer> {
  const handler = table[op];
  if (!handler) return { type: "unsupported", id, message: `the reference has no live operation ${op}` };
  try {
    return { type: "result", id, ok: true, output: await handler(input) };
  } catch (error) {
    return refusal(id, error);
  }
}

/** A refused input and a variant the reference lacks are answers; anything else a handler throws is a reference bug, and propagates. */
function refusal(id: number, error: unknown): ReferenceAnswer {
  if (error instanceof Unsupported) return { type: "unsupported", id, message: error.message };
  if (error instanceof ref.InvalidInputError)
    return {
      type: "result",
      id,
      ok: false,
      error: { reason: error.reason, message: error.message, raw_type: error.name, ...(error.details ? { details: error.details } : {}) },
    };
  throw error;
}
