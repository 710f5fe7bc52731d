/**
 * Boundary-biased fast-check arbitraries for the kit's operations. `OP_ARBITRARIES[op]` yields
 * that op's `input`; the building blocks below compose into new ones. See README.md.
 */
export { OP_ARBITRARIES, fuzzableOps } from "./ops.ts";
export * as traps from "./unicode-traps.ts";
export { anyCodePoint, asciiWord, blankingUnit, rarelyLoneSurrogate, trapUnit, trickyString, withLoneSurrogate, type TextOptions } from "./strings.ts";
export { emptyNormalisingName, inputId, nfcNfdName, separatorFramedName, serverName, toolName, REALISTIC_NAMES, type NameOptions } from "./names.ts";
export { bundleIdValue, invalidBundleId, nonStringBundleId, validBundleId, INVALID_BUNDLE_ID_STRINGS } from "./bundle-ids.ts";
export { FORBIDDEN_KEYS, KEY_GROUPS, SORT_KEY_TRAPS, isSafeKey, mapWithTrickyKeys, plainMap, trickyKey, type MapOptions } from "./maps.ts";
export { ABSENT, applyPatch, constantJson, dropAbsent, maybe, objectOf, type Absent, type Field, type Patch } from "./objects.ts";
export { jsonNumber, jsonScalar, jsonValue, NUMBER_TRAPS } from "./json-values.ts";
export { configString, literalPiece, placeholderEnvName, placeholderInputId, placeholderString, placeholderToken, PLACEHOLDER_ENV_NAMES, PLACEHOLDER_INPUT_IDS, MALFORMED_PLACEHOLDERS, UNKNOWN_PLACEHOLDERS } from "./placeholders.ts";
export { toolAlias, toolMeta, toolMetaMap } from "./tool-meta.ts";
export { isoDuration, seconds, sseParameters, stdioParameters, streamableParameters, url } from "./transport-params.ts";
export { configOf, sseConfig, stdioConfig, streamableConfig, validServerConfig, type ConfigParts, type Transport } from "./configs.ts";
export { faultsAt, param, patchesAt, withOneFault, withOnePatch, type Fault, type Faulty, type ValidityOption } from "./faults.ts";
export { BASE_FAULTS, TRANSPORT_FAULTS, faultyServerConfig } from "./config-faults.ts";
export { BASE_EDGES, TRANSPORT_EDGES, edgeServerConfig } from "./config-edges.ts";
export { serverConfig } from "./server-config.ts";
export { encodableConfig, identityConfig, unencodableConfig, IDENTITY_FAULTS } from "./identity-configs.ts";
export { commandInput, pickOption, pickStringInput, promptStringInput, validInputDefinition } from "./inputs.ts";
export { faultyInputDefinition } from "./input-faults.ts";
export { edgeInputDefinition, inputDefinition } from "./input-definition.ts";
export { collidingEnvIdentity, envIdentityList, envVarTriple } from "./env-vars.ts";
export { freeRenderInput, pluginScope, renderEnv, renderInput, renderInputs, renderValue, scopedRenderInput } from "./render-inputs.ts";
export { loadEntries, loadEntry, pooledConfig } from "./load-entries.ts";
export { pluginFiles } from "./plugin-files.ts";
