/**
 * The call's declared secret inputs (harness/wire/secret-input.ts): a server config may name a
 * credential as `${input:<id>}` in a header or an env value. The Computer resolves it locally with the
 * reference's own renderer before it mounts the server, so the MCP server gets the value and the
 * config the Agent could see never held it (management-protocol.md §8: rendering is local). Each
 * actual start renders the raw config again with the inputs' values as they are then (a restart,
 * runtime-contract.md §5 item 13); a declared input with no value then fails the start.
 */
import { InvalidInputError, type Json, render } from "../src/index.ts";
import type { WireComputerInput, WireServer } from "./wire-call.ts";

export function withSecretInputs(
  input: WireComputerInput,
  values: Readonly<Record<string, string>> = input.input_values ?? {},
  strict = false,
): readonly WireServer[] {
  if ((input.inputs ?? []).length === 0) return input.servers;
  const declared = new Set((input.inputs ?? []).map((i) => i.id));
  const context = {
    inputs: values,
    inputKinds: Object.fromEntries((input.inputs ?? []).map((i) => [i.id, "secret" as const])),
  };
  const rendered = (map: Readonly<Record<string, string>> | undefined) => {
    if (map === undefined) return undefined;
    const { value, warnings } = render(map as Json, context);
    const missing = warnings.find((w) => w.kind === "input.missing" && declared.has(w.name));
    if (strict && missing) throw new InvalidInputError("input.missing_input", `no value for input ${missing.name}`, { id: missing.name });
    return value as Record<string, string>;
  };
  return input.servers.map((s) =>
    s.type === "stdio"
      ? { ...s, ...(s.env !== undefined ? { env: rendered(s.env) } : {}) }
      : { ...s, ...(s.headers !== undefined ? { headers: rendered(s.headers) } : {}) },
  );
}
