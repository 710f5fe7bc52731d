/**
 * The transport server's faults, each with a stable code: the runner reports them per case (with
 * the cause) instead of hanging or losing the run. A scene that misbehaves on purpose is not a
 * fault; these are the harness failing to provide the server.
 */

export const TRANSPORT_ERRORS = {
  "transport.bind_failed": {
    title: "the server could not listen",
    hint: "the address or port could not be bound (in use, not permitted); the harness asks the OS for a free port unless told otherwise",
  },
  "transport.start_failed": {
    title: "the server could not start",
    hint: "loading the pinned MCP SDK packages or creating the HTTP server failed: check that npm ci installed them",
  },
  "transport.case_failed": {
    title: "the case could not be opened",
    hint: "its id was used before on this server or is not URL-safe, or the SDK refused to build the case's handler",
  },
  "transport.server_closed": {
    title: "the server is closed",
    hint: "a case was opened after the run's server was closed",
  },
} as const satisfies Record<string, { readonly title: string; readonly hint: string }>;

export type TransportErrorCode = keyof typeof TRANSPORT_ERRORS;

/** A fault of the transport server, with its code and the underlying cause. */
export class TransportError extends Error {
  override readonly name = "TransportError";
  constructor(
    readonly code: TransportErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${message} [${code}]`, options);
  }
}

/** The one-line form a case record can carry: the message and, when there is one, its cause. */
export function describeTransportError(error: TransportError): string {
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause} (${TRANSPORT_ERRORS[error.code].hint})`;
}
