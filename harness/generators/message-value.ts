/**
 * `message.parse` inputs: a data-structures model and a value for it. Mostly an instance of the
 * model (optional fields present or absent), then bent once: a field dropped, a field of another
 * JSON type (a numeric string, a 0/1 for a bool, null, an array), an unknown field (a future
 * field, a camelCase twin), a field renamed to camelCase, or no object at all (an array the
 * fields could be read from positionally, a scalar, null).
 */
import fc, { type Arbitrary } from "fast-check";
import { type Json, type JsonObject, MESSAGE_MODELS, type MessageField, type MessageModel } from "../../adapters/reference/src/index.ts";
import { constantJson } from "./objects.ts";
import { asciiWord, trickyString } from "./strings.ts";

const MODELS = Object.keys(MESSAGE_MODELS) as MessageModel[];

/** Byte counts and offsets: small, chunk-sized, and up to 2^53 - 1 (every language reads it exactly); rarely negative. */
const integer = (): Arbitrary<number> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(0, 1, 262_144, 1_048_576) },
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 2 ** 31 }) },
    { weight: 1, arbitrary: fc.constantFrom(2 ** 32, 2 ** 53 - 1) },
    { weight: 1, arbitrary: fc.integer({ min: -5, max: -1 }) },
  );

const text = (): Arbitrary<string> =>
  fc.oneof({ weight: 3, arbitrary: asciiWord({ minLength: 1 }) }, { weight: 1, arbitrary: trickyString({ maxLength: 6 }) });

function fieldValue(field: MessageField): Arbitrary<Json> {
  switch (field.type) {
    case "string":
      return text();
    case "integer":
      return integer();
    case "boolean":
      return fc.boolean();
  }
}

/** Another JSON type than the field's: the ones lax parsers convert come first. */
function otherType(field: MessageField): Arbitrary<Json> {
  const lax: Record<MessageField["type"], Json[]> = {
    string: [5, true],
    integer: ["10", "0", true, 1.5],
    boolean: [1, 0, "true", "false"],
  };
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...lax[field.type]) },
    { weight: 2, arbitrary: constantJson<Json>(null, [], {}, ["x"]) },
  );
}

const camel = (name: string): string => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** An instance: every required field, each optional one half the time, in table order. */
function instance(fields: readonly MessageField[]): Arbitrary<JsonObject> {
  return fc.tuple(...fields.map((f) => (f.required ? fieldValue(f) : fc.option(fieldValue(f), { nil: undefined })))).map((values) => {
    const out: JsonObject = {};
    fields.forEach((f, i) => {
      if (values[i] !== undefined) out[f.name] = values[i]!;
    });
    return out;
  });
}

function without(value: JsonObject, key: string): JsonObject {
  return Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));
}

/** The instance bent at one field (or left whole). */
type Bend = (value: JsonObject, field: MessageField) => Arbitrary<Json>;

const BENDS: ReadonlyArray<{ readonly weight: number; readonly bend: Bend }> = [
  { weight: 3, bend: (v) => fc.constant(v) },
  { weight: 2, bend: (v, f) => fc.constant(without(v, f.name)) },
  { weight: 3, bend: (v, f) => otherType(f).map((wrong) => ({ ...v, [f.name]: wrong })) },
  {
    weight: 1,
    bend: (v) =>
      fc
        .tuple(fc.constantFrom("content_encoding", "etag", "reqId", "computer_name"), text())
        .map(([key, extra]) => ({ ...v, [key]: extra })),
  },
  {
    weight: 1,
    bend: (v, f) =>
      fc.constant(Object.hasOwn(v, f.name) && camel(f.name) !== f.name ? { ...without(v, f.name), [camel(f.name)]: v[f.name]! } : v),
  },
  { weight: 1, bend: (v) => fc.oneof(constantJson<Json>(null, "x", 5, true, []), fc.constant(Object.values(v))) },
];

export function messageParseInput(): Arbitrary<JsonObject> {
  return fc.constantFrom(...MODELS).chain((model) => {
    const fields = MESSAGE_MODELS[model] as readonly MessageField[];
    return fc
      .tuple(instance(fields), fc.nat({ max: fields.length - 1 }))
      .chain(([value, at]) => fc.oneof(...BENDS.map((b) => ({ weight: b.weight, arbitrary: b.bend(value, fields[at]!) }))))
      .map((value) => ({ model, value }));
  });
}
