/** bundle_id: explicit validation, default derivation and resolution (data-structures.md §BundleID). */
import { normalizeName } from "./normalize-name.ts";
import { connectionIdentitySha256Hex } from "./tlv.ts";
import { ACCEPTED, type ServerConfigLike, type Verdict } from "./types.ts";
import { requireWellFormed } from "./unicode.ts";

const CHARSET = /^[A-Za-z0-9_-]*$/;

/**
 * Verdict on an explicit bundle_id. When several rules are broken the first in this order is
 * reported: not a string, empty, '.', '__', charset.
 */
export function validateBundleId(value: unknown): Verdict {
  if (typeof value !== "string") return reject("bundle_id.not_string", `got ${JSON.stringify(value)}`);
  requireWellFormed(value, "bundle_id");
  if (value === "") return reject("bundle_id.empty", "empty string");
  if (value.includes(".")) return reject("bundle_id.dot", value);
  if (value.includes("__")) return reject("bundle_id.reserved_separator", value);
  if (!CHARSET.test(value)) return reject("bundle_id.charset", value);
  return ACCEPTED;
}

function reject(reason: string, detail: string): Verdict {
  return { accepted: false, reason, detail };
}

/** SHA-256 of the connection-identity bytes, first 8 bytes as lowercase hex, behind `bundle_`. */
export function fallbackBundleId(config: ServerConfigLike): string {
  return `bundle_${connectionIdentitySha256Hex(config).slice(0, 16)}`;
}

/** The derived bundle_id: the normalised name, or the identity-hash fallback when that is empty. */
export function deriveBundleId(name: string, config: ServerConfigLike): string {
  return normalizeName(name) || fallbackBundleId(config);
}

/**
 * The effective bundle_id of a config: an explicit non-null value as given (validity is a separate
 * verdict), otherwise derived from `name` and the raw (unrendered) config.
 */
export function resolveBundleId(config: ServerConfigLike): string {
  const explicit = config.bundle_id;
  if (typeof explicit === "string") return requireWellFormed(explicit, "bundle_id");
  const name = typeof config.name === "string" ? config.name : "";
  return deriveBundleId(name, config);
}
