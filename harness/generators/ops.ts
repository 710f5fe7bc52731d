/**
 * One input arbitrary per corpus operation in ops.schema.json, except transport.auth_error (it
 * needs a live HTTP server) and kit-internal ones such as bench.loop. Every sample validates against the op's
 * input schema and survives a JSON round trip unchanged.
 */

import fc, { type Arbitrary } from "fast-check";
import type { JsonObject } from "../../adapters/reference/src/index.ts";
import { addressingInput } from "./addressing.ts";
import { bundleIdValue, validBundleId } from "./bundle-ids.ts";
import { desktopRequest } from "./desktop.ts";
import { envIdentityList, envVarTriple } from "./env-vars.ts";
import { identityConfig } from "./identity-configs.ts";
import { inputDefinition } from "./input-definition.ts";
import { landingRootInput } from "./landing-root.ts";
import { loadEntries } from "./load-entries.ts";
import { messageParseInput } from "./message-value.ts";
import { serverName, toolName } from "./names.ts";
import { constantJson, maybe, objectOf } from "./objects.ts";
import { pickSelectionInput } from "./pick-selection.ts";
import { pluginActivationInput } from "./plugin-activation.ts";
import { pluginFiles } from "./plugin-files.ts";
import { pluginGateInput } from "./plugin-gate.ts";
import { pluginIdInput } from "./plugin-id.ts";
import { pluginReclaimInput } from "./plugin-reclaim.ts";
import { renderInput } from "./render-inputs.ts";
import { serverConfig } from "./server-config.ts";
import { generatedServerScene } from "./server-scenes.ts";
import { skillMimeTypeInput, skillTextMimeInput } from "./skill-mime.ts";
import { modeCListing } from "./skill-mode-c.ts";
import { skillNameInput } from "./skill-name.ts";
import { skillRefInput } from "./skill-ref.ts";
import { skillTagsInput } from "./skill-tags.ts";
import { sourceMergeInput } from "./source-merge.ts";
import { rarelyLoneSurrogate, trickyString } from "./strings.ts";
import { toolAlias, toolMeta } from "./tool-meta.ts";
import { toolMetaReconcileInput } from "./tool-meta-declarations.ts";
import { versionCheckInput } from "./versioning.ts";
import { windowUriInput } from "./window-uri.ts";
import { generatedComputerScene } from "./wire-scenes.ts";

const nullOr = (value: Arbitrary<JsonObject>): Arbitrary<JsonObject | null> => fc.option(value, { nil: null, freq: 4 });

export const OP_ARBITRARIES: Readonly<Record<string, Arbitrary<Record<string, unknown>>>> = Object.freeze({
  "bundle_id.normalize": objectOf({ name: serverName() }),
  "bundle_id.resolve": objectOf({ config: identityConfig() }),
  "bundle_id.identity_bytes": objectOf({ config: identityConfig() }),
  "bundle_id.validate": objectOf({ bundle_id: bundleIdValue() }),
  exposed_name: objectOf({
    bundle_id: rarelyLoneSurrogate(
      fc.oneof({ weight: 3, arbitrary: validBundleId() }, { weight: 1, arbitrary: trickyString({ maxLength: 5 }) }),
    ),
    tool_name: rarelyLoneSurrogate(toolName()),
    alias: maybe(fc.option(toolAlias(), { nil: null, freq: 3 }), 4),
  }),
  "env_var.name": envVarTriple(),
  "env_var.collisions": objectOf({ identities: envIdentityList() }),
  render: renderInput(),
  "server_config.validate": objectOf({ config: serverConfig() }),
  "input.validate": objectOf({ input: inputDefinition() }),
  "input.select": pickSelectionInput(),
  "tool_meta.merge": objectOf({
    default_tool_meta: nullOr(toolMeta()),
    tool_meta: fc.oneof(
      { weight: 5, arbitrary: nullOr(toolMeta()) },
      { weight: 1, arbitrary: constantJson<JsonObject>({ x_unknown: 1 }, { alias: "a", x_unknown: [] }) },
    ),
  }),
  "tool_meta.reconcile": toolMetaReconcileInput(),
  "tool_meta.wire": toolMetaReconcileInput(),
  "load.diagnostics": objectOf({ servers: loadEntries() }),
  "plugin.layout": objectOf({ files: pluginFiles() }),
  "window_uri.parse": windowUriInput(),
  "desktop.organize": desktopRequest(),
  "version.check": versionCheckInput(),
  "addressing.resolve": addressingInput(),
  "plugin_id.validate": pluginIdInput(),
  "skill.tags": skillTagsInput(),
  "skill.mode_c": modeCListing(),
  "message.parse": messageParseInput(),
  "skill.mime_type": skillMimeTypeInput(),
  "skill.text_mime": skillTextMimeInput(),
  "settings.landing_root": landingRootInput(),
  "skill.name": skillNameInput(),
  "plugin.activation": pluginActivationInput(),
  "plugin.reclaim": pluginReclaimInput(),
  "plugin.bundled_gate": pluginGateInput(),
  "config.source_merge": sourceMergeInput(),
  "skill.ref": skillRefInput(),
  "sdk.protocol_version": constantJson<JsonObject>({}),
});

/**
 * Live operations' generated scenes (a vector input the harness plays, not an adapter input). A
 * scene runs a whole SDK role, so fuzz plays them only when named with --op.
 */
export const LIVE_ARBITRARIES: Readonly<Record<string, Arbitrary<Record<string, unknown>>>> = Object.freeze({
  "wire.computer": generatedComputerScene(),
  "wire.server": generatedServerScene(),
});

/** The operations the generators cover, sorted. */
export function fuzzableOps(): string[] {
  return Object.keys(OP_ARBITRARIES).sort();
}
