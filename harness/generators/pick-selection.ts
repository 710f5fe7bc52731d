/**
 * `input.select` inputs: a valid pickString and a stored value that matches an option's value, a
 * label but no value, a near miss (case, an NFD twin), the empty string, a non-string, or nothing.
 */
import fc, { type Arbitrary } from "fast-check";
import type { Json, JsonObject } from "../../adapters/reference/src/index.ts";
import { pickStringInput } from "./inputs.ts";
import { trickyString } from "./strings.ts";

type Stored = { readonly kind: "none" } | { readonly kind: "value"; readonly value: Json };

/** What the store holds, chosen against the definition's own options (no .chain: shrinking stays intact). */
const storedChoice = (): Arbitrary<[string, number, string]> =>
  fc.tuple(
    fc.constantFrom("none", "option-value", "option-value", "option-label", "upper", "empty", "number", "null", "other"),
    fc.nat(),
    trickyString({ maxLength: 4 }),
  );

function storedFor(definition: JsonObject, [kind, pick, other]: [string, number, string]): Stored {
  const options = definition["options"] as Array<{ label: string; value: string }>;
  const option = options[pick % options.length]!;
  switch (kind) {
    case "option-value":
      return { kind: "value", value: option.value };
    case "option-label":
      return { kind: "value", value: option.label };
    case "upper":
      return { kind: "value", value: option.value.toUpperCase() };
    case "empty":
      return { kind: "value", value: "" };
    case "number":
      return { kind: "value", value: 1 };
    case "null":
      return { kind: "value", value: null };
    case "other":
      return { kind: "value", value: other };
    default:
      return { kind: "none" };
  }
}

export function pickSelectionInput(): Arbitrary<JsonObject> {
  return fc.tuple(pickStringInput(), storedChoice()).map(([definition, choice]) => {
    const stored = storedFor(definition, choice);
    const input: JsonObject = { input: definition };
    if (stored.kind === "value") input["stored"] = stored.value;
    return input;
  });
}
