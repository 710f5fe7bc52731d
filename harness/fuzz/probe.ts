/**
 * What a generated input probes, in words and as an id slug. The generators' own fault tables say
 * which one-field fault a config or input definition carries (the fault whose reason the reference
 * gives and whose patch the input holds); the trap character tables say which boundary its strings
 * sit on; the reference's answer says which rule fired. A candidate is named and described from
 * these, so a reviewer reads "command-absent" and "server_parameters.command is absent", not a hash.
 */

import { visibleJson, visibleText } from "../corpus/vector-file-text.ts";
import { BASE_FAULTS, type Fault, IDENTITY_FAULTS, TRANSPORT_FAULTS } from "../generators/index.ts";
import { COMMAND_FAULTS, COMMON_INPUT_FAULTS, PICK_FAULTS, PROMPT_FAULTS } from "../generators/input-faults.ts";
import { ABSENT } from "../generators/objects.ts";
import { canonicalJson } from "../util/canonical-json.ts";
import { pointerToken } from "../util/json-pointer.ts";

export interface Probe {
  /** `[a-z0-9.-]`, for the last segment of a vector id. */
  readonly slug: string;
  /** A sentence saying what the input probes and what the reference said. */
  readonly summary: string;
}

const SLUG_PARTS = 3;
const SLUG_MAX = 48;

/** Lower-case kebab made of id-safe characters ("" when nothing is left). */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "")
    .replace(/-{2,}/g, "-");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function at(value: unknown, path: readonly string[]): { present: boolean; value?: unknown } {
  let here = value;
  for (const key of path) {
    if (!isRecord(here) || !Object.hasOwn(here, key)) return { present: false };
    here = here[key];
  }
  return { present: true, value: here };
}

/** The object the fault tables describe, and the tables that apply to it. */
function faultScope(op: string, input: Record<string, unknown>): { root: unknown; prefix: string; faults: readonly Fault[] } | null {
  if (op === "server_config.validate" || op === "bundle_id.resolve" || op === "bundle_id.identity_bytes") {
    const type = isRecord(input.config) ? input.config.type : undefined;
    const transport = typeof type === "string" && type in TRANSPORT_FAULTS ? [type as keyof typeof TRANSPORT_FAULTS] : [];
    const own = op === "server_config.validate" ? [...BASE_FAULTS, ...transport.flatMap((t) => TRANSPORT_FAULTS[t])] : IDENTITY_FAULTS;
    return { root: input.config, prefix: "config", faults: own };
  }
  if (op === "input.validate")
    return { root: input.input, prefix: "input", faults: [...COMMON_INPUT_FAULTS, ...PICK_FAULTS, ...PROMPT_FAULTS, ...COMMAND_FAULTS] };
  return null;
}

/** A value in a few words, for slugs: "absent", "null", "empty-list", "stdio" for "STDIO". */
function valueWords(value: unknown): string {
  if (value === ABSENT) return "absent";
  if (value === null) return "null";
  if (Array.isArray(value)) return value.length === 0 ? "empty-list" : "list";
  if (isRecord(value)) return Object.keys(value).length === 0 ? "empty-object" : "object";
  if (typeof value === "string") return value === "" ? "empty" : slugify(value).slice(0, 16) || "string";
  return typeof value === "number" ? "number" : String(value);
}

function valueText(value: unknown): string {
  if (value === ABSENT) return "absent";
  return visibleJson(value);
}

/** The generators' one-field fault this input carries, given the reason the reference rejects it with. */
export function faultOf(op: string, input: Record<string, unknown>, reason: string): { slug: string; text: string } | null {
  const scope = faultScope(op, input);
  if (!scope) return null;
  for (const fault of scope.faults) {
    if (fault.reason !== reason) continue;
    const found = at(scope.root, fault.path);
    const holds = fault.value === ABSENT ? !found.present : found.present && canonicalJson(found.value) === canonicalJson(fault.value);
    if (!holds) continue;
    const field = fault.path.join(".");
    const text = fault.value === ABSENT ? `${scope.prefix}.${field} is absent` : `${scope.prefix}.${field} is ${valueText(fault.value)}`;
    return { slug: slugify(`${fault.path.at(-1)}-${valueWords(fault.value)}`), text };
  }
  return null;
}

