/**
 * Generated Computer scenes (a `wire.computer` vector input): the kit's MCP server plays one tool
 * whose definition and result are generated (harness/transport/played-tools.ts), and the kit's
 * Agent lists the tools and calls that one. What the MCP server gave is then judged against what
 * the Agent received, whole (harness/wire/tool-list-fidelity.ts, tool-result-fidelity.ts).
 *
 * Every generated value is valid MCP (the official SDK serves it unchanged) and small: binary items
 * stay far under any inline budget, so a change in the relay is never the spec's blob offload.
 */
import fc, { type Arbitrary } from "fast-check";
import { jsonValue } from "./json-values.ts";
import { plainMap } from "./maps.ts";
import { asciiWord, trickyString } from "./strings.ts";

/** The generated server's bundle_id: exposed names are `gen__<tool name>`. */
export const GENERATED_BUNDLE_ID = "gen";

/**
 * A tool name the played-tools schema takes (^[A-Za-z0-9_.-]{1,64}$), with separators, dots and
 * `__` inside; never ending in `-` or `.`, which MCP's tool-name guidance (SEP-986) discourages.
 */
export function playedToolName(): Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom("a", "t", "Z", "x9"), fc.string({ unit: fc.constantFrom("a", "b", "0", "_", "-", ".", "__"), maxLength: 6 }))
    .map(([head, tail]) => (/[-.]$/.test(tail) ? `${head}${tail}0` : head + tail));
}

/** _meta keys as MCP writes them (a reverse-DNS prefix) and plain ones. */
const metaKey = (): Arbitrary<string> =>
  fc.oneof(
    asciiWord({ minLength: 1, maxLength: 5 }).map((w) => `com.example/${w}`),
    asciiWord({ minLength: 1, maxLength: 5 }),
  );

function metaMap(): Arbitrary<Record<string, unknown>> {
  return plainMap(metaKey(), jsonValue(), { maxKeys: 3 }) as Arbitrary<Record<string, unknown>>;
}

const optional = <T>(arb: Arbitrary<T>): Arbitrary<T | undefined> => fc.option(arb, { nil: undefined, freq: 2 });

/** An object without the keys whose value is undefined (what the vector YAML would hold). */
function compact(entries: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined));
}

/** MCP content annotations: audience, priority in [0, 1], lastModified. */
function contentAnnotations(): Arbitrary<Record<string, unknown>> {
  return fc
    .record({
      audience: optional(fc.subarray(["user", "assistant"], { minLength: 1 })),
      priority: optional(fc.constantFrom(0, 0.25, 0.5, 1)),
      lastModified: optional(fc.constant("2026-01-02T03:04:05Z")),
    })
    .map(compact);
}

/** Base64 of a few bytes: far under any inline budget. */
const smallBase64 = (): Arbitrary<string> =>
  fc.uint8Array({ minLength: 1, maxLength: 48 }).map((bytes) => Buffer.from(bytes).toString("base64"));

const uri = (): Arbitrary<string> => asciiWord({ minLength: 1, maxLength: 6 }).map((w) => `kit://generated/${w}`);

/** One content item of any MCP kind, with optional annotations and _meta. */
export function contentItem(): Arbitrary<Record<string, unknown>> {
  const extras = fc.record({ annotations: optional(contentAnnotations()), _meta: optional(metaMap()) });
  const body = fc.oneof(
    { weight: 4, arbitrary: trickyString({ maxLength: 12 }).map((text) => ({ type: "text", text })) },
    { weight: 1, arbitrary: smallBase64().map((data) => ({ type: "image", data, mimeType: "image/png" })) },
    { weight: 1, arbitrary: smallBase64().map((data) => ({ type: "audio", data, mimeType: "audio/wav" })) },
    {
      weight: 1,
      arbitrary: fc
        .record({ uri: uri(), name: asciiWord({ minLength: 1, maxLength: 6 }), mimeType: optional(fc.constant("application/json")) })
        .map((r) => ({ type: "resource_link", ...compact(r) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({ uri: uri(), mimeType: optional(fc.constant("text/plain")), text: trickyString({ maxLength: 8 }) })
        .map((r) => ({ type: "resource", resource: compact(r) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({ uri: uri(), mimeType: optional(fc.constant("application/octet-stream")), blob: smallBase64() })
        .map((r) => ({ type: "resource", resource: compact(r) })),
    },
  );
  return fc.tuple(body, extras).map(([item, more]) => ({ ...item, ...compact(more) }));
}

/** A CallToolResult: content of any kinds, and optionally structuredContent, isError and the result's _meta. */
export function toolResult(): Arbitrary<Record<string, unknown>> {
  return fc
    .record({
      content: fc.array(contentItem(), { maxLength: 3 }),
      structuredContent: optional(plainMap(asciiWord({ minLength: 1, maxLength: 4 }), jsonValue(), { maxKeys: 3 })),
      isError: optional(fc.boolean()),
      _meta: optional(metaMap()),
    })
    .map(compact);
}

/** A tool definition as tools/list gives it: title, description, annotations (hints) and _meta, each optional. */
export function playedTool(): Arbitrary<Record<string, unknown>> {
  return fc
    .record({
      name: playedToolName(),
      title: optional(trickyString({ minLength: 1, maxLength: 6 })),
      description: optional(trickyString({ maxLength: 10 })),
      annotations: optional(
        fc
          .record({
            title: optional(asciiWord({ minLength: 1, maxLength: 6 })),
            readOnlyHint: optional(fc.boolean()),
            destructiveHint: optional(fc.boolean()),
            idempotentHint: optional(fc.boolean()),
            openWorldHint: optional(fc.boolean()),
          })
          .map(compact),
      ),
      _meta: optional(metaMap()),
      result: toolResult(),
    })
    .map(compact);
}

/** A whole scene: one generated tool on one server, listed and then called by its exposed name. */
export function generatedComputerScene(): Arbitrary<Record<string, unknown>> {
  return playedTool().map((tool) => ({
    servers: [
      {
        name: "generated",
        bundle_id: GENERATED_BUNDLE_ID,
        tool_meta: { [tool.name as string]: { auto_apply: true } },
        played_tools: [tool],
      },
    ],
    script: [
      { send: "client:get_tools" },
      { send: "client:tool_call", as: "call", payload: { tool_name: `${GENERATED_BUNDLE_ID}__${tool.name}`, params: {} } },
    ],
    time_box_ms: 15_000,
  }));
}
