/**
 * `render` inputs: a value with placeholders (a string, or strings inside arrays and object
 * values, keys with placeholders that must stay as written) and a context whose inputs and env
 * share names with the placeholders, so lookups hit, miss and fall back through plugin_scope.
 */
import fc, { type Arbitrary } from "fast-check";
import type { Json, JsonObject } from "../../adapters/reference/src/types.ts";
import { jsonScalar, jsonValue } from "./json-values.ts";
import { plainMap } from "./maps.ts";
import { maybe, objectOf } from "./objects.ts";
import { PLACEHOLDER_ENV_NAMES, PLACEHOLDER_INPUT_IDS, placeholderString } from "./placeholders.ts";
import { trickyString } from "./strings.ts";

/** Object keys for rendered values; some look like placeholders (keys are never rendered). */
const valueKey = (): Arbitrary<string> => fc.oneof(fc.constantFrom("a", "${env:A}", "${input:x}", ""), trickyString({ maxLength: 3 }));

/** A value to render: mostly a placeholder string, sometimes a small tree of them. */
export function renderValue(): Arbitrary<Json> {
  const leaf = jsonScalar(placeholderString());
  const shallow = fc.oneof({ weight: 3, arbitrary: leaf }, { weight: 1, arbitrary: fc.array(leaf, { maxLength: 3 }) });
  return fc.oneof(
    { weight: 6, arbitrary: placeholderString() },
    { weight: 1, arbitrary: leaf },
    { weight: 2, arbitrary: fc.array(shallow, { maxLength: 4 }) },
    { weight: 2, arbitrary: plainMap(valueKey(), shallow, { maxKeys: 4 }) },
  );
}

/** Texts that would render again if rendering ran twice ("${env:A}", "$" next to "{env:B}"). */
const SECOND_PASS_BAIT = ["${env:A}", "${input:x}", "$", "{env:B}", "}"] as const;

const substitute = (): Arbitrary<string> =>
  fc.oneof({ weight: 2, arbitrary: trickyString({ maxLength: 4 }) }, { weight: 1, arbitrary: fc.constantFrom("", ...SECOND_PASS_BAIT) });

/** Input values of every JSON type, under pool ids plus plugin-scoped ids. */
export function renderInputs(): Arbitrary<Record<string, Json>> {
  const id = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...PLACEHOLDER_INPUT_IDS, "other@market/token", "plug@market/x") }, { weight: 1, arbitrary: trickyString({ maxLength: 3 }) });
  return plainMap(id, jsonValue(substitute()), { maxKeys: 4 });
}

export function renderEnv(): Arbitrary<Record<string, string>> {
  const name = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...PLACEHOLDER_ENV_NAMES) }, { weight: 1, arbitrary: trickyString({ maxLength: 3 }) });
  return plainMap(name, substitute(), { maxKeys: 4 });
}

/** `<plugin>@<marketplace>` (the schema's `^[^@/]+@[^@/]+$`). */
export function pluginScope(): Arbitrary<string> {
  const part = fc.oneof(fc.constantFrom("plug", "other", "p", "\u00E9"), trickyString({ minLength: 1, maxLength: 3 }).filter((s) => !/[@/]/.test(s)));
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom("plug@market", "other@market") }, { weight: 1, arbitrary: fc.tuple(part, part).map(([a, b]) => `${a}@${b}`) });
}

export function renderInput(): Arbitrary<JsonObject> {
  return objectOf({
    value: renderValue(),
    inputs: maybe(renderInputs(), 7),
    env: maybe(renderEnv(), 7),
    user_home: maybe(fc.constantFrom("/home/u", "C:\\Users\\u", "", "~", "/home/${env:A}"), 6),
    path_separator: maybe(fc.constantFrom("/", "\\", ";", ":", "", "${pathSeparator}"), 6),
    plugin_scope: maybe(pluginScope(), 4),
  });
}
