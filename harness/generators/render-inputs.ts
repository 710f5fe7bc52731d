/**
 * `render` inputs: a value with placeholders (a string, or strings inside arrays and object
 * values, keys with placeholders that must stay as written) and a context whose inputs and env
 * share names with the placeholders, so lookups hit, miss and fall back through plugin_scope.
 */
import fc, { type Arbitrary } from "fast-check";
import type { Json, JsonObject } from "../../adapters/reference/src/index.ts";
import { jsonScalar, jsonValue } from "./json-values.ts";
import { plainMap } from "./maps.ts";
import { maybe, objectOf } from "./objects.ts";
import { literalPiece, placeholderEnvName, placeholderInputId, placeholderString } from "./placeholders.ts";
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

/** Input values of every JSON type, under pool ids, the same ids pooled for a plugin, and others. */
export function renderInputs(): Arbitrary<Record<string, Json>> {
  const scoped = fc.tuple(fc.constantFrom("plug@market", "other@market"), placeholderInputId()).map(([scope, id]) => `${scope}/${id}`);
  const id = fc.oneof({ weight: 3, arbitrary: placeholderInputId() }, { weight: 2, arbitrary: scoped });
  return plainMap(id, jsonValue(substitute()), { maxKeys: 4 });
}

export function renderEnv(): Arbitrary<Record<string, string>> {
  return plainMap(placeholderEnvName(), substitute(), { maxKeys: 4 });
}

/** `<plugin>@<marketplace>` (the schema's `^[^@/]+@[^@/]+$`). */
export function pluginScope(): Arbitrary<string> {
  const part = fc.oneof(
    fc.constantFrom("plug", "other", "p", "\u00E9"),
    trickyString({ minLength: 1, maxLength: 3 }).filter((s) => !/[@/]/.test(s)),
  );
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom("plug@market", "other@market") },
    { weight: 1, arbitrary: fc.tuple(part, part).map(([a, b]) => `${a}@${b}`) },
  );
}

/**
 * A render where the plugin-scope fallback decides: `${input:<id>}` in the value, the id pooled
 * under this plugin (and maybe under another plugin, or bare, which must win).
 */
export function scopedRenderInput(): Arbitrary<JsonObject> {
  const scope = fc.constantFrom("plug@market", "p@m");
  const rivals = fc.subarray(["other", "bare"] as const);
  return fc
    .tuple(scope, placeholderInputId(), literalPieces(), literalPieces(), jsonValue(substitute()), rivals)
    .map(([plugin, id, before, after, value, present]) => {
      const inputs: Record<string, Json> = { [`${plugin}/${id}`]: value };
      if (present.includes("other")) inputs[`other@market/${id}`] = "other plugin's value";
      if (present.includes("bare")) inputs[id] = "bare value";
      return { value: `${before}\${input:${id}}${after}`, inputs, plugin_scope: plugin };
    });
}

type Side = "absent" | "value" | "secret" | "declared-value" | "declared-secret";
const side = (): Arbitrary<Side> => fc.constantFrom("absent", "value", "secret", "declared-value", "declared-secret");

/**
 * A 0.4.0 plugin-bound render where input kinds decide (runtime-contract §5 item 11): the scoped
 * and the global id are each absent, present as a value or a secret, or declared without a value,
 * the reference written bare or fully scoped, another plugin's input sometimes beside them.
 */
export function kindedRenderInput(): Arbitrary<JsonObject> {
  return fc
    .tuple(side(), side(), fc.boolean(), fc.boolean(), placeholderInputId(), literalPieces())
    .map(([scopedSide, globalSide, explicit, rival, id, before]) => {
      const scope = "plug@market";
      const inputs: Record<string, Json> = {};
      const kinds: Record<string, string> = {};
      const place = (key: string, s: Side, value: Json) => {
        if (s === "absent") return;
        kinds[key] = s.endsWith("secret") ? "secret" : "value";
        if (!s.startsWith("declared")) inputs[key] = value;
      };
      place(`${scope}/${id}`, scopedSide, "mine");
      place(id, globalSide, "global");
      if (rival) inputs[`other@market/${id}`] = "theirs";
      const reference = explicit ? `${scope}/${id}` : id;
      return { value: `${before}\${input:${reference}}`, inputs, input_kinds: kinds, plugin_scope: scope };
    });
}

/** Literal text beside a placeholder ("" most often: the whole-string case). */
const literalPieces = (): Arbitrary<string> =>
  fc.oneof({ weight: 2, arbitrary: fc.constant("") }, { weight: 1, arbitrary: literalPiece() });

/** Any render input: free combinations, a plugin-scope case, or a case where input kinds decide. */
export function renderInput(): Arbitrary<JsonObject> {
  return fc.oneof(
    { weight: 5, arbitrary: freeRenderInput() },
    { weight: 1, arbitrary: scopedRenderInput() },
    { weight: 1, arbitrary: kindedRenderInput() },
  );
}

/** A value and a context drawn independently from shared name pools. */
export function freeRenderInput(): Arbitrary<JsonObject> {
  return objectOf({
    value: renderValue(),
    inputs: maybe(renderInputs(), 7),
    env: maybe(renderEnv(), 7),
    user_home: maybe(fc.constantFrom("/home/u", "C:\\Users\\u", "", "~", "/home/${env:A}"), 6),
    path_separator: maybe(fc.constantFrom("/", "\\", ";", ":", "", "${pathSeparator}"), 6),
    plugin_scope: maybe(pluginScope(), 5),
  });
}
