/**
 * Input definition verdicts (data-structures.md §输入配置结构, with the v0.3.2 pickString rules of
 * seeds/002 §4.3): camelCase types; options are [{label, value}] of non-empty strings, at least
 * one; the legacy string list is rejected; a non-null default must equal some option value.
 */
import { InvalidInputError } from "./errors.ts";
import { checkFields, type FieldRule } from "./field-checks.ts";
import type { Reason } from "./reasons.ts";
import { ACCEPTED, isPlainObject, type Verdict } from "./types.ts";

const INPUT = { missing: "input.missing_field", wrongType: "input.wrong_type" };

const COMMON: FieldRule[] = [
  { key: "id", kind: "string", required: true },
  { key: "description", kind: "string", required: true },
  { key: "type", kind: "string", required: true },
];
const BY_TYPE: Record<string, FieldRule[]> = {
  promptString: [
    { key: "default", kind: "string", nullable: true },
    { key: "password", kind: "boolean", nullable: true },
  ],
  pickString: [
    { key: "options", kind: "object", required: true },
    { key: "default", kind: "string", nullable: true },
  ],
  command: [
    { key: "command", kind: "string", required: true },
    { key: "args", kind: "stringMap", nullable: true },
  ],
};

/**
 * `reading` "0.3" is the v0.3.0 text, where pickString options were a list of strings (0.3.2 made
 * that the rejected legacy form and introduced {label, value} options).
 */
export function validateInput(input: unknown, reading: "0.4" | "0.3" = "0.4"): Verdict {
  if (!isPlainObject(input)) return { accepted: false, reason: "input.not_object", detail: "an input must be an object" };
  const common = checkFields("", input, COMMON, INPUT);
  if (common) return common;
  const type = input["type"] as string;
  const rules = Object.hasOwn(BY_TYPE, type) ? BY_TYPE[type] : undefined;
  if (!rules)
    return {
      accepted: false,
      reason: "input.unknown_type",
      detail: `type ${JSON.stringify(type)} is not promptString, pickString or command`,
    };
  // options is checked by hand below: an array is not an "object" field.
  const own = checkFields(
    "",
    input,
    rules.filter((r) => r.key !== "options"),
    INPUT,
  );
  if (own) return own;
  if (type !== "pickString") return ACCEPTED;
  return reading === "0.3" ? validateStringOptions(input) : validatePickOptions(input);
}

/** v0.3.0: options is a list of strings (the text sets no other constraint on it). */
function validateStringOptions(input: Record<string, unknown>): Verdict {
  const options = input["options"];
  if (!Object.hasOwn(input, "options")) return { accepted: false, reason: "input.missing_field", detail: "options is required" };
  if (!Array.isArray(options) || options.some((o) => typeof o !== "string"))
    return { accepted: false, reason: "input.wrong_type", detail: "options must be a list of strings (v0.3.0)" };
  return ACCEPTED;
}

function validatePickOptions(input: Record<string, unknown>): Verdict {
  if (!Object.hasOwn(input, "options")) return { accepted: false, reason: "input.missing_field", detail: "options is required" };
  const options = input["options"];
  if (!Array.isArray(options)) return { accepted: false, reason: "input.wrong_type", detail: "options must be a list of {label, value}" };
  if (options.length === 0) return { accepted: false, reason: "input.pick_options_empty", detail: "options needs at least one entry" };
  for (const [i, option] of options.entries()) {
    if (typeof option === "string") {
      return {
        accepted: false,
        reason: "input.pick_option_legacy_string",
        detail: `options[${i}] is a bare string; write {"label": …, "value": …}`,
      };
    }
    const ok = isPlainObject(option) && isNonEmptyString(option["label"]) && isNonEmptyString(option["value"]);
    if (!ok)
      return {
        accepted: false,
        reason: "input.pick_option_malformed",
        detail: `options[${i}] must be {label, value} with non-empty strings`,
      };
  }
  const fallback = input["default"];
  if (fallback != null && !options.some((o) => (o as Record<string, unknown>)["value"] === fallback)) {
    return {
      accepted: false,
      reason: "input.pick_default_not_in_options",
      detail: `default ${JSON.stringify(fallback)} matches no option value`,
    };
  }
  return ACCEPTED;
}

function isNonEmptyString(value: unknown): boolean {
  return typeof value === "string" && value.length > 0;
}

export interface Selection {
  /** The value injected into the config. */
  readonly value: string;
  /** What the store holds for the input after resolving: a fallback is never written back. */
  readonly stored_after: string | null;
}

/**
 * The value a pickString input resolves to (runtime-contract §5 item 12, 0.4.0): a stored value
 * must equal some option.value and is injected as it is (never a label), else invalid_selection
 * with no fallback; with nothing stored, the default, else the first option (the MAY branch this
 * reading takes), neither persisted. A definition the validation rejects is an error with its reason.
 */
export function selectPickString(definition: unknown, stored: { readonly present: boolean; readonly value?: unknown }): Selection {
  const verdict = validateInput(definition);
  if (!verdict.accepted) throw new InvalidInputError(verdict.reason as Reason, verdict.detail ?? "invalid input definition");
  const input = definition as Record<string, unknown>;
  if (input["type"] !== "pickString")
    throw new InvalidInputError("input.wrong_type", `input.select needs a pickString, got ${String(input["type"])}`);
  const values = (input["options"] as Array<{ value: string }>).map((o) => o.value);
  const id = input["id"] as string;
  if (stored.present) {
    if (typeof stored.value === "string" && values.includes(stored.value)) return { value: stored.value, stored_after: stored.value };
    throw new InvalidInputError(
      "input.invalid_selection",
      `stored value ${JSON.stringify(stored.value)} matches no option value of ${id}`,
      { id },
    );
  }
  const fallback = input["default"];
  return { value: typeof fallback === "string" ? fallback : values[0]!, stored_after: null };
}
