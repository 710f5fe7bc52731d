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
      if (STREAMED.has(key)) writeArray(file, value as readonly unknown[]);
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

function writeArray(file: CheckedFile, items: readonly unknown[]): void {
  if (items.length === 0) {
    file.write("[]");
    return;
  }
  file.write("[\n");
  items.forEach((item, i) => {
    file.write(`${JSON.stringify(item)}${i < items.length - 1 ? ",\n" : "\n"}`);
  });
  file.write("]");
}
