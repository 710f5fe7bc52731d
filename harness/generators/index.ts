/**
 * Boundary-biased fast-check arbitraries for the kit's operations. `OP_ARBITRARIES[op]` yields
 * that op's `input`; the building blocks below compose into new ones. See README.md.
 */

export { addressingInput } from "./addressing.ts";
export { bundleIdValue, INVALID_BUNDLE_ID_STRINGS, invalidBundleId, nonStringBundleId, validBundleId } from "./bundle-ids.ts";
export { BASE_EDGES, edgeServerConfig, TRANSPORT_EDGES } from "./config-edges.ts";
export { BASE_FAULTS, faultyServerConfig, TRANSPORT_FAULTS } from "./config-faults.ts";
export { type ConfigParts, configOf, sseConfig, stdioConfig, streamableConfig, type Transport, validServerConfig } from "./configs.ts";
export { desktopRequest } from "./desktop.ts";
export { collidingEnvIdentity, envIdentityList, envVarTriple } from "./env-vars.ts";
export { type Fault, type Faulty, faultsAt, param, patchesAt, type ValidityOption, withOneFault, withOnePatch } from "./faults.ts";
export { encodableConfig, IDENTITY_FAULTS, identityConfig, unencodableConfig } from "./identity-configs.ts";
export { edgeInputDefinition, inputDefinition } from "./input-definition.ts";
export { faultyInputDefinition } from "./input-faults.ts";
export { commandInput, pickOption, pickStringInput, promptStringInput, validInputDefinition } from "./inputs.ts";
export { jsonNumber, jsonScalar, jsonValue, NUMBER_TRAPS } from "./json-values.ts";
export { landingRootInput } from "./landing-root.ts";
export { loadEntries, loadEntry, pooledConfig } from "./load-entries.ts";
export { FORBIDDEN_KEYS, isSafeKey, KEY_GROUPS, type MapOptions, mapWithTrickyKeys, plainMap, SORT_KEY_TRAPS, trickyKey } from "./maps.ts";
export { messageParseInput } from "./message-value.ts";
export {
  emptyNormalisingName,
  inputId,
  type NameOptions,
  nfcNfdName,
  REALISTIC_NAMES,
  separatorFramedName,
  serverName,
  toolName,
} from "./names.ts";
export { ABSENT, type Absent, applyPatch, constantJson, dropAbsent, type Field, maybe, objectOf, type Patch } from "./objects.ts";
export { fuzzableOps, LIVE_ARBITRARIES, OP_ARBITRARIES } from "./ops.ts";
export {
  configString,
  literalPiece,
  MALFORMED_PLACEHOLDERS,
  PLACEHOLDER_ENV_NAMES,
  PLACEHOLDER_INPUT_IDS,
  placeholderEnvName,
  placeholderInputId,
  placeholderString,
  placeholderToken,
  UNKNOWN_PLACEHOLDERS,
} from "./placeholders.ts";
export { pluginActivationInput } from "./plugin-activation.ts";
export { pluginFiles } from "./plugin-files.ts";
export { pluginGateInput } from "./plugin-gate.ts";
export { pluginIdInput } from "./plugin-id.ts";
export { pluginReclaimInput } from "./plugin-reclaim.ts";
export {
  freeRenderInput,
  kindedRenderInput,
  pluginScope,
  renderEnv,
  renderInput,
  renderInputs,
  renderValue,
  scopedRenderInput,
} from "./render-inputs.ts";
export { serverConfig } from "./server-config.ts";
export { generatedServerScene } from "./server-scenes.ts";
export { skillMimeTypeInput, skillTextMimeInput } from "./skill-mime.ts";
export { modeCListing } from "./skill-mode-c.ts";
export { skillNameInput } from "./skill-name.ts";
export { skillTagsInput } from "./skill-tags.ts";
export { sourceMergeInput } from "./source-merge.ts";
export {
  anyCodePoint,
  asciiWord,
  blankingUnit,
  rarelyLoneSurrogate,
  type TextOptions,
  trapUnit,
  trickyString,
  withLoneSurrogate,
} from "./strings.ts";
export { toolAlias, toolMeta, toolMetaMap } from "./tool-meta.ts";
export { isoDuration, seconds, sseParameters, stdioParameters, streamableParameters, url } from "./transport-params.ts";
export * as traps from "./unicode-traps.ts";
export { versionCheckInput } from "./versioning.ts";
export { windowUri, windowUriInput } from "./window-uri.ts";
export { contentItem, GENERATED_BUNDLE_ID, generatedComputerScene, playedTool, playedToolName, toolResult } from "./wire-scenes.ts";
