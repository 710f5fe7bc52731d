/** The TypeScript reference implementation of the A2C-SMCP rules the kit checks. Pure: no I/O. */

export { type Addressed, type LifecycleVerb, resolveTarget, type SearchEntry } from "./addressing.ts";
export { deriveBundleId, fallbackBundleId, resolveBundleId, validateBundleId } from "./bundle-id.ts";
export { type Desktop, type DesktopRequest, type DesktopWindow, organizeDesktop, type WindowContent } from "./desktop.ts";
export { ENV_PREFIX, type EnvCollision, type EnvIdentity, envSegment, envVarName, findEnvVarCollisions } from "./env-var.ts";
export { InvalidInputError } from "./errors.ts";
export { exposedToolName } from "./exposed-name.ts";
export { type Selection, selectPickString, validateInput } from "./inputs.ts";
export { LANDING_ROOT_KEY, type LandingRootVerdict, readLandingRoot, SETTINGS_SCOPES, type SettingsScope } from "./landing-root.ts";
export { type LoadDiagnostic, type LoadEntry, type LoadReport, loadDiagnostics } from "./load-diagnostics.ts";
export { MESSAGE_MODELS, type MessageField, type MessageModel, type MessageVerdict, parseMessage } from "./message-models.ts";
export { normalizeName } from "./normalize-name.ts";
export {
  ENABLE_SCOPES,
  type EnabledLayers,
  type EnableScope,
  type PluginActivation,
  type PluginState,
  pluginActivation,
} from "./plugin-activation.ts";
export { type BundledGate, bundledServerGate, type SettingsLayers } from "./plugin-gate.ts";
export { type PluginIdVerdict, validatePluginId } from "./plugin-id.ts";
export { checkPluginLayout, type LayoutDiagnostic, type LayoutReport } from "./plugin-layout.ts";
export { MARKETPLACE_MANIFEST, type MarketplacePlugin, readMarketplace } from "./plugin-marketplace.ts";
export { DECLARATION_SOURCES, type DeclarationSource, type Declarations, type Reclaim, reclaimOnRemoval } from "./plugin-reclaim.ts";
export { PLUGIN_SCOPES, type PluginScope, type PluginScript, type PluginStep, runPluginScript } from "./plugin-runtime.ts";
export { isReason, REASONS, type Reason } from "./reasons.ts";
export { type InputKind, type RenderContext, type RenderReading, type RenderResult, type RenderWarning, render } from "./render.ts";
export { isIsoDuration, validateServerConfig } from "./server-config.ts";
export { readFrontmatter } from "./skill-frontmatter.ts";
export { BASELINE_MIME, FALLBACK_MIME, inferSkillMime, isTextMime } from "./skill-mime.ts";
export { type ModeCListing, type ModeCSkill, modeCSkills, type SkillResource } from "./skill-mode-c.ts";
export { lexSkillName, type SkillNameKind, type SkillNameVerdict } from "./skill-name.ts";
export { type SkillRefIdentity, type SkillRefRequest, skillRef, skillRootUri } from "./skill-ref.ts";
export { type SkillTags, skillTags } from "./skill-tags.ts";
export { type MergedServer, mergeSources } from "./source-merge.ts";
export { connectionIdentityBytes, toHex } from "./tlv.ts";
export { mergeToolMeta, type ReconciledMeta, reconcileToolMeta, TOOL_META_FIELDS, validateToolMeta } from "./tool-meta.ts";
export type { Json, JsonObject, ServerConfigLike, Verdict } from "./types.ts";
export { codePoints, compareCodePoints, isWellFormed, utf8 } from "./unicode.ts";
export { checkVersion, isCompatible, parseProtocolVersion, type VersionVerdict } from "./versioning.ts";
export { isWindowUri, parseWindowUri, type WindowUri, withoutQuery } from "./window-uri.ts";
