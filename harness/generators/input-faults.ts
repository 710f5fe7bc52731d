/**
 * Invalid input definitions: a valid one with one field broken, each with the kit's reason
 * (wrong casing of type, legacy string options, default matching a label, …), plus non-objects.
 */
import fc, { type Arbitrary } from "fast-check";
import type { Json } from "../../adapters/reference/src/index.ts";
import { type Fault, type Faulty, faultsAt, withOneFault } from "./faults.ts";
import { commandInput, pickStringInput, promptStringInput } from "./inputs.ts";
import { ABSENT, constantJson } from "./objects.ts";

const MISSING = "input.missing_field";
const WRONG = "input.wrong_type";

export const COMMON_INPUT_FAULTS: readonly Fault[] = [
  ...faultsAt(["id"], MISSING, ABSENT),
  ...faultsAt(["id"], WRONG, 5, null),
  ...faultsAt(["description"], MISSING, ABSENT),
  ...faultsAt(["description"], WRONG, null, []),
  ...faultsAt(["type"], MISSING, ABSENT),
  ...faultsAt(["type"], WRONG, 5),
  ...faultsAt(["type"], "input.unknown_type", "PromptString", "promptstring", "pickstring", "PICKSTRING", "pick_string", "text", ""),
];

const NOT_AN_OPTION = "\u0000not an option value\u0000";

export const PICK_FAULTS: readonly Fault[] = [
  ...faultsAt(["options"], MISSING, ABSENT),
  ...faultsAt(["options"], WRONG, {}, "a,b", null),
  ...faultsAt(["options"], "input.pick_options_empty", []),
  ...faultsAt(["options"], "input.pick_option_legacy_string", ["a", "b"], [{ label: "a", value: "a" }, "b"], ["a", { label: 1 }]),
  ...faultsAt(
    ["options"],
    "input.pick_option_malformed",
    [{ label: "", value: "x" }],
    [{ label: "x" }],
    [{ label: "x", value: "" }],
    [{ label: 1, value: "x" }],
    [null],
    [["a", "b"]],
    [{ label: "x", value: "x" }, null],
  ),
  ...faultsAt(["default"], "input.pick_default_not_in_options", NOT_AN_OPTION),
  ...faultsAt(["default"], WRONG, 5, true),
];

/** Whole definitions whose default names a label, or the other NFC/NFD spelling of a value. */
const DEFAULT_TRAPS: Faulty[] = [
  {
    value: { id: "region", description: "r", type: "pickString", options: [{ label: "East", value: "cn-east-1" }], default: "East" },
    reason: "input.pick_default_not_in_options",
  },
  {
    value: { id: "name", description: "n", type: "pickString", options: [{ label: "e", value: "\u00E9" }], default: "e\u0301" },
    reason: "input.pick_default_not_in_options",
  },
];

export const PROMPT_FAULTS: readonly Fault[] = [...faultsAt(["default"], WRONG, 5, true), ...faultsAt(["password"], WRONG, "yes", 1)];

export const COMMAND_FAULTS: readonly Fault[] = [
  ...faultsAt(["command"], MISSING, ABSENT),
  ...faultsAt(["command"], WRONG, 5, null),
  ...faultsAt(["args"], WRONG, ["a"], { a: 1 }, "x"),
];

/** An invalid input definition with its expected reason. */
export function faultyInputDefinition(): Arbitrary<Faulty> {
  return fc.oneof(
    { weight: 3, arbitrary: withOneFault(promptStringInput(), [...COMMON_INPUT_FAULTS, ...PROMPT_FAULTS]) },
    { weight: 5, arbitrary: withOneFault(pickStringInput(), [...COMMON_INPUT_FAULTS, ...PICK_FAULTS]) },
    { weight: 3, arbitrary: withOneFault(commandInput(), [...COMMON_INPUT_FAULTS, ...COMMAND_FAULTS]) },
    { weight: 1, arbitrary: fc.constantFrom(...DEFAULT_TRAPS).map((faulty) => structuredClone(faulty)) },
    { weight: 1, arbitrary: constantJson<Json>([], "db-host", null, 5).map((value) => ({ value, reason: "input.not_object" })) },
  );
}
