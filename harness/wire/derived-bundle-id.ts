/**
 * The bundle_id data-structures.md §BundleID 缺省生成 derives for a server config that names none:
 * the name normalised, or, when nothing is left of it, `bundle_` + the first 8 bytes (lowercase hex)
 * of the SHA-256 of the config's connection-identity TLV (the upstream fixture's `algorithm`). The
 * harness's own reading, kept apart from any implementation under test, so a wire fact can say
 * whether a Computer carried the derived id for the config it was given. Pure.
 */
import { createHash } from "node:crypto";

/** A connection as the Computer was given it: streamable HTTP (url, headers) or stdio (command, args, env). */
export type Connection =
  | { readonly type: "streamable" | "sse"; readonly url: string; readonly headers?: Readonly<Record<string, string>> | null }
  | {
      readonly type: "stdio";
      readonly command: string;
      readonly args?: readonly string[] | null;
      readonly env?: Readonly<Record<string, string>> | null;
    };

/** Step 1: per code point, anything outside ASCII [A-Za-z0-9_-] becomes "_"; runs of "_" fold to one; [_-] trimmed at both ends. */
export function normalizedName(name: string): string {
  const replaced = Array.from(name, (c) => (/^[A-Za-z0-9_-]$/.test(c) ? c : "_")).join("");
  return replaced.replace(/_+/g, "_").replace(/^[_-]+|[_-]+$/g, "");
}

/** The derived bundle_id: the normalised name, else the identity digest. */
export function derivedBundleId(name: string, connection: Connection): string {
  const normalized = normalizedName(name);
  if (normalized !== "") return normalized;
  const digest = createHash("sha256").update(identityBytes(connection)).digest("hex");
  return `bundle_${digest.slice(0, 16)}`;
}

/** The connection-identity TLV: strings u32-BE length-prefixed UTF-8, lists and maps u32-BE counts, map keys in UTF-8 byte order. */
export function identityBytes(connection: Connection): Buffer {
  const parts: Buffer[] = [];
  const str = (s: string) => {
    const bytes = Buffer.from(s, "utf8");
    parts.push(u32(bytes.length), bytes);
  };
  const map = (m: Readonly<Record<string, string>> | null | undefined) => {
    const keys = Object.keys(m ?? {}).sort((a, b) => Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8")));
    parts.push(u32(keys.length));
    for (const k of keys) {
      str(k);
      str((m as Record<string, string>)[k] as string);
    }
  };
  str(connection.type);
  if (connection.type === "stdio") {
    str(connection.command);
    const args = connection.args ?? [];
    parts.push(u32(args.length));
    for (const a of args) str(a);
    map(connection.env);
  } else {
    str(connection.url);
    map(connection.headers);
  }
  return Buffer.concat(parts);
}

/**
 * For each server of an adapter's call that names no bundle_id (wire.computer's input/servers), by
 * its config name: the id derived from the config exactly as given (streamable_http is the
 * identity's "streamable").
 */
export function derivedBundleIdsOf(servers: ReadonlyArray<Readonly<Record<string, unknown>>>): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const s of servers) {
    if (typeof s.bundle_id === "string" || typeof s.name !== "string") continue;
    const connection: Connection =
      s.type === "stdio"
        ? {
            type: "stdio",
            command: String(s.command),
            args: (s.args as string[] | undefined) ?? [],
            env: (s.env as Record<string, string> | undefined) ?? null,
          }
        : { type: "streamable", url: String(s.url), headers: (s.headers as Record<string, string> | undefined) ?? null };
    ids[s.name] = derivedBundleId(s.name, connection);
  }
  return ids;
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}
