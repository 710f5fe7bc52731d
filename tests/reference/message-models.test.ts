// Properties of the reference's message models (data-structures.md field tables, the kit's
// reading): an instance is held field for field, unknown fields are not held, a required field
// left out or given another JSON type is refused with the first problem in table order.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as ref from "../../adapters/reference/src/index.ts";

const RUNS = { seed: 20_261_207, numRuns: 500 };
const MODELS = Object.keys(ref.MESSAGE_MODELS) as ref.MessageModel[];
const fieldsOf = (model: ref.MessageModel) => ref.MESSAGE_MODELS[model] as readonly ref.MessageField[];

const fieldValue = (field: ref.MessageField): fc.Arbitrary<string | number | boolean> =>
  field.type === "string" ? fc.string() : field.type === "integer" ? fc.integer({ min: -(2 ** 40), max: 2 ** 40 }) : fc.boolean();

/** A model and an instance of it: required fields always, optional ones sometimes. */
const instance = fc.constantFrom(...MODELS).chain((model) =>
  fc.tuple(...fieldsOf(model).map((f) => (f.required ? fieldValue(f) : fc.option(fieldValue(f), { nil: undefined })))).map((values) => {
    const value: Record<string, unknown> = {};
    fieldsOf(model).forEach((f, i) => {
      if (values[i] !== undefined) value[f.name] = values[i];
    });
    return { model, value };
  }),
);

describe("parseMessage", () => {
  it("holds an instance as given, and drops what the model does not declare", () => {
    fc.assert(
      fc.property(instance, fc.constantFrom("etag", "blobHandle", "extra"), ({ model, value }, key) => {
        expect(ref.parseMessage(model, value)).toEqual({ accepted: true, reason: null, value });
        expect(ref.parseMessage(model, { ...value, [key]: 1 })).toEqual({ accepted: true, reason: null, value });
      }),
      RUNS,
    );
  });

  it("refuses an instance without one of its required fields as missing_field", () => {
    fc.assert(
      fc.property(instance, fc.nat(), ({ model, value }, n) => {
        const required = fieldsOf(model).filter((f) => f.required);
        fc.pre(required.length > 0);
        const gone = required[n % required.length]!.name;
        const { [gone]: _, ...rest } = value;
        expect(ref.parseMessage(model, rest)).toMatchObject({ accepted: false, reason: "message.missing_field" });
      }),
      RUNS,
    );
  });

  it("refuses a field of another JSON type as wrong_type: no numeric strings for ints, no 0/1 for bools", () => {
    const wrong = { string: [5, true, null, []], integer: ["10", true, 1.5, null], boolean: [1, 0, "true", null] } as const;
    fc.assert(
      fc.property(instance, fc.nat(), fc.nat(), ({ model, value }, n, k) => {
        const fields = fieldsOf(model).filter((f) => !f.nullable);
        const field = fields[n % fields.length]!;
        const bad = wrong[field.type][k % wrong[field.type].length];
        expect(ref.parseMessage(model, { ...value, [field.name]: bad })).toMatchObject({ accepted: false, reason: "message.wrong_type" });
      }),
      RUNS,
    );
  });

  it("the first problem in table order decides", () => {
    // agent (first) of the wrong type, blob_handle (fourth) missing
    expect(ref.parseMessage("GetBlobReq", { agent: 1, req_id: "r", computer: "c" })).toMatchObject({ reason: "message.wrong_type" });
    // req_id (second) missing, chunk_offset (fifth) of the wrong type
    expect(ref.parseMessage("GetBlobReq", { agent: "a", computer: "c", blob_handle: "h", chunk_offset: "1" })).toMatchObject({
      reason: "message.missing_field",
    });
  });

  it("reads null as absent only where the text allows it, and refuses every non-object", () => {
    const base = { agent: "a", req_id: "r", computer: "c", mcp_server: "m" };
    expect(ref.parseMessage("GetResourcesReq", { ...base, cursor: null })).toEqual({ accepted: true, reason: null, value: base });
    expect(ref.parseMessage("GetSkillReq", { ...base, name: "n", rel_path: null })).toMatchObject({ reason: "message.wrong_type" });
    for (const value of [null, [], ["c"], "c", 1, true])
      for (const model of MODELS) expect(ref.parseMessage(model, value)).toMatchObject({ accepted: false, reason: "message.not_object" });
  });
});
