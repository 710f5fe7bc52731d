/**
 * `skill.mime_type` and `skill.text_mime` inputs. File names: the baseline extensions of skill.md
 * §6.4 (3) in mixed case, extensions no implementation maps, names with several dots, a leading or
 * a trailing one, none, spaces and backslashes. The rows an SDK adds on its own (.png, .svg, …) are
 * left to the observe vectors: the page lets an implementation add rows, so a difference there is no
 * finding. MIME strings: the three text criteria of §6.4 (2), their near misses (jsonl, xml-dtd, a
 * subtype ending in "text"), parameters, ASCII case, surrounding whitespace (rarely not ASCII), and
 * strings that are no MIME at all.
 */
import fc, { type Arbitrary } from "fast-check";
import type { JsonObject } from "../../adapters/reference/src/index.ts";
import { asciiWord, trickyString } from "./strings.ts";

const BASELINE_EXTENSIONS = ["md", "markdown", "txt", "json", "xml", "yaml", "yml", "toml", "rst"];
const UNMAPPED_EXTENSIONS = ["bin", "exe", "py", "sh", "csv", "html", "log", "dat", "lock", "mdx", "jsonl"];

/** `text` with each ASCII letter upper-cased or not, as the flags say. */
const withCase = (text: Arbitrary<string>): Arbitrary<string> =>
  fc
    .tuple(text, fc.array(fc.boolean(), { maxLength: 24 }))
    .map(([t, flags]) => [...t].map((c, i) => (flags[i % Math.max(flags.length, 1)] ? c.toUpperCase() : c)).join(""));

const mostlyLower = (text: Arbitrary<string>): Arbitrary<string> =>
  fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: withCase(text) });

const extension = (): Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: mostlyLower(fc.constantFrom(...BASELINE_EXTENSIONS)) },
    { weight: 2, arbitrary: fc.constantFrom(...UNMAPPED_EXTENSIONS) },
    { weight: 1, arbitrary: fc.constantFrom("", "md ", " md", "md.", "MD\\x", "ｍｄ") },
  );

const stem = (): Arbitrary<string> =>
  fc.oneof(
    { weight: 5, arbitrary: asciiWord({ minLength: 1 }) },
    { weight: 1, arbitrary: fc.constantFrom("", ".", "..", "SKILL", "notes.v2", "a b", "dir\\", "dir\\sub", ".hidden") },
    { weight: 1, arbitrary: trickyString({ minLength: 1, maxLength: 4 }).map((s) => s.replaceAll("/", "_")) },
  );

export function skillMimeTypeInput(): Arbitrary<JsonObject> {
  return fc
    .oneof({ weight: 8, arbitrary: fc.tuple(stem(), extension()).map(([s, e]) => `${s}.${e}`) }, { weight: 1, arbitrary: stem() })
    .map((name) => ({ file_name: name === "" ? "x" : name }));
}

const TYPES = ["text", "application", "image", "audio", "font", "multipart", "video"];
const SUBTYPES = [
  "plain",
  "markdown",
  "x-rst",
  "html",
  "csv",
  "json",
  "xml",
  "yaml",
  "toml",
  "javascript",
  "x-yaml",
  "jsonl",
  "octet-stream",
  "pdf",
  "png",
  "zip",
  "svg+xml",
  "vnd.api+json",
  "ld+json",
  "foo+yaml",
  "json-patch+json",
  "xml-dtd",
  "vnd.oasis.opendocument.text",
  "form-data",
  "json+zip",
];
const PARAMETERS = ["", "", "", "; charset=utf-8", ";charset=UTF-8", " ; q=1", ";", '; profile="a;b"'];
const MOSTLY_ASCII_SPACE = fc.oneof(
  { weight: 12, arbitrary: fc.constant("") },
  { weight: 3, arbitrary: fc.constantFrom(" ", "\t", "  ", "\r\n") },
  { weight: 1, arbitrary: fc.constantFrom("\u00a0", "\u0085", "\u001c", "\u3000", "\ufeff") },
);
const NO_MIME = ["", "text", "json", "+json", "ld+json", "/", "text/", "/json", "application/", ";text/plain", "text plain", "text\\plain"];

export function skillTextMimeInput(): Arbitrary<JsonObject> {
  const mime = fc
    .tuple(
      MOSTLY_ASCII_SPACE,
      mostlyLower(fc.constantFrom(...TYPES)),
      mostlyLower(fc.constantFrom(...SUBTYPES)),
      fc.constantFrom(...PARAMETERS),
      MOSTLY_ASCII_SPACE,
    )
    .map(([lead, type, subtype, params, trail]) => `${lead}${type}/${subtype}${params}${trail}`);
  return fc
    .oneof({ weight: 8, arbitrary: mime }, { weight: 1, arbitrary: fc.constantFrom(...NO_MIME) })
    .map((mime_type) => ({ mime_type }));
}
