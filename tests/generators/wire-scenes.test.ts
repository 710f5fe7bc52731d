// The generated Computer scenes: each is a wire.computer vector input the schema takes and the
// harness can play, JSON-safe, replayable, varied, and every content kind and optional field shows up.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SchemaRegistry } from "../../harness/corpus/schema-registry.ts";
import { GENERATED_BUNDLE_ID, LIVE_ARBITRARIES } from "../../harness/generators/index.ts";
import { prepareComputerScene } from "../../harness/wire/index.ts";
import { jsonSafetyProblem } from "./json-safety.ts";

const registry = new SchemaRegistry();
const arbitrary = LIVE_ARBITRARIES["wire.computer"]!;
const samples = fc.sample(arbitrary, { seed: 7, numRuns: 300 });
type Tool = { name: string; result: { content: Array<Record<string, unknown>> } } & Record<string, unknown>;
const toolOf = (scene: Record<string, unknown>) => (scene.servers as Array<{ played_tools: Tool[] }>)[0]!.played_tools[0]!;

describe("generated Computer scenes", () => {
  it("validate against the vector input schema and prepare as scenes", () => {
    const validate = registry.validator("smcp-conformance:ops#/definitions/wire.computer/input/definitions/vector_input");
    const failures = samples.flatMap((input) => (validate(input) ? [] : [{ input, errors: validate.errors }]));
    expect(failures.slice(0, 2)).toEqual([]);
    for (const input of samples) expect(prepareComputerScene(input)).toMatchObject({ ok: true });
  });

  it("call the generated tool by its exposed name, marked auto_apply", () => {
    for (const scene of samples) {
      const tool = toolOf(scene);
      const call = (scene.script as Array<Record<string, unknown>>)[1]!;
      expect(call.payload).toEqual({ tool_name: `${GENERATED_BUNDLE_ID}__${tool.name}`, params: {} });
      expect((scene.servers as Array<Record<string, unknown>>)[0]!.tool_meta).toEqual({ [tool.name]: { auto_apply: true } });
    }
  });

  it("are JSON-safe and replay from their seed", () => {
    for (const scene of samples) {
      expect(jsonSafetyProblem(scene)).toBeNull();
      expect(JSON.parse(JSON.stringify(scene))).toStrictEqual(scene);
    }
    expect(fc.sample(arbitrary, { seed: 7, numRuns: 300 })).toStrictEqual(samples);
    expect(new Set(samples.map((s) => JSON.stringify(s))).size).toBeGreaterThan(250);
  });

  it("reach every content kind and every optional part of a result and a definition", () => {
    const items = samples.flatMap((s) => toolOf(s).result.content);
    const kinds = new Set(
      items.map((i) => (i.type === "resource" ? `resource:${"blob" in (i.resource as object) ? "blob" : "text"}` : i.type)),
    );
    expect([...kinds].sort()).toEqual(["audio", "image", "resource:blob", "resource:text", "resource_link", "text"]);
    for (const key of ["annotations", "_meta"])
      expect(
        items.some((i) => key in i),
        key,
      ).toBe(true);
    const results = samples.map((s) => toolOf(s).result as Record<string, unknown>);
    for (const key of ["structuredContent", "isError", "_meta"])
      expect(
        results.some((r) => key in r),
        key,
      ).toBe(true);
    const tools = samples.map(toolOf);
    for (const key of ["title", "description", "annotations", "_meta"])
      expect(
        tools.some((t) => key in t),
        key,
      ).toBe(true);
  });

  it("keep binary items far under any inline budget", () => {
    const binary = samples
      .flatMap((s) => toolOf(s).result.content)
      .flatMap((i) => {
        const data = (i.data ?? (i.resource as { blob?: string } | undefined)?.blob) as string | undefined;
        return data === undefined ? [] : [Buffer.from(data, "base64").length];
      });
    expect(binary.length).toBeGreaterThan(0);
    expect(Math.max(...binary)).toBeLessThanOrEqual(48);
  });
});
