/**
 * Plugin folders as `{relative path: text}`: server files with kebab-case and broken stems, the
 * excluded inputs.json, nested and non-JSON paths, folder markers, and file texts that are valid
 * configs named after the stem, misnamed, invalid configs, or not JSON (BOM, duplicate keys…).
 */
import fc, { type Arbitrary } from "fast-check";
import type { JsonObject } from "../../adapters/reference/src/index.ts";
import { configOf } from "./configs.ts";
import { serverConfig } from "./server-config.ts";

const FOLDER = "mcp-servers/";
const GOOD_STEMS = ["search", "web-search", "a1", "x-y-z", "0"] as const;
const BAD_STEMS = ["My-Server", "my_server", "-x", "x-", "a--b", "", "\u00E9", "a.b", "inputs", "x y"] as const;
const OTHER_PATHS = [
  FOLDER,
  `${FOLDER}inputs.json`,
  `${FOLDER}sub/x.json`,
  `${FOLDER}x.JSON`,
  `${FOLDER}x.json.bak`,
  "plugin.json",
  "README.md",
  ".claude-plugin/plugin.json",
  "mcp-servers.json",
] as const;

/** Texts that are not one clean JSON config: a parser's edge cases. */
const RAW_TEXTS = ["", "not json", "{", "null", "[]", '{"name": 1}', "\uFEFF{}", '{"a": 1} {"b": 2}'] as const;

/** The text of a server file for `stem`: a valid config named as the stem (most often) or not. */
function serverFileText(): Arbitrary<(stem: string) => string> {
  const named = fc.tuple(configOf("sse"), fc.constantFrom("stem", "stem", "stem", "upper", "other", "bom", "duplicate-name")).map(
    ([config, how]) =>
      (stem: string) =>
        namedText(config, stem, how),
  );
  const other = fc.oneof(
    serverConfig().map((config) => () => JSON.stringify(config)),
    fc.constantFrom(...RAW_TEXTS).map((text) => () => text),
  );
  return fc.oneof({ weight: 3, arbitrary: named }, { weight: 2, arbitrary: other });
}

function namedText(config: JsonObject, stem: string, how: string): string {
  const json = (name: string): string => JSON.stringify({ ...config, name }, null, how === "stem" ? 2 : undefined);
  if (how === "upper") return json(stem.toUpperCase());
  if (how === "other") return json(`${stem}-other`);
  if (how === "bom") return `\uFEFF${json(stem)}`;
  if (how === "duplicate-name") return json(stem).replace(/^\{/, `{"name": ${JSON.stringify(`${stem}x`)}, `);
  return json(stem);
}

/** One file entry [path, text]. */
function pluginFile(): Arbitrary<[string, string]> {
  const stem = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...GOOD_STEMS) }, { weight: 1, arbitrary: fc.constantFrom(...BAD_STEMS) });
  const server = fc.tuple(stem, serverFileText()).map(([s, text]): [string, string] => [`${FOLDER}${s}.json`, text(s)]);
  const other = fc
    .tuple(fc.constantFrom(...OTHER_PATHS), fc.constantFrom("", "{}", ...RAW_TEXTS))
    .map(([path, text]): [string, string] => [path, text]);
  return fc.oneof({ weight: 3, arbitrary: server }, { weight: 1, arbitrary: other });
}

/** A plugin's files (distinct paths), 0 to 4 of them. */
export function pluginFiles(): Arbitrary<Record<string, string>> {
  return fc.uniqueArray(pluginFile(), { selector: ([path]) => path, maxLength: 4 }).map((entries) => Object.fromEntries(entries));
}
