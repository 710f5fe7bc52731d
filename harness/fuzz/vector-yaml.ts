/**
 * Candidate vectors written the way the corpus is written by hand: block YAML, one key a line,
 * small values as flow maps (`{ alias: search }`), plain scalars where YAML reads them back as the
 * same string, long descriptions folded. Anything a reviewer could not see (zero-width, combining,
 * controls, lone surrogates…) is a `\uXXXX` escape inside a quoted string. Every text is parsed
 * back and compared before it is returned, so a writer bug is an exception, never a wrong vector.
 */
import { parse } from "yaml";
import type { VectorFileToWrite, VectorToWrite } from "../corpus/vector-file-text.ts";
import { visibleJson } from "../corpus/vector-file-text.ts";
import { canonicalJson } from "../util/canonical-json.ts";

/** Lines are kept to this width where YAML allows (long strings stay whole). */
const WIDTH = 100;

/** Plain scalars: ASCII words a reader takes for text (no indicator, no `: `, no ` #`). */
const PLAIN = /^[A-Za-z][A-Za-z0-9_./@()+-]*( [A-Za-z0-9_./@()+-]+)*$/;
/** Words YAML 1.1 readers (and people) take for booleans or null: always quoted. */
const LOOKS_TYPED = /^(y|n|yes|no|on|off|true|false|null|nan|inf)$/i;
/** Characters a folded block would turn into something else, or hide. */
const NOT_FOLDABLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Mn}\p{Me}\p{Zl}\p{Zp}\p{Cs}\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]|\s\s|^\s|\s$/u;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** One scalar (or a key) as YAML text: plain when it reads back the same, else a JSON string. */
export function scalarText(value: unknown): string {
  if (typeof value !== "string") return JSON.stringify(value);
  if (PLAIN.test(value) && !LOOKS_TYPED.test(value) && parse(`k: ${value}`)?.k === value) return value;
  return visibleJson(value);
}

/** A value as one flow-style line: `{ a: 1, b: [x, y] }`. */
export function flowText(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? "[]" : `[${value.map(flowText).join(", ")}]`;
  if (isRecord(value)) {
    const entries = Object.entries(value);
    return entries.length === 0 ? "{}" : `{ ${entries.map(([k, v]) => `${scalarText(k)}: ${flowText(v)}`).join(", ")} }`;
  }
  return scalarText(value);
}

const pad = (n: number): string => " ".repeat(n);

/** `key: value` at `indent`, flow when it fits the width, else a block map or list below the key. */
function entryLines(key: string, value: unknown, indent: number): string[] {
  const head = `${pad(indent)}${scalarText(key)}:`;
  const flow = flowText(value);
  const collection = Array.isArray(value) ? value.length > 0 : isRecord(value) && Object.keys(value).length > 0;
  if (!collection || head.length + 1 + flow.length <= WIDTH) return [`${head} ${flow}`];
  if (Array.isArray(value)) return [head, ...value.flatMap((item) => itemLines(item, indent + 2))];
  return [head, ...Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => entryLines(k, v, indent + 2))];
}

/** One list item at `indent`: `- value`, or a block map whose first key sits after the dash. */
function itemLines(value: unknown, indent: number): string[] {
  const flow = flowText(value);
  const collection = Array.isArray(value) ? value.length > 0 : isRecord(value) && Object.keys(value).length > 0;
  if (!collection || indent + 2 + flow.length <= WIDTH) return [`${pad(indent)}- ${flow}`];
  const inner = Array.isArray(value)
    ? value.flatMap((item) => itemLines(item, indent + 2))
    : Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => entryLines(k, v, indent + 2));
  return [`${pad(indent)}- ${inner[0]!.slice(indent + 2)}`, ...inner.slice(1)];
}

/** A description: one line when it fits, folded (`>-`) over several when it is long plain prose. */
function proseLines(key: string, text: string, indent: number): string[] {
  const head = `${pad(indent)}${key}:`;
  if (head.length + 1 + scalarText(text).length <= WIDTH || NOT_FOLDABLE.test(text)) return [`${head} ${scalarText(text)}`];
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && indent + 2 + line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  lines.push(line);
  return [`${head} >-`, ...lines.map((l) => `${pad(indent + 2)}${l}`)];
}

/** The lines of one vector as an item of `vectors:`, the dash at `indent`. */
export function vectorLines(v: VectorToWrite, indent = 2): string[] {
  const inner = indent + 2;
  const body = [
    `${pad(inner)}id: ${v.id}`,
    ...proseLines("description", v.description, inner),
    ...entryLines("spec", v.spec, inner),
    `${pad(inner)}tier: ${v.tier}`,
    // One flow line whatever its length, as the corpus writes covers by hand.
    ...(v.covers !== undefined ? [`${pad(inner)}covers: ${flowText(v.covers)}`] : []),
    `${pad(inner)}op: ${v.op}`,
    ...entryLines("input", v.input, inner),
    ...(v.expected !== undefined ? entryLines("expected", v.expected, inner) : []),
    ...(v.expected_error !== undefined ? entryLines("expected_error", v.expected_error, inner) : []),
    ...(v.provenance !== undefined ? entryLines("provenance", v.provenance, inner) : []),
  ];
  return [`${pad(indent)}- ${body[0]!.slice(inner)}`, ...body.slice(1)];
}

/** The file's top: suite, description, provenance and `vectors:`, ready for items. */
export function fileHeaderText(file: Omit<VectorFileToWrite, "vectors">): string {
  return [
    `suite: ${file.suite}`,
    ...proseLines("description", file.description, 0),
    ...entryLines("provenance", file.provenance, 0),
    "vectors:",
  ]
    .map((l) => `${l}\n`)
    .join("");
}

/** Items for `vectors:` (a blank line between vectors, as in the corpus), checked by parsing them back. */
export function vectorItemsText(vectors: readonly VectorToWrite[], indent = 2, comment?: string): string {
  const blocks = vectors.map((v) => vectorLines(v, indent).join("\n"));
  const text = `${comment === undefined ? "" : `${pad(indent)}# ${comment}\n`}${blocks.join("\n\n")}\n`;
  const back = parse(`vectors:\n${text}`) as { vectors: unknown };
  const wanted = vectors.map((v) => JSON.parse(JSON.stringify(v)) as unknown);
  if (canonicalJson(back.vectors) !== canonicalJson(wanted)) throw new Error("internal: candidate YAML does not read back as written");
  return text;
}

/** A whole vector file in the corpus's style. */
export function vectorFileYaml(file: VectorFileToWrite): string {
  return `${fileHeaderText(file)}${vectorItemsText(file.vectors)}`;
}
