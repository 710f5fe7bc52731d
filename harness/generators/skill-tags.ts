/**
 * `skill.tags` inputs: a SKILL.md with a valid name and description and a tags entry written
 * every way YAML allows: flow and block lists of strings, the empty list, a string, a mapping,
 * null, lists mixing numbers, nulls or nested lists, and scalars YAML 1.1 and 1.2 type apart
 * (yes / no / on / off, dates, 0x1F, .inf, quoted numbers); sometimes no tags key at all, or a
 * frontmatter that does not parse.
 */
import fc, { type Arbitrary } from "fast-check";
import type { JsonObject } from "../../adapters/reference/src/index.ts";

const TAG_WORDS = ["data", "csv", "read", "a", "x-y", "中文", "'1.0'", '"quoted"', "with space"];
const TAG_LINES = [
  "tags: [data, csv]",
  "tags: []",
  'tags: "a,b"',
  "tags: data",
  "tags: [a, 1]",
  "tags:",
  "tags: null",
  "tags: ~",
  "tags: {a: b}",
  "tags: [yes, no]",
  "tags: [on, off]",
  "tags: [2024-01-01]",
  "tags: ['1.0', x]",
  "tags: [1.0]",
  "tags: [null]",
  "tags: [[a]]",
  "tags: [0x1F, .inf]",
  "tags: ['', '']",
  "tags: [a, a]",
  "tags: true",
  "tags:\n  - data\n  - csv",
  "tags:\n  - yes\n  - 'no'",
  "tags: !!str 5",
  "tags: [a, b",
];

/** A tags line: one of the traps above, or a flow list of ordinary words. */
const tagsLine = (): Arbitrary<string | null> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...TAG_LINES) },
    { weight: 3, arbitrary: fc.array(fc.constantFrom(...TAG_WORDS), { maxLength: 4 }).map((w) => `tags: [${w.join(", ")}]`) },
    { weight: 1, arbitrary: fc.constant(null) },
  );

export function skillTagsInput(): Arbitrary<JsonObject> {
  return fc
    .tuple(tagsLine(), fc.constantFrom("demo-skill", "csv-aggregator"), fc.constantFrom("d", "Aggregates CSV files."), fc.boolean())
    .map(([tags, name, description, tagsFirst]) => {
      const fields = [`name: ${name}`, `description: ${description}`];
      if (tags !== null) fields.splice(tagsFirst ? 0 : 2, 0, tags);
      return { skill_md: `---\n${fields.join("\n")}\n---\n# ${name}\n\nBody.\n` };
    });
}
