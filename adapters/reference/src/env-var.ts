/**
 * Input env-var names (computer-mcp-config-guide.md §环境变量命名规则): `A2C_SMCP_` ‖ SEG(input_id)
 * [‖ "_" ‖ SEG(bundle_id)] [‖ "_" ‖ SEG(tool_name)]. SEG maps each code point outside ASCII
 * `[A-Za-z0-9_]` to `_` and, unlike normalizeName, neither folds nor trims nor changes case.
 */
import { requireWellFormed } from "./unicode.ts";

export const ENV_PREFIX = "A2C_SMCP_";

export function envSegment(text: string): string {
  requireWellFormed(text, "segment");
  let out = "";
  for (const char of text) out += /^[A-Za-z0-9_]$/.test(char) ? char : "_";
  return out;
}

export interface EnvIdentity {
  readonly input_id: string;
  readonly bundle_id?: string | null;
  readonly tool_name?: string | null;
}

/** A missing segment is left out together with its leading `_`. */
export function envVarName(identity: EnvIdentity): string {
  let name = ENV_PREFIX + envSegment(identity.input_id);
  if (identity.bundle_id != null) name += `_${envSegment(identity.bundle_id)}`;
  if (identity.tool_name != null) name += `_${envSegment(identity.tool_name)}`;
  return name;
}

export interface EnvCollision {
  readonly env_var_name: string;
  /** Indexes into the input list of the distinct identities sharing the name, ascending. */
  readonly indexes: number[];
}

function identityKey(identity: EnvIdentity): string {
  return JSON.stringify([identity.input_id, identity.bundle_id ?? null, identity.tool_name ?? null]);
}

/**
 * Full-name collisions between distinct identities (a hard registration error). A repeated
 * identical identity is the same variable, not a collision; equal segments with different full
 * names are harmless and not reported.
 */
export function findEnvVarCollisions(identities: readonly EnvIdentity[]): EnvCollision[] {
  const byName = new Map<string, { keys: Set<string>; indexes: number[] }>();
  identities.forEach((identity, index) => {
    const name = envVarName(identity);
    const key = identityKey(identity);
    const entry = byName.get(name) ?? { keys: new Set<string>(), indexes: [] };
    if (!entry.keys.has(key)) {
      entry.keys.add(key);
      entry.indexes.push(index);
    }
    byName.set(name, entry);
  });
  return [...byName.entries()]
    .filter(([, entry]) => entry.indexes.length > 1)
    .map(([env_var_name, entry]) => ({ env_var_name, indexes: entry.indexes }));
}
