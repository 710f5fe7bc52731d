/** Small typed field checks shared by the config and input validators; each returns a Verdict. */
import { isPlainObject, type Verdict } from "./types.ts";

export type FieldKind = "string" | "boolean" | "number" | "stringList" | "stringMap" | "object" | "any";

const IS: Record<FieldKind, (v: unknown) => boolean> = {
  string: (v) => typeof v === "string",
  boolean: (v) => typeof v === "boolean",
  number: (v) => typeof v === "number" && Number.isFinite(v),
  stringList: (v) => Array.isArray(v) && v.every((x) => typeof x === "string"),
  stringMap: (v) => isPlainObject(v) && Object.values(v).every((x) => typeof x === "string"),
  object: (v) => isPlainObject(v),
  any: () => true,
};

export interface FieldRule {
  readonly key: string;
  readonly kind: FieldKind;
  readonly required?: boolean;
  readonly nullable?: boolean;
  /** A further check on a present, non-null value of the right type. */
  readonly check?: (value: unknown, where: string) => Verdict | null;
}

/** Checks fields in rule order, each completely before the next; the first broken rule is the verdict. */
export function checkFields(
  where: string,
  value: Record<string, unknown>,
  rules: readonly FieldRule[],
  reasons: { missing: string; wrongType: string },
): Verdict | null {
  for (const rule of rules) {
    const present = Object.hasOwn(value, rule.key);
    const field = value[rule.key];
    if (!present) {
      if (rule.required) return { accepted: false, reason: reasons.missing, detail: `${where}${rule.key} is required` };
      continue;
    }
    if (field === null && rule.nullable) continue;
    if (!IS[rule.kind](field)) {
      return {
        accepted: false,
        reason: reasons.wrongType,
        detail: `${where}${rule.key} must be ${rule.kind}${rule.nullable ? " or null" : ""}`,
      };
    }
    const verdict = field === null ? null : rule.check?.(field, `${where}${rule.key}`);
    if (verdict) return verdict;
  }
  return null;
}
