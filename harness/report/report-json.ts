/**
 * report.json written piece by piece: one vector or case per line, never the whole report as one
 * string. A single JSON.stringify of a large run builds a string of hundreds of MB (and past
 * ~500 MB V8 refuses it); this keeps the write's extra memory to one record at a time. The file is
 * written end to end through a CheckedFile: on any failure the temp file is removed and nothing
 * replaces the target.
 */
import type { Report } from "../model/report.ts";
import { CheckedFile } from "../util/write-checked.ts";

/** Top-level keys in the order they are written; the two long arrays are streamed. */
const STREAMED = new Set(["vectors", "cases"]);

export function writeReportJson(path: string, report: Report): void {
  const file = new CheckedFile(path);
  try {
    const entries = Object.entries(report).filter(([, v]) => v !== undefined);
    file.write("{\n");
    entries.forEach(([key, value], i) => {
      file.write(`${JSON.stringify(key)}: `);
      if (key === "cases") writeItems(file, report.cases.texts?.() ?? jsonTexts(report.cases));
      else if (STREAMED.has(key)) writeItems(file, jsonTexts(value as readonly unknown[]));
      else file.write(JSON.stringify(value));
      file.write(i < entries.length - 1 ? ",\n" : "\n");
    });
    file.write("}\n");
  } catch (error) {
    file.abort();
    throw error;
  }
  file.commit();
}

function* jsonTexts(items: Iterable<unknown>): Generator<string> {
  for (const item of items) yield JSON.stringify(item);
}

/** Each item's JSON text, one per line; a run's case texts are copied from its case store as they were spooled. */
function writeItems(file: CheckedFile, texts: Iterable<string>): void {
  let first = true;
  for (const text of texts) {
    file.write(first ? `[\n${text}` : `,\n${text}`);
    first = false;
  }
  file.write(first ? "[]" : "\n]");
}
