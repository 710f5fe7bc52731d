/**
 * The call's declared secret inputs (harness/wire/secret-input.ts): a server config may name a
 * credential as `${input:<id>}` in a header or an env value. The Computer resolves it locally with the
 * reference's own renderer before it mounts the server, so the MCP server gets the value and the
 * config the Agent could see never held it (management-protocol.md §8: rendering is local).
 */
import { type Json, render } from "../src/index.ts";
import type { WireComputerInput, WireServer } from "./wire-call.ts";

export function withSecretInputs(input: WireComputerInput): readonly WireServer[] {
  const values = input.input_values ?? {};
  if ((input.inputs ?? []).length === 0) return input.servers;
  const context = {
    inputs: values,
    inputKinds: Object.fromEntries((input.inputs ?? []).map((i) => [i.id, "secret" as const])),
  };
  const rendered = (map: Readonly<Record<string, string>> | undefined) =>
    map === undefined ? undefined : (render(map as Json, context).value as Record<string, string>);
  return input.servers.map((s) =>
    s.type === "stdio"
      ? { ...s, ...(s.env !== undefined ? { env: rendered(s.env) } : {}) }
      : { ...s, ...(s.headers !== undefined ? { headers: rendered(s.headers) } : {}) },
  );
}
