/** Every implementation, in-process or subprocess, is this one small interface. */

export interface Handshake {
  readonly implementation: string;
  readonly sdk: { readonly name: string; readonly version: string };
  /** The A2C-SMCP protocol version the SDK claims. */
  readonly protocol_version: string | null;
  readonly operations: readonly string[];
}

export type CallResult =
  | { readonly kind: "ok"; readonly output: unknown }
  | { readonly kind: "error"; readonly error: { readonly reason: string; readonly message: string } }
  | { readonly kind: "unsupported"; readonly message?: string };

export interface Implementation {
  readonly name: string;
  start(): Promise<Handshake>;
  call(op: string, input: Record<string, unknown>): Promise<CallResult>;
  stop(): Promise<void>;
}
