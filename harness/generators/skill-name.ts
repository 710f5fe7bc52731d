/**
 * `skill.name` inputs: SKILL names of one, two and three segments (and rarely none or four and
 * more), each segment valid for its position or bent once: upper case, '_' or '.', a leading,
 * trailing or doubled '-', a trailing newline, 64 and 65 characters, non-ASCII; the mcp head
 * misspelt; the <server> segment any valid or invalid bundle_id.
 */
import fc, { type Arbitrary } from "fast-check";
import type { JsonObject } from "../../adapters/reference/src/index.ts";
import { invalidBundleId, validBundleId } from "./bundle-ids.ts";

const WORDS = ["audit", "code-review", "my-helper", "a", "x9", "acme", "pdf", "mcp", "0"];

const kebab = (): Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 2 }).map((w) => w.join("-")) },
    { weight: 1, arbitrary: fc.integer({ min: 63, max: 65 }).map((n) => "k".repeat(n)) },
  );

const bentKebab = (): Arbitrary<string> =>
  fc
    .tuple(kebab(), fc.constantFrom("A", "_", ".", "--", "-", "\n", " ", "é", "ａ", ""), fc.boolean())
    .map(([word, trap, before]) => (before ? trap + word : word + trap));

const segment = (): Arbitrary<string> => fc.oneof({ weight: 4, arbitrary: kebab() }, { weight: 1, arbitrary: bentKebab() });

const server = (): Arbitrary<string> =>
  fc.oneof({ weight: 3, arbitrary: validBundleId() }, { weight: 1, arbitrary: invalidBundleId().map((s) => s.replaceAll(":", "_")) });

const mcpHead = (): Arbitrary<string> =>
  fc.oneof({ weight: 6, arbitrary: fc.constant("mcp") }, { weight: 1, arbitrary: fc.constantFrom("MCP", "mcp ", "mcps", "", "plugin") });

export function skillNameInput(): Arbitrary<JsonObject> {
  return fc
    .oneof(
      { weight: 4, arbitrary: segment() },
      { weight: 4, arbitrary: fc.tuple(segment(), segment()).map(([p, s]) => `${p}:${s}`) },
      { weight: 5, arbitrary: fc.tuple(mcpHead(), server(), segment()).map(([h, sv, s]) => `${h}:${sv}:${s}`) },
      { weight: 1, arbitrary: fc.array(segment(), { minLength: 4, maxLength: 5 }).map((parts) => parts.join(":")) },
      { weight: 1, arbitrary: fc.constantFrom("", ":", "::", "mcp::audit", "mcp:fs:", ":audit") },
    )
    .map((name) => ({ name }));
}
