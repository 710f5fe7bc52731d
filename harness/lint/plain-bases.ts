/**
 * The plainest valid value of each kind the lint checks: a server config per transport and an
 * input definition per type, every field the TypedDicts require present with an uncontroversial
 * value (maps `{}`, never `null`; no optional field; no observe-tier edge). A repaired vector is
 * built towards these, and an implementation that rejects even these cannot be given a better base.
 */
import type { JsonObject } from "../../adapters/reference/src/index.ts";
import { PLAIN_CONFIGS, type Transport } from "../generators/plain-configs.ts";

export { PLAIN_CONFIGS, type Transport };

export type InputType = "promptString" | "pickString" | "command";

/** seeds/002 §4.1–§4.4: the fields each input type requires. */
export const PLAIN_INPUTS: Readonly<Record<InputType, JsonObject>> = {
  promptString: { id: "api-token", description: "API token", type: "promptString" },
  pickString: { id: "region", description: "deployment region", type: "pickString", options: [{ label: "East", value: "cn-east-1" }] },
  command: { id: "git-rev", description: "current commit", type: "command", command: "git rev-parse HEAD" },
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The transport a config is meant for: its `type` when known, else what its parameters look like. */
export function transportOf(config: JsonObject): Transport {
  const type = config["type"];
  if (type === "stdio" || type === "streamable" || type === "sse") return type;
  const params = isObject(config["server_parameters"]) ? config["server_parameters"] : {};
  if ("command" in params || "args" in params || "env" in params) return "stdio";
  if (typeof params["timeout"] === "number" || typeof params["sse_read_timeout"] === "number") return "sse";
  return "url" in params || "headers" in params || "terminate_on_close" in params ? "streamable" : "stdio";
}

/** The input type a definition is meant for: its `type` when known, else what its fields look like. */
export function inputTypeOf(input: JsonObject): InputType {
  const type = input["type"];
  if (type === "promptString" || type === "pickString" || type === "command") return type;
  if ("options" in input) return "pickString";
  return "command" in input || "args" in input ? "command" : "promptString";
}
