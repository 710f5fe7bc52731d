/**
 * report.json written piece by piece: one vector or case per line, never the whole report as one
 * string. A single JSON.stringify of a large run builds a string of hundreds of MB (and past
 * ~500 MB V8 refuses it); this keeps the write's extra memory to one record at a time.
 */
import { closeSync, openSync, renameSync, writeSync } from "node:fs";
import type { Report } from "../model/report.ts";

/** Top-level keys in the order they are written; the two long arrays are streamed. */
const STREAMED = new Set(["vectors", "cases"]);

export function writeReportJson(path: string, report: Report): void {
  const temp = `${path}.${process.pid}.tmp`;
  const fd = openSync(temp, "w");
  let pending = "";
  const write = (text: string) => {
    pending += text;
    if (pending.length > 1 << 20) flush();
  };
  const flush = () => {
    writeSync(fd, pending);
    pending = "";
  };
  try {
    const entries = Object.entries(report).filter(([, v]) => v !== undefined);
    write("{\n");
    entries.forEach(([key, value], i) => {
      write(`${JSON.stringify(key)}: `);
      if (STREAMED.has(key)) writeArray(write, value as readonly unknown[]);
      else write(JSON.stringify(value));
      write(i < entries.length - 1 ? ",\n" : "\n");
    });
    write("}\n");
    flush();
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
}

function writeArray(write: (text: string) => void, items: readonly unknown[]): void {
  if (items.length === 0) {
    write("[]");
    return;
  }
  write("[\n");
  items.forEach((item, i) => {
    write(`${JSON.stringify(item)}${i < items.length - 1 ? ",\n" : "\n"}`);
  });
  write("]");
}