/** Boundary characters, most telling first: tag, words, and the test. */
const TRAPS: ReadonlyArray<readonly [string, string, RegExp]> = [
  ["lone-surrogate", "a lone surrogate", /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/],
  ["zero-width", "a zero-width or format character", /[\p{Cf}]/u],
  ["control", "a control character", /[\u0000-\u0008\u000E-\u001F\u007F-\u009F]/],
  ["nfd", "a combining mark", /\p{M}/u],
  ["whitespace", "whitespace other than a space", /[\t\n\r\u000B\u000C\u00A0\u2028\u2029\u3000\u1680\u2000-\u200A\u202F\u205F]/],
  ["astral", "an astral character", /[\u{10000}-\u{10FFFF}]/u],
  ["fullwidth", "a fullwidth or compatibility letter", /[\uFF01-\uFF5E\u212A\u017F\u0130\u0131\uFB00-\uFB06]/],
  ["cjk", "CJK text", /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u],
  ["non-ascii", "a non-ASCII letter", /[^\u0000-\u007F]/], // tested as OTHER_NON_ASCII
  ["placeholder", "a ${…} placeholder", /\$\{/],
  ["double-underscore", 'a "__" run', /__/],
];

/** A non-ASCII character that none of the more telling traps names (é, ß, ١…). */
const OTHER_NON_ASCII: Test = {
  test: (text) => [...text].some((ch) => ch > "\u007f" && !TRAPS.slice(0, -3).some(([, , t]) => t.test(ch))),
};

interface Test {
  test(text: string): boolean;
}

function codePoints(text: string, test: Test): string {
  const hit = [...text].find((ch) => test.test(ch));
  return hit === undefined
    ? ""
    : ` (${[...hit].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`).join(" ")})`;
}

/** Each trap the input's strings (keys and values) hold, with the JSON pointer of its first place. */
export function trapsOf(input: unknown): Array<{ tag: string; text: string }> {
  const found = new Map<string, string>();
  const visit = (value: unknown, pointer: string) => {
    const check = (text: string, where: string) => {
      if (text === "" && !found.has("empty")) found.set("empty", `an empty string at ${where || "/"}`);
      for (const [tag, words, test] of TRAPS) {
        const hit = tag === "non-ascii" ? OTHER_NON_ASCII : test;
        if (!found.has(tag) && hit.test(text)) found.set(tag, `${words}${codePoints(text, hit)} at ${where || "/"}`);
      }
    };
    if (typeof value === "string") check(value, pointer);
    else if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) visit(v, `${pointer}/${i}`);
    } else if (isRecord(value))
      for (const [k, v] of Object.entries(value)) {
        const child = `${pointer}/${pointerToken(visibleJson(k).slice(1, -1))}`;
        check(k, `${child} (the key)`);
        visit(v, child);
      }
  };
  visit(input, "");
  const order = [...TRAPS.map(([tag]) => tag), "empty"];
  return [...found].sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0])).map(([tag, text]) => ({ tag, text }));
}

/** Edge values a merge or a default rule treats apart: null, false, 0, empty list or map (keys named in slugs). */
export function edgesOf(input: unknown): Array<{ tag: string; text: string }> {
  const out: Array<{ tag: string; text: string }> = [];
  const visit = (value: unknown, pointer: string, key: string) => {
    const edge =
      value === null
        ? "null"
        : value === false
          ? "false"
          : value === 0
            ? "zero"
            : Array.isArray(value) && value.length === 0
              ? "empty-list"
              : isRecord(value) && Object.keys(value).length === 0
                ? "empty-map"
                : null;
    if (edge !== null && key !== "") out.push({ tag: slugify(`${key}-${edge}`), text: `${edge.replace("-", " ")} at ${pointer}` });
    if (Array.isArray(value)) for (const [i, v] of value.entries()) visit(v, `${pointer}/${i}`, key);
    else if (isRecord(value))
      for (const [k, v] of Object.entries(value)) visit(v, `${pointer}/${pointerToken(visibleJson(k).slice(1, -1))}`, k);
  };
  visit(input, "", "");
  return out;
}

/** The rule the answer shows: "rejected config.missing_field", "error input.lone_surrogate", a warning kind, … */
export function answerWords(answer: string | undefined): { slug: string; text: string; reason?: string } {
  if (answer === undefined) return { slug: "", text: "the reference gives no answer" };
  if (answer.startsWith("error ")) {
    const reason = answer.slice(6);
    return { slug: slugify(reason.split(".").at(-1)!), text: `the reference refuses it with error ${reason}`, reason };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer);
  } catch {
    return { slug: "", text: `the reference says ${visibleText(answer)}` };
  }
  if (isRecord(parsed) && "accepted" in parsed) {
    if (parsed.accepted) return { slug: "accepted", text: "the reference accepts it" };
    const reason = typeof parsed.reason === "string" ? parsed.reason : undefined;
    return reason
      ? { slug: slugify(reason.split(".").at(-1)!), text: `the reference rejects it with ${reason}`, reason }
      : { slug: "rejected", text: "the reference rejects it" };
  }
  const kinds = [...new Set(reasonsIn(parsed))];
  if (kinds.length > 0) return { slug: slugify(kinds[0]!.split(".").at(-1)!), text: `the reference reports ${kinds.join(", ")}` };
  return { slug: "", text: `the reference gives ${visibleText(answer.length > 80 ? `${answer.slice(0, 77)}…` : answer)}` };
}

/** Warning kinds and diagnostic reasons anywhere in an output. */
function reasonsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(reasonsIn);
  if (!isRecord(value)) return [];
  const own = [value.kind, value.reason].filter((v): v is string => typeof v === "string" && v.includes("."));
  return [...own, ...Object.values(value).flatMap(reasonsIn)];
}

/** What one input probes, from the reference's answer (its class text; undefined when it gave none). */
export function probeOf(op: string, input: Record<string, unknown>, answer: string | undefined): Probe {
  const rule = answerWords(answer);
  const fault = rule.reason === undefined ? null : faultOf(op, input, rule.reason);
  // With no rule or fault to name it by, a plain output is named by its edge values.
  const traps = [...trapsOf(input), ...(fault || rule.slug !== "" ? [] : edgesOf(input))];
  const first = fault?.slug ?? rule.slug;
  // A trap the lead already names ("type-empty" and the empty-string trap) is not repeated.
  const parts = [first, ...traps.map((t) => t.tag).filter((tag) => !`-${first}-`.includes(`-${tag}-`))].filter((p) => p !== "");
  const slug = parts.slice(0, SLUG_PARTS).join("-").slice(0, SLUG_MAX).replace(/-+$/, "") || slugify(op);
  const lead = fault ? `${fault.text}; ${rule.text}` : `${op}: ${rule.text}`;
  const shown = traps.slice(0, 5).map((t) => t.text);
  return { slug, summary: shown.length > 0 ? `${lead}. The input holds ${shown.join("; ")}` : lead };
}
