/**
 * The reference adapter's readings and their handshakes, shared by the in-process and the
 * subprocess paths: `reference` implements protocol 0.4.0; `reference@0.3.0` answers the kit's
 * v0.3.0 readings where later revisions decided otherwise (input references under a plugin scope,
 * which 0.3.2 settled); `reference@0.5.0-dev` is the 0.4.0 reference whose Server follows the
 * unreleased 0.5.0-dev room model (one Agent and one Computer per office, flat ErrorPayload acks).
 */
import { readFileSync } from "node:fs";
import { REFERENCE_OPERATIONS, referenceLiveOperations, referenceOperations } from "./operations.ts";
import type { ServerProtocol, WireServerInput } from "./server/index.ts";
import type { RenderReading } from "./src/index.ts";

const KIT = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { name: string; version: string };

export type ReferenceReading = RenderReading | "0.5-dev";

export interface Reading {
  /** The protocol version it implements: what its handshake claims. */
  readonly protocol: string;
  /** The implementation name it goes by. */
  readonly name: string;
  /** The reading its data operations, live Computer and live Agent answer by. */
  readonly data: RenderReading;
  /** The revision whose Server wire.server opens, when not the live roles' own 0.4.0. */
  readonly server?: ServerProtocol;
}

export const READINGS: Readonly<Record<ReferenceReading, Reading>> = {
  "0.4": { protocol: "0.4.0", name: "reference", data: "0.4" },
  "0.3": { protocol: "0.3.0", name: "reference@0.3.0", data: "0.3" },
  "0.5-dev": { protocol: "0.5.0-dev", name: "reference@0.5.0-dev", data: "0.4", server: "0.5.0-dev" },
};

/** A reading's synchronous operations. */
export function readingOperations(reading: ReferenceReading): ReturnType<typeof referenceOperations> {
  return referenceOperations(READINGS[reading].data);
}

/** A reading's live operations: its data reading's, with wire.server opening the reading's own Server. */
export function readingLiveOperations(reading: ReferenceReading): ReturnType<typeof referenceLiveOperations> {
  const { data, server } = READINGS[reading];
  const live = referenceLiveOperations(data);
  if (server === undefined || !Object.hasOwn(live, "wire.server")) return live;
  return {
    ...live,
    "wire.server": async (i) => (await import("./server/index.ts")).runWireServer(i as WireServerInput, server),
  };
}

export function referenceHello(reading: ReferenceReading) {
  // The live operations answer through a promise, in-process and in the subprocess adapter alike: any number at once.
  const live = Object.keys(readingLiveOperations(reading));
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
