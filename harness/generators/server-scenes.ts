/**
 * Generated Server scenes (a `wire.server` vector input): the kit's Agent and its scripted Computer
 * join one office of the Server under test; the Agent lists the Computer's tools and calls one with
 * generated parameters, and the Computer answers each with a generated value (a tool list whose
 * titles, descriptions, schemas and meta are drawn; a CallToolResult of any content kinds). What
 * the Agent sent is then judged against what the Computer received, and the Computer's answer
 * against what the Agent received, whole (harness/wire/server-relay-fidelity.ts).
 */
import fc, { type Arbitrary } from "fast-check";
import { jsonValue } from "./json-values.ts";
import { plainMap } from "./maps.ts";
import { asciiWord, trickyString } from "./strings.ts";
import { playedToolName, toolResult } from "./wire-scenes.ts";

const optional = <T>(arb: Arbitrary<T>): Arbitrary<T | undefined> => fc.option(arb, { nil: undefined, freq: 2 });

function compact(entries: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined));
}

/** The bundle the scripted Computer's tools belong to. */
const BUNDLE = "gen";

/**
 * A value SMCPTool.meta may hold: data-structures §SMCPTool.meta types it as Attributes, simple
 * values only (anything structured travels as a JSON string), so the list stays a valid GetToolsRet.
 */
function attributeValue(): Arbitrary<unknown> {
  return fc.oneof(
    trickyString({ maxLength: 6 }),
    fc.boolean(),
    fc.integer({ min: -1000, max: 1000 }),
    fc.constantFrom(0.5, -2.25),
    fc.array(trickyString({ maxLength: 4 }), { maxLength: 2 }),
    jsonValue().map((v) => JSON.stringify(v)),
  );
}

/** An SMCPTool as a Computer lists it (data-structures §SMCPTool), with drawn text, schema and meta. */
function smcpTool(name: string): Arbitrary<Record<string, unknown>> {
  return fc
    .record({
      description: trickyString({ maxLength: 10 }),
      properties: plainMap(asciiWord({ minLength: 1, maxLength: 4 }), fc.constantFrom({ type: "string" }, { type: "integer" }), {
        maxKeys: 2,
      }),
      meta: optional(plainMap(asciiWord({ minLength: 1, maxLength: 5 }), attributeValue(), { maxKeys: 2 })),
    })
    .map(({ description, properties, meta }) =>
      compact({
        name: `${BUNDLE}__${name}`,
        bundle_id: BUNDLE,
        description,
        params_schema: { type: "object", properties },
        return_schema: null,
        meta,
      }),
    );
}

/** A whole scene: the Computer's generated tool listed, then called with generated parameters. */
export function generatedServerScene(): Arbitrary<Record<string, unknown>> {
  return playedToolName()
    .chain((name) =>
      fc.record({
        name: fc.constant(name),
        tool: smcpTool(name),
        result: toolResult(),
        params: plainMap(asciiWord({ minLength: 1, maxLength: 5 }), jsonValue(), { maxKeys: 3 }),
      }),
    )
    .map(({ name, tool, result, params }) => ({
      clients: {
        c1: {
          role: "computer",
          answers: {
            "client:get_tools": { tools: [tool], req_id: { $ref: "request/req_id" } },
            "client:tool_call": result,
          },
        },
        ag: { role: "agent" },
      },
      script: [
        { by: "c1", connect: true },
        { by: "ag", connect: true },
        { by: "c1", send: "server:join_office", office: "A", as: "join_c1" },
        { by: "ag", send: "server:join_office", office: "A", as: "join_ag" },
        { by: "ag", send: "client:get_tools", as: "tools", payload: { computer: { $ref: "client/c1/name" } } },
        {
          by: "ag",
          send: "client:tool_call",
          as: "call",
          payload: { computer: { $ref: "client/c1/name" }, tool_name: `${BUNDLE}__${name}`, params, timeout: 5 },
        },
      ],
      time_box_ms: 10_000,
    }));
}
