// Authoring output a reviewer accepts (issue 31 item 7): one boundary fact per generated input,
// --group picking a generator family that lands in its own group, the spec section of the rule
// that fired, slugs that say the distinguishing feature, invisible characters escaped.
import { describe, expect, it } from "vitest";
import { familyChoice } from "../../harness/commands/generate-command.ts";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { visibleJson, visibleText } from "../../harness/corpus/vector-file-text.ts";
import { allocateId } from "../../harness/fuzz/candidates.ts";
import { firstDifference, valueSlug } from "../../harness/fuzz/value-slug.ts";
import { vectorItemsText } from "../../harness/fuzz/vector-yaml.ts";
import { generateVectors } from "../../harness/generate/generate-vectors.ts";
import { boundaryFacts } from "../../harness/generate/one-fact.ts";
import { BASES, familiesOf } from "../../harness/generators/families.ts";
import { OP_ARBITRARIES } from "../../harness/generators/index.ts";
import { ABSENT } from "../../harness/generators/objects.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";

const corpus = loadCorpus();

/** Every leaf path where two JSON values differ. */
function differences(a: unknown, b: unknown, path = ""): string[] {
  const isMap = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  if (isMap(a) && isMap(b))
    return [...new Set([...Object.keys(a), ...Object.keys(b)])].flatMap((k) =>
      !Object.hasOwn(a, k) || !Object.hasOwn(b, k) ? [`${path}/${k}`] : differences(a[k], b[k], `${path}/${k}`),
    );
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [path];
}

describe("generate by family", () => {
  it("--group duration: 5 vectors in the duration group, each one field away from its base, slugs distinct, section of the rule", async () => {
    const { ops, families } = familyChoice("server-config", ["server_config.validate"], "duration");
    expect(families.map((f) => f.name)).toEqual(["duration"]);
    const vectors = await generateVectors({
      corpus,
      suite: "server-config",
      ops,
      families,
      arbitraries: OP_ARBITRARIES,
      seed: 1,
      count: 5,
      tier: "should",
      reference: referenceInProcess(),
      others: [],
      command: "test",
      group: "generated",
    });
    expect(vectors).toHaveLength(5);
    for (const v of vectors) {
      const config = (v.input as { config: { type: "stdio" | "streamable" | "sse"; server_parameters: Record<string, unknown> } }).config;
      const diff = differences(config, BASES[config.type]);
      expect(diff, v.id).toHaveLength(1);
      const field = /^\/server_parameters\/(timeout|sse_read_timeout)$/.exec(diff[0]!)![1]!;
      // The slug is the field and its value, no "-2": it says what the vector is about.
      const value = Object.hasOwn(config.server_parameters, field) ? config.server_parameters[field] : ABSENT;
      expect(v.id).toBe(`server-config/duration/${field.replace(/_/g, "-")}-${valueSlug(value)}`);
      expect(v.description).toMatch(/Every other field is the base value of a valid (streamable|sse) config\.$/);
      expect(v.spec.section, v.id).toMatch(/^§3\.[23] type = (streamable|sse)$/);
      expect(v.spec.note).toMatch(/^awaits review: section from server-config\/[^ ]+, which checks the same rule/);
    }
    expect(new Set(vectors.map((v) => v.id)).size).toBe(5);
  }, 60_000);

  it("a --group that names no family is a usage error listing the suite's families; no --group runs every family", () => {
    expect(() => familyChoice("server-config", ["server_config.validate"], "durations")).toThrow(
      /--group durations: suite server-config generates by family, and has none of that name \(families: name, type, bundle-id, .*duration/,
    );
    const all = familyChoice("server-config", ["server_config.validate"], undefined);
    expect(all.families.map((f) => f.name)).toEqual(expect.arrayContaining(["duration", "bundle-id", "stdio", "tool-meta"]));
    // An operation without families: the name is only the group of its arbitrary's inputs.
    expect(familyChoice("explicit-id", ["bundle_id.validate"], "mine")).toEqual({ ops: ["bundle_id.validate"], families: [] });
  });

  it("an operation's arbitrary inputs hold one boundary fact at most", async () => {
    const vectors = await generateVectors({
      corpus,
      suite: "exposed-name",
      ops: ["exposed_name"],
      families: familiesOf(["exposed_name"]),
      arbitraries: OP_ARBITRARIES,
      seed: 5,
      count: 8,
      tier: "should",
      reference: referenceInProcess(),
      others: [],
      command: "test",
      group: "generated",
    });
    expect(vectors.length).toBeGreaterThanOrEqual(4);
    for (const v of vectors) expect(boundaryFacts(v.input).length, `${v.id}: ${boundaryFacts(v.input).join("; ")}`).toBeLessThanOrEqual(1);
  }, 60_000);
});

describe("slugs and escapes", () => {
  it("a value's slug tells apart case, type and characters a slug cannot hold", () => {
    const slugs = [
      "STDIO",
      "Stdio",
      "stdio",
      "30",
      30,
      -1,
      "PT1,5S",
      "PT1.5S",
      "a\n",
      "a b",
      "a__b",
      ABSENT,
      null,
      [],
      ["x", "y"],
      { t: { alias: 1 } },
    ].map(valueSlug);
    expect(slugs).toEqual([
      "upper-stdio",
      "capitalised-stdio",
      "stdio",
      "string-30",
      "30",
      "minus-1",
      "pt1-5s-symbol",
      "pt1.5s",
      "a-whitespace",
      "a-b",
      "a__b",
      "absent",
      "null",
      "empty-list",
      "list-x-and-1-more",
      "t-alias-1",
    ]);
  });

  it("a repeated slug says what tells it from the input holding it; -2 only when nothing does", () => {
    const taken = new Set<string>();
    const inputs = new Map<string, unknown>();
    expect(allocateId("s", "fuzz", "accepted-empty", taken, { name: "", alias: "x" }, inputs)).toBe("s/fuzz/accepted-empty");
    expect(allocateId("s", "fuzz", "accepted-empty", taken, { name: "", alias: null }, inputs)).toBe("s/fuzz/accepted-empty-alias-null");
    expect(allocateId("s", "fuzz", "accepted-empty", taken, { name: "", alias: null }, inputs)).toBe("s/fuzz/accepted-empty-alias-null-2");
    expect(allocateId("s", "fuzz", "accepted-empty", taken, { name: "", alias: "x" }, inputs)).toBe("s/fuzz/accepted-empty-2");
    expect(firstDifference({ a: 1, b: [1, 2] }, { a: 1, b: [1, 3] })).toEqual({ key: "b", value: 2 });
  });

  it("noncharacters, private use and unassigned code points are escaped in YAML and in descriptions", () => {
    const text = "k\uffff v\u{10ffff} p\ue000 z\u200b";
    expect(visibleText(text)).toBe("k\\uffff v\\udbff\\udfff p\\ue000 z\\u200b");
    expect(visibleJson({ ["a\uffff"]: "\u{10ffff}" })).toBe('{"a\\uffff":"\\udbff\\udfff"}');
    const yaml = vectorItemsText([
      {
        id: "s/g/x",
        description: visibleText(`holds ${text}`),
        spec: { file: "f", section: "s" },
        tier: "should",
        op: "render",
        input: { ["key\uffff"]: "\u{10ffff}\ue000" },
        expected: null,
      },
    ]);
    expect(yaml).not.toMatch(/[\uffff\ue000\u200b]|\u{10ffff}/u);
    expect(yaml).toContain('"key\\uffff": "\\udbff\\udfff\\ue000"');
  });
});
