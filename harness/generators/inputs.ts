/**
 * Valid input definitions of every type (promptString, pickString with {label, value} options,
 * command), optional fields present or absent; pickString defaults always name an option value.
 */
import fc, { type Arbitrary } from "fast-check";
import type { JsonObject } from "../../adapters/reference/src/index.ts";
import { plainMap } from "./maps.ts";
import { inputId } from "./names.ts";
import { ABSENT, dropAbsent, maybe, objectOf } from "./objects.ts";
import { trickyString } from "./strings.ts";

const description = (): Arbitrary<string> =>
  fc.oneof(fc.constantFrom("API token", "PostgreSQL 主机地址", ""), trickyString({ maxLength: 6 }));
const nullable = <T>(value: Arbitrary<T>): Arbitrary<T | null> => fc.option(value, { nil: null, freq: 4 });

/** Option text: shared values (duplicates are allowed) and the NFC/NFD pair "é" / "e\u0301". */
const optionText = (): Arbitrary<string> =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom("cn-east-1", "cn-north-1", "East", "a", "\u00E9", "e\u0301") },
    { weight: 1, arbitrary: trickyString({ minLength: 1, maxLength: 5 }) },
  );

export function pickOption(): Arbitrary<JsonObject> {
  return objectOf({ label: optionText(), value: optionText() });
}

export function promptStringInput(): Arbitrary<JsonObject> {
  return objectOf({
    id: inputId(),
    description: description(),
    type: fc.constant("promptString"),
    default: maybe(nullable(trickyString({ maxLength: 5 }))),
    password: maybe(nullable(fc.boolean())),
  });
}

/** pickString whose default, when given as a string, is the value of one of its options. */
export function pickStringInput(): Arbitrary<JsonObject> {
  const choice = fc.oneof(fc.constant(ABSENT), fc.constant(null), fc.nat());
  return fc
    .tuple(inputId(), description(), fc.array(pickOption(), { minLength: 1, maxLength: 4 }), choice)
    .map(([id, text, options, pick]) =>
      dropAbsent({
        id,
        description: text,
        type: "pickString",
        options,
        default: typeof pick === "number" ? options[pick % options.length]!["value"]! : pick,
      }),
    );
}

export function commandInput(): Arbitrary<JsonObject> {
  return objectOf({
    id: inputId(),
    description: description(),
    type: fc.constant("command"),
    command: fc.constantFrom("git rev-parse HEAD", "git", "echo ${env:A}", ""),
    args: maybe(nullable(plainMap(fc.constantFrom("rev-parse", "-n", ""), fc.constantFrom("HEAD", "1", ""), { maxKeys: 2 }))),
  });
}

/** A valid input definition of any type. */
export function validInputDefinition(): Arbitrary<JsonObject> {
  return fc.oneof(promptStringInput(), pickStringInput(), commandInput());
}
