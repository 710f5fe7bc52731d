/** The reference implementation called directly, without a process boundary. */
import { readFileSync } from "node:fs";
import { REFERENCE_OPERATIONS } from "../../adapters/reference/operations.ts";
import { InvalidInputError } from "../../adapters/reference/src/index.ts";
import type { CallResult, Handshake, Implementation } from "./types.ts";

const KIT_VERSION = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;

export const REFERENCE_HANDSHAKE: Handshake = {
  implementation: "reference",
  sdk: { name: "smcp-conformance/reference", version: KIT_VERSION },
  protocol_version: "0.3.2",
  operations: Object.keys(REFERENCE_OPERATIONS),
};

/** Runs one operation; shared with the subprocess entry point. */
export function callReference(op: string, input: Record<string, unknown>): CallResult {
  const handler = REFERENCE_OPERATIONS[op];
  if (!handler) return { kind: "unsupported", message: `the reference has no operation ${op}` };
  try {
    return { kind: "ok", output: handler(input) };
  } catch (error) {
    if (error instanceof InvalidInputError) return { kind: "error", error: { reason: error.reason, message: error.message } };
    throw error;
  }
}

export function referenceInProcess(): Implementation {
  return {
    name: "reference",
    start: async () => REFERENCE_HANDSHAKE,
    call: async (op, input) => callReference(op, input),
    stop: async () => {},
  };
}
