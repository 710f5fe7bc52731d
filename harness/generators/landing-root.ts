/**
 * `settings.landing_root` inputs: a settings scope and that scope's document. Mostly a landingRoot
 * of every form a user may write (POSIX and drive-letter absolute paths, '~', relative, UNC, empty,
 * padded with spaces, non-ASCII) or of another JSON type; sometimes the key misspelt (snake_case,
 * capitalised) or beside other settings keys the validation passes through.
 */
import fc, { type Arbitrary } from "fast-check";
import { type Json, type JsonObject, SETTINGS_SCOPES } from "../../adapters/reference/src/index.ts";
import { constantJson } from "./objects.ts";
import { asciiWord } from "./strings.ts";

const segment = (): Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: asciiWord({ minLength: 1, maxLength: 6 }) },
    { weight: 1, arbitrary: fc.constantFrom("a2c landing", "上传", "..", ".") },
  );

const path = (): Arbitrary<string> =>
  fc
    .tuple(
      fc.constantFrom("/", "/", "/", "C:\\", "c:/", "~/", "", "./", "\\\\server\\share\\", "C:", "/ ", " /", "file:///"),
      fc.array(segment(), { minLength: 0, maxLength: 3 }),
      fc.constantFrom("", "", "/", " ", "\n"),
    )
    .map(([root, parts, tail]) => root + parts.join(root.includes("\\") ? "\\" : "/") + tail);

const landingRootValue = (): Arbitrary<Json> =>
  fc.oneof(
    { weight: 8, arbitrary: path() },
    { weight: 2, arbitrary: constantJson<Json>(null, 5, true, [], ["/srv/a"], { path: "/srv/a" }) },
  );

const otherSettings = (): Arbitrary<JsonObject> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: constantJson<JsonObject>(
        { $schema: "https://example.invalid/settings.json" },
        { trustedMarketplaces: ["official"] },
        { futureKey: 1 },
      ),
    },
  );

export function landingRootInput(): Arbitrary<JsonObject> {
  const key = fc.oneof(
    { weight: 10, arbitrary: fc.constant("landingRoot") },
    { weight: 1, arbitrary: fc.constantFrom("landing_root", "LandingRoot", "landingroot") },
  );
  return fc
    .tuple(fc.constantFrom(...SETTINGS_SCOPES), otherSettings(), fc.option(fc.tuple(key, landingRootValue()), { nil: undefined, freq: 10 }))
    .map(([scope, rest, entry]) => ({ scope, settings: entry ? { ...rest, [entry[0]]: entry[1] } : rest }));
}
