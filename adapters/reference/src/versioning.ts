/**
 * The Server's connect-time version gate (versioning.md §兼容性判定规则, §连接握手流程 2, §测试建议):
 * a missing a2c_version or one that does not parse is HTTP 400 (body code 400); a parsed version
 * that is_compatible refuses is HTTP 400 with body code 4008; anything else connects.
 */
import { InvalidInputError } from "./errors.ts";

export type VersionVerdict =
  | { readonly verdict: "compatible"; readonly code: null }
  | { readonly verdict: "incompatible"; readonly code: 4008 }
  | { readonly verdict: "invalid" | "missing"; readonly code: 400 };

interface ProtocolVersion {
  readonly major: bigint;
  readonly minor: bigint;
  readonly patch: bigint;
}

/** MAJOR.MINOR.PATCH, each part one or more ASCII digits (no sign, space, '_' or suffix); undefined otherwise. */
export function parseProtocolVersion(text: string): ProtocolVersion | undefined {
  const parts = text.split(".");
  if (parts.length !== 3 || !parts.every((p) => /^[0-9]+$/.test(p))) return undefined;
  const [major, minor, patch] = parts.map((p) => BigInt(p)) as [bigint, bigint, bigint];
  return { major, minor, patch };
}

/** Same MAJOR; with MAJOR 0 the same MINOR, from 1 on a server MINOR at least the client's. PATCH never counts. */
export function isCompatible(client: ProtocolVersion, server: ProtocolVersion): boolean {
  if (client.major !== server.major) return false;
  return client.major === 0n ? client.minor === server.minor : client.minor <= server.minor;
}

/** The verdict on the a2c_version query value `client` (undefined: not sent; "" counts as not sent). */
export function checkVersion(client: string | undefined, server: string): VersionVerdict {
  const own = parseProtocolVersion(server);
  if (!own) throw new InvalidInputError("input.malformed_config", `the server version ${JSON.stringify(server)} is not MAJOR.MINOR.PATCH`);
  if (client === undefined || client === "") return { verdict: "missing", code: 400 };
  const theirs = parseProtocolVersion(client);
  if (!theirs) return { verdict: "invalid", code: 400 };
  return isCompatible(theirs, own) ? { verdict: "compatible", code: null } : { verdict: "incompatible", code: 4008 };
}
