/**
 * report.json written piece by piece: one vector or case per line, never the whole report as one
 * string. A single JSON.stringify of a large run builds a string of hundreds of MB (and past
 * ~500 MB V8 refuses it); this keeps the write's extra memory to one record at a time. The file is
 * written end to end through a CheckedFile: on any failure the temp file is removed and nothing
 * replaces the target.
 */
import type { Report } from "../model/report.ts";
import { writeFileInPieces } from "../util/write-checked.ts";

/** Top-level keys in the order they are written; the two long arrays are streamed. */
const STREAMED = new Set(["vectors", "cases"]);

export function writeReportJson(path: string, report: Report): void {
  writeFileInPieces(path, reportPieces(report));
}

function* reportPieces(report: Report): Generator<string> {
  const entries = Object.entries(report).filter(([, v]) => v !== undefined);
  yield "{\n";
  for (const [i, [key, value]] of entries.entries()) {
    yield `${JSON.stringify(key)}: `;
    if (key === "cases") yield* arrayPieces(report.cases.texts?.() ?? jsonTexts(report.cases));
    else if (STREAMED.has(key)) yield* arrayPieces(jsonTexts(value as readonly unknown[]));
    else yield JSON.stringify(value);
    yield i < entries.length - 1 ? ",\n" : "\n";
  }
  yield "}\n";
}

function* jsonTexts(items: Iterable<unknown>): Generator<string> {
  for (const item of items) yield JSON.stringify(item);
}

/** Each item's JSON text, one per line; a run's case texts are copied from its case store as they were spooled. */
function* arrayPieces(texts: Iterable<string>): Generator<string> {
  let first = true;
  for (const text of texts) {
    yield first ? `[\n${text}` : `,\n${text}`;
    first = false;
  }
  yield first ? "[]" : "\n]";
}
