/** The TypeScript reference implementation of the A2C-SMCP rules the kit checks. Pure: no I/O. */
export { normalizeName } from "./normalize-name.ts";
export { connectionIdentityBytes, toHex } from "./tlv.ts";
export { deriveBundleId, fallbackBundleId, resolveBundleId, validateBundleId } from "./bundle-id.ts";
export { exposedToolName } from "./exposed-name.ts";
export { envSegment, envVarName, findEnvVarCollisions, ENV_PREFIX, type EnvIdentity, type EnvCollision } from "./env-var.ts";
export { render, type RenderContext, type RenderResult, type RenderWarning } from "./render.ts";
export { validateServerConfig, isIsoDuration } from "./server-config.ts";
export { validateInput } from "./inputs.ts";
export { mergeToolMeta, validateToolMeta } from "./tool-meta.ts";
export { loadDiagnostics, type LoadEntry, type LoadReport, type LoadDiagnostic } from "./load-diagnostics.ts";
export { checkPluginLayout, type LayoutReport, type LayoutDiagnostic } from "./plugin-layout.ts";
export { REASONS, isReason, type Reason } from "./reasons.ts";
export { InvalidInputError } from "./errors.ts";
export { codePoints, compareCodePoints, isWellFormed, utf8 } from "./unicode.ts";
export type { Json, JsonObject, ServerConfigLike, Verdict } from "./types.ts";
