/**
 * The call's declared secret inputs (harness/wire/secret-input.ts): a server config may name a
 * credential as `${input:<id>}` in a header or an env value. The Computer resolves it locally with the
 * reference's own renderer before it mounts the server, so the MCP server gets the value and the
 * config the Agent could see never held it (management-protocol.md §8: rendering is local). Each
 * actual start renders the raw config again with the inputs' values as they are then (a restart,
 * runtime-contract.md §5 item 13); a declared input with no value then fails the start.
 *
 * One server's render asks the input resolver once per input id its config names, however often
 * it names it (the config guide's cache: no id resolved twice within one render; conformance-tests.md
 * §5, re-resolution scenario 5), then renders from those answers. The resolver counts its calls.
 */
import { InvalidInputError, type Json, render } from "../src/index.ts";
import type { WireComputerInput, WireServer } from "./wire-call.ts";

/** The Computer's input resolver: a declared input's value as it is now (undefined: none), each call counted by id. */
export interface InputResolver {
  resolve(id: string): string | undefined;
  /** The calls made so far, by input id. */
  readonly calls: Readonly<Record<string, number>>;
}

/** A resolver over `values` (read at each call, so a set_input act changes what the next render gets). */
export function inputResolver(values: Readonly<Record<string, string>>): InputResolver {
  const calls: Record<string, number> = {};
  return {
    calls,
    resolve(id) {
      calls[id] = (calls[id] ?? 0) + 1;
      return Object.hasOwn(values, id) ? values[id] : undefined;
    },
  };
}

const INPUT_PLACEHOLDER = /\$\{input:([^{}]*)\}/g;

/** The input ids a map's values name, each once, in order of first appearance. */
function referencedIds(map: Readonly<Record<string, string>>): string[] {
  return [...new Set(Object.values(map).flatMap((v) => [...v.matchAll(INPUT_PLACEHOLDER)].map((m) => m[1]!)))];
}

/**
 * The call's servers with their secret inputs rendered through `resolver`; with `only`, that
 * server's alone (the others as given). `strict`: a declared input without a value fails the render.
 */
export function withSecretInputs(
  input: Pick<WireComputerInput, "inputs" | "servers">,
  resolver: InputResolver,
  strict = false,
  only?: string,
): readonly WireServer[] {
  if ((input.inputs ?? []).length === 0) return input.servers;
  const declared = new Set((input.inputs ?? []).map((i) => i.id));
  const inputKinds = Object.fromEntries((input.inputs ?? []).map((i) => [i.id, "secret" as const]));
  // One render: each referenced declared id resolved once, then every placeholder filled from those answers.
  const rendered = (map: Readonly<Record<string, string>> | undefined) => {
    if (map === undefined) return undefined;
    const inputs: Record<string, string> = {};
    for (const id of referencedIds(map).filter((i) => declared.has(i))) {
      const value = resolver.resolve(id);
      if (value !== undefined) inputs[id] = value;
    }
    const { value, warnings } = render(map as Json, { inputs, inputKinds });
    const missing = warnings.find((w) => w.kind === "input.missing" && declared.has(w.name));
    if (strict && missing) throw new InvalidInputError("input.missing_input", `no value for input ${missing.name}`, { id: missing.name });
    return value as Record<string, string>;
  };
  return input.servers.map((s) => {
    if (only !== undefined && s.bundle_id !== only) return s;
    return s.type === "stdio"
      ? { ...s, ...(s.env !== undefined ? { env: rendered(s.env) } : {}) }
      : { ...s, ...(s.headers !== undefined ? { headers: rendered(s.headers) } : {}) };
  });
}
