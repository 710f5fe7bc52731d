/**
 * `plugin_id.validate` inputs: kebab parts joined by '@', and the ways a plugin id breaks or
 * bends: no '@', two, an empty side, upper case, '_' or '.', leading / trailing / doubled '-',
 * CJK, a '/' (the scoped input id form), spaces and a trailing newline, a side of 64 and of 65
 * characters.
 */
import fc, { type Arbitrary } from "fast-check";
import type { JsonObject } from "../../adapters/reference/src/index.ts";

const WORDS = ["fs", "tools", "official", "a", "1", "acme", "audit", "x9"];
const TRAPS = [
  "fs-tools@official",
  "a@b",
  "1@2",
  "a@b@c",
  "@b",
  "a@",
  "@",
  "ab",
  "",
  "Fs@m",
  "a--b@m",
  "-a@m",
  "a-@m",
  "a_b@m",
  "a.b@m",
  "中@m",
  "a@b/c",
  "a@b/token",
  "a@b ",
  " a@b",
  "a@b\n",
  "a@b\r\n",
  "a @b",
  `${"x".repeat(64)}@m`,
  `${"x".repeat(65)}@m`,
  `a@${"m".repeat(64)}`,
  `a@${"m".repeat(65)}`,
];

/** Strict kebab: one to three words joined by '-', sometimes long. */
const kebab = (): Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join("-")) },
    { weight: 1, arbitrary: fc.integer({ min: 60, max: 66 }).map((n) => "k".repeat(n)) },
  );

/** A near-kebab part: one character swapped for a trap. */
const bent = (): Arbitrary<string> =>
  fc.tuple(kebab(), fc.constantFrom("A", "_", ".", "--", "-", " ", "\n", "é", "@", "/")).map(([part, trap]) => `${part}${trap}`);

export function pluginIdInput(): Arbitrary<JsonObject> {
  const side = fc.oneof({ weight: 3, arbitrary: kebab() }, { weight: 1, arbitrary: bent() });
  return fc
    .oneof({ weight: 2, arbitrary: fc.constantFrom(...TRAPS) }, { weight: 4, arbitrary: fc.tuple(side, side).map(([p, m]) => `${p}@${m}`) })
    .map((plugin_id) => ({ plugin_id }));
}
