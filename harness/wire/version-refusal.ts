/**
 * The kit's Server as one of another protocol line (`handshake: version_mismatch` in a wire.agent
 * scene): it refuses every a2c_version a 0.x client declares on the HTTP handshake, before any
 * Engine.IO session, in the form error-handling.md §4008 gives (HTTP 400, application/json,
 * X-A2C-Error-Code beside the flat 4008 body naming both versions and the supported range).
 */
import type { HandshakeRefusal } from "./kit-server.ts";

/** The version this Server claims: no 0.x client is compatible with it (versioning.md: one MAJOR.MINOR line). */
export const REFUSING_SERVER_VERSION = "1.0.0";

/** The a2c_version a handshake request declares in its URL query; null without one. */
export function declaredVersion(requestUrl: string): string | null {
  try {
    return new URL(requestUrl, "http://127.0.0.1").searchParams.get("a2c_version");
  } catch {
    return null;
  }
}

/** The refusal of one handshake request, echoing the version it declared. */
export function versionRefusal(requestUrl: string): HandshakeRefusal {
  const body = {
    code: 4008,
    message: "Protocol version mismatch",
    server_version: REFUSING_SERVER_VERSION,
    client_version: declaredVersion(requestUrl),
    min_supported: REFUSING_SERVER_VERSION,
    max_supported: "1.0.999",
  };
  return {
    status: 400,
    headers: { "Content-Type": "application/json", "X-A2C-Error-Code": "4008" },
    body: JSON.stringify(body),
  };
}
