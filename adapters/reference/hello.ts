/** The reference adapter's handshake, shared by the in-process and the subprocess paths. */
import { readFileSync } from "node:fs";
import { REFERENCE_OPERATIONS } from "./operations.ts";

const KIT = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { name: string; version: string };

export const REFERENCE_HELLO = {
  type: "hello",
  adapter_protocol: 1,
  implementation: "reference",
  sdk: { name: `${KIT.name}/reference`, version: KIT.version },
  protocol_version: "0.3.2",
  operations: Object.keys(REFERENCE_OPERATIONS),
  runtime: `node ${process.version}`,
} as const;
