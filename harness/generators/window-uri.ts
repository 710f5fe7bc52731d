/**
 * `window_uri.parse` inputs: window:// URIs built from parts, each part biased towards what
 * parsers disagree on: scheme case and look-alikes, empty / IDN / punycode / non-ASCII / escaped
 * hosts with userinfo or port, segments with encoded '/' and '%', double escapes, '+', bad
 * escapes, bytes that are not UTF-8, empty segments and trailing slashes, dot segments, queries
 * (empty, metadata-like) and fragments.
 */
import fc, { type Arbitrary } from "fast-check";
import type { JsonObject } from "../../adapters/reference/src/index.ts";
import { asciiWord } from "./strings.ts";

const SCHEME_TRAPS = ["WINDOW://", "Window://", "window:", "window:/", "http://", "windows://", ""];
const HOSTS = [
  "com.example.browser",
  "com.example.editor",
  "",
  "Com.Example",
  "localhost",
  "xn--nxasmq6b",
  "βόλος",
  "例子.测试",
  "h%20x",
  "user@h",
  "h:8080",
  "u:p@h:1",
  "[::1]",
  "a b",
  "h.",
];
const SEGMENTS = [
  "main",
  "tab1",
  "",
  "src%2Fmain",
  "c%2fd",
  "file%20name",
  "%25",
  "100%25done",
  "%252F",
  "a+b",
  "%2B",
  "%FF",
  "%C3%A9",
  "%E4%B8%AD",
  "中",
  "%zz",
  "%",
  "%4",
  "..",
  ".",
  "a%2F",
  "~user",
];
const TAILS = ["", "", "", "", "/", "?", "?priority=90&fullscreen=true", "?a=b", "#frag", "?x=1#f", "#"];

/** A window URI (mostly well formed, often with one trap part). */
export function windowUri(): Arbitrary<string> {
  const segment = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...SEGMENTS) }, { weight: 2, arbitrary: asciiWord() });
  const host = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...HOSTS) }, { weight: 1, arbitrary: asciiWord({ minLength: 1 }) });
  return fc
    .tuple(
      fc.oneof({ weight: 6, arbitrary: fc.constant("window://") }, { weight: 1, arbitrary: fc.constantFrom(...SCHEME_TRAPS) }),
      host,
      fc.array(segment, { maxLength: 4 }),
      fc.constantFrom(...TAILS),
    )
    .map(([scheme, h, segments, tail]) => `${scheme}${h}${segments.map((s) => `/${s}`).join("")}${tail}`);
}

export function windowUriInput(): Arbitrary<JsonObject> {
  return windowUri().map((uri) => ({ uri }));
}
