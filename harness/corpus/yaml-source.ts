/** Parses a YAML (or JSON) file keeping positions, so any JSON pointer maps back to a line. */
import { type Document, isAlias, isMap, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import { keyOfToken, pointerToken } from "../util/json-pointer.ts";
import { CorpusError } from "./errors.ts";
import { cachedParse, keepParse } from "./parse-cache.ts";
import { yamlToJson } from "./yaml-json.ts";

export interface SourceFile {
  readonly file: string;
  readonly data: unknown;
  /** 1-based line of the deepest node the pointer reaches (its key's line for a map entry). */
  lineOf(pointer: string): number;
}

export function parseSource(file: string, text: string): SourceFile {
  const kept = cachedParse(text);
  if (kept !== undefined) {
    // Only the shallow lines are kept (the vectors', the entries' ids); any other pointer, which
    // only a problem asks for, parses the text again.
    let parsed: SourceFile | undefined;
    const lineOf = (pointer: string) => kept.lines[pointer] ?? (parsed ??= parseFresh(file, text).source).lineOf(pointer);
    return { file, data: kept.data, lineOf };
  }
  const { source, lines } = parseFresh(file, text);
  keepParse(text, { data: source.data, lines: lines() });
  return source;
}

/** How deep the kept line table goes: `/vectors/3/id` is the deepest a loaded file asks for. */
const KEPT_LINE_DEPTH = 3;

function parseFresh(file: string, text: string): { source: SourceFile; lines: () => Record<string, number> } {
  const lineCounter = new LineCounter();
  let doc: Document;
  try {
    doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, schema: "core" });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new CorpusError([{ code: "corpus.too_large", file, message: `nested too deeply to parse (${error.message})` }]);
  }
  const first = doc.errors[0];
  if (first) {
    // Only the first: the parser's later errors are mostly echoes of it.
    const more = doc.errors.length > 1 ? ` (and ${doc.errors.length - 1} follow-on errors)` : "";
    const line = lineCounter.linePos(first.pos[0]).line;
    const vectorId = enclosingVectorId(text, line);
    throw new CorpusError([
      {
        code: "corpus.yaml_syntax",
        file,
        line,
        ...(vectorId ? { vectorId } : {}),
        message: `YAML syntax error: ${first.message.split("\n")[0]}${more}`,
      },
    ]);
  }
  const { value: data, problems } = yamlToJson(doc, lineCounter, file, text);
  for (const warning of doc.warnings)
    problems.push({
      code: "corpus.not_json",
      file,
      line: lineCounter.linePos(warning.pos[0]).line,
      message: warning.message.split("\n")[0]!,
    });
  if (problems.length > 0)
    throw new CorpusError(
      problems.map((p) => {
        const vectorId = p.line === undefined ? undefined : enclosingVectorId(text, p.line);
        return vectorId ? { ...p, vectorId } : p;
      }),
    );
  const lineOf = (pointer: string) => lineCounter.linePos(offsetOf(doc, pointer)).line;
  const lines = () => {
    const table: Record<string, number> = {};
    for (const pointer of shallowPointers(doc, doc.contents, "", KEPT_LINE_DEPTH)) table[pointer] = lineOf(pointer);
    return table;
  };
  return { source: { file, data, lineOf }, lines };
}

/** Every pointer into the document down to `depth` segments. */
function* shallowPointers(doc: Document, node: unknown, at: string, depth: number): Generator<string> {
  yield at;
  if (depth === 0) return;
  if (isAlias(node)) node = node.resolve(doc);
  if (isMap(node)) {
    for (const pair of node.items) {
      const key = String((pair.key as { value?: unknown } | null)?.value ?? pair.key);
      yield* shallowPointers(doc, pair.value, `${at}/${pointerToken(key)}`, depth - 1);
    }
  } else if (isSeq(node)) {
    for (let i = 0; i < node.items.length; i++) yield* shallowPointers(doc, node.items[i], `${at}/${i}`, depth - 1);
  }
}

/** The text cannot be parsed, so the id comes from the nearest `- id:` line at or above the error. */
function enclosingVectorId(text: string, line: number): string | undefined {
  const lines = text.split("\n").slice(0, line);
  for (let i = lines.length - 1; i >= 0; i--) {
    const match = /^\s*-\s+id:\s*["']?([^"'\s#]+)/.exec(lines[i]!);
    if (match) return match[1];
  }
  return undefined;
}

function offsetOf(doc: Document, pointer: string): number {
  const segments = pointer === "" ? [] : pointer.split("/").slice(1).map(keyOfToken);
  let node: unknown = doc.contents;
  let offset = (doc.contents as Node | null)?.range?.[0] ?? 0;
  for (const segment of segments) {
    if (isAlias(node)) node = node.resolve(doc);
    if (isMap(node)) {
      const pair = node.items.find((p) => String((p.key as { value?: unknown } | null)?.value ?? p.key) === segment);
      if (!pair) break;
      offset = (pair.key as Node | null)?.range?.[0] ?? offset;
      node = pair.value;
    } else if (isSeq(node)) {
      const item = node.items[Number(segment)] as Node | undefined;
      if (!item) break;
      offset = item.range?.[0] ?? offset;
      node = item;
    } else {
      break;
    }
  }
  return offset;
}
