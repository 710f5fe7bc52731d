/**
 * The Agent's reading of a refused handshake (error-handling.md §4008, §SDK 实现要求): an HTTP 400
 * whose body is the flat ErrorPayload with code 4008 becomes a ProtocolVersionError naming both
 * versions; any other connect failure stays what it was. 4008 is read from the body only, never
 * from a WebSocket close code.
 */

export class ProtocolVersionError extends Error {
  override readonly name = "ProtocolVersionError";
  constructor(
    readonly server_version: unknown,
    readonly client_version: unknown,
    readonly min_supported: unknown,
    readonly max_supported: unknown,
  ) {
    super(
      `protocol version mismatch: this Agent declared ${String(client_version)}, the Server speaks ${String(server_version)} ` +
        `(it supports ${String(min_supported)} to ${String(max_supported)})`,
    );
  }
}

/** engine.io-client keeps the refused polling request on its error's `context` (status, body text). */
export function protocolVersionErrorOf(error: unknown): ProtocolVersionError | undefined {
  const context = (error as { context?: { status?: unknown; responseText?: unknown } } | null)?.context;
  if (context?.status !== 400 || typeof context.responseText !== "string") return undefined;
  let body: unknown;
  try {
    body = JSON.parse(context.responseText);
  } catch {
    return undefined;
  }
  if (body === null || typeof body !== "object" || (body as { code?: unknown }).code !== 4008) return undefined;
  const b = body as Record<string, unknown>;
  return new ProtocolVersionError(b.server_version ?? null, b.client_version ?? null, b.min_supported ?? null, b.max_supported ?? null);
}
