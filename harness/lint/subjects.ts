/**
 * The verdict operations whose vectors the lint repairs: what the input's subject is (a server
 * config, an input definition), the kit's reading of it, its plainest valid base, and where a
 * fault giving a reason can sit — the generators' fault tables, the same ones that build faulty
 * values as base + patch.
 */
import { type Json, type JsonObject, type Verdict, validateInput, validateServerConfig } from "../../adapters/reference/src/index.ts";
import { BASE_FAULTS, TRANSPORT_FAULTS } from "../generators/config-faults.ts";
import type { Fault } from "../generators/faults.ts";
import { COMMAND_FAULTS, COMMON_INPUT_FAULTS, PICK_FAULTS, PROMPT_FAULTS } from "../generators/input-faults.ts";
import { type InputType, inputTypeOf, PLAIN_CONFIGS, PLAIN_INPUTS, transportOf } from "./plain-bases.ts";

export interface Subject {
  readonly op: "server_config.validate" | "input.validate";
  /** The input key holding the subject. */
  readonly key: "config" | "input";
  /** The kit's reading (the reference library). */
  check(value: Json): Verdict;
  /** The kind the value is meant to be (a transport, an input type) and the plainest valid value of that kind. */
  plain(value: JsonObject): { readonly kind: string; readonly base: JsonObject };
  /** The generators' faults that can break a value of this kind. */
  faults(value: JsonObject): readonly Fault[];
  /** The paths a value of this kind has fields at (for finding which field an implementation trips on). */
  fieldPaths(value: JsonObject, plain: JsonObject): string[][];
}

const INPUT_FAULTS: Readonly<Record<InputType, readonly Fault[]>> = {
  promptString: [...COMMON_INPUT_FAULTS, ...PROMPT_FAULTS],
  pickString: [...COMMON_INPUT_FAULTS, ...PICK_FAULTS],
  command: [...COMMON_INPUT_FAULTS, ...COMMAND_FAULTS],
};

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);
const keysOf = (...values: unknown[]): string[] => [...new Set(values.flatMap((v) => (isObject(v) ? Object.keys(v) : [])))];

export const SERVER_CONFIG: Subject = {
  op: "server_config.validate",
  key: "config",
  check: (value) => validateServerConfig(value),
  plain: (value) => {
    const kind = transportOf(value);
    return { kind: `${kind} server config`, base: PLAIN_CONFIGS[kind] };
  },
  faults: (value) => [...BASE_FAULTS, ...TRANSPORT_FAULTS[transportOf(value)]],
  fieldPaths: (value, plain) => [
    ...keysOf(value, plain)
      .filter((k) => k !== "server_parameters")
      .map((k) => [k]),
    ...keysOf(value["server_parameters"], plain["server_parameters"]).map((k) => ["server_parameters", k]),
    ["server_parameters"],
  ],
};

export const INPUT_DEFINITION: Subject = {
  op: "input.validate",
  key: "input",
  check: (value) => validateInput(value, "0.4"),
  plain: (value) => {
    const kind = inputTypeOf(value);
    return { kind: `${kind} input`, base: PLAIN_INPUTS[kind] };
  },
  faults: (value) => INPUT_FAULTS[inputTypeOf(value)],
  fieldPaths: (value, plain) => keysOf(value, plain).map((k) => [k]),
};

export const SUBJECTS: Readonly<Record<string, Subject>> = {
  [SERVER_CONFIG.op]: SERVER_CONFIG,
  [INPUT_DEFINITION.op]: INPUT_DEFINITION,
};
