/**
 * The reference adapter's handshakes, shared by the in-process and the subprocess paths: `reference`
 * implements protocol 0.4.0; `reference@0.3.0` answers the kit's v0.3.0 readings where later revisions
 * decided otherwise (input references under a plugin scope, which 0.3.2 settled).
 */
import { readFileSync } from "node:fs";
import { REFERENCE_OPERATIONS, referenceLiveOperations } from "./operations.ts";
import type { RenderReading } from "./src/index.ts";

const KIT = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { name: string; version: string };

/** The protocol version each reading implements, and the implementation name it goes by. */
export const READINGS: Readonly<Record<RenderReading, { readonly protocol: string; readonly name: string }>> = {
  "0.4": { protocol: "0.4.0", name: "reference" },
  "0.3": { protocol: "0.3.0", name: "reference@0.3.0" },
};

export function referenceHello(reading: RenderReading) {
  // The live operations answer through a promise, in-process and in the subprocess adapter alike: any number at once.
  const live = Object.keys(referenceLiveOperations(reading));
  return {
    type: "hello",
    // The newest it speaks; main.ts answers an older harness with the harness's own.
    adapter_protocol: 2,
    implementation: READINGS[reading].name,
    sdk: { name: `${KIT.name}/reference`, version: KIT.version },
    protocol_version: READINGS[reading].protocol,
    operations: [...Object.keys(REFERENCE_OPERATIONS), ...live],
    ...(live.length > 0 ? { concurrent: live } : {}),
    runtime: `node ${process.version}`,
  } as const;
}

export const REFERENCE_HELLO = referenceHello("0.4");
