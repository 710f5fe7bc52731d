/**
 * The schema of an authored suite's vector files, built from the op definitions: the shared
 * envelope, the suite's name, and for each of its operations the input and expected shapes. One
 * function instead of a near-identical schema.json per suite folder.
 */
import { isLiveOp, OPS_SCHEMA_ID } from "../model/operations.ts";

/** A live (transport, wire) op's vector describes a scene (input/definitions/vector_input); the harness builds the adapter's call from it. */
function vectorInputRef(op: string): string {
  return isLiveOp(op) ? `${OPS_SCHEMA_ID}#/definitions/${op}/input/definitions/vector_input` : `${OPS_SCHEMA_ID}#/definitions/${op}/input`;
}

export function suiteSchemaId(suite: string): string {
  return `smcp-conformance:suite/${suite}`;
}

export function suiteSchema(suite: string, title: string, ops: readonly string[]): Record<string, unknown> {
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: suiteSchemaId(suite),
    title: `suite ${suite}: ${title}`,
    allOf: [{ $ref: "smcp-conformance:vector-file" }],
    properties: {
      suite: { const: suite },
      vectors: {
        items: {
          properties: { op: { enum: [...ops] } },
          allOf: ops.map((op) => ({
            if: { properties: { op: { const: op } }, required: ["op"] },
            // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, not a thenable
            then: {
              properties: {
                input: { $ref: vectorInputRef(op) },
                expected: { $ref: `${OPS_SCHEMA_ID}#/definitions/${op}/expected` },
              },
            },
          })),
        },
      },
    },
  };
}
