/**
 * The landing root a Computer takes from one settings scope (blob-transfer.md §7, config-first):
 * the settings key landingRoot, accepted from the trusted scopes user, local, flag, policy and
 * embed, refused from project (a cloned repository must not redirect uploads). The kit's reading
 * where the page is silent: the value is a path string, absolute in POSIX form or with a drive
 * letter, kept as written.
 */
import { isPlainObject } from "./types.ts";

export const LANDING_ROOT_KEY = "landingRoot";
export const SETTINGS_SCOPES = ["user", "project", "local", "flag", "policy", "embed"] as const;
export type SettingsScope = (typeof SETTINGS_SCOPES)[number];
const UNTRUSTED: ReadonlySet<SettingsScope> = new Set(["project"]);

export type LandingRootVerdict =
  | { readonly accepted: true; readonly reason: null; readonly landing_root: string }
  | { readonly accepted: false; readonly reason: null | "settings.untrusted_scope" | "settings.wrong_type" | "settings.not_absolute" };

const ABSOLUTE = /^(?:\/|[A-Za-z]:[\\/])/;

/** What the Computer takes as its landing root from `settings`, a document of `scope`. */
export function readLandingRoot(scope: SettingsScope, settings: unknown): LandingRootVerdict {
  if (!isPlainObject(settings) || !Object.hasOwn(settings, LANDING_ROOT_KEY)) return { accepted: false, reason: null };
  if (UNTRUSTED.has(scope)) return { accepted: false, reason: "settings.untrusted_scope" };
  const value = settings[LANDING_ROOT_KEY];
  if (typeof value !== "string") return { accepted: false, reason: "settings.wrong_type" };
  if (!ABSOLUTE.test(value)) return { accepted: false, reason: "settings.not_absolute" };
  return { accepted: true, reason: null, landing_root: value };
}
