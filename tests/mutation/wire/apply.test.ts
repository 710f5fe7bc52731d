/** Each wire mutant changes its one span and nothing else, and its key reads like the data rules' keys. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { applyMutant, offsetOf, sliceSpan } from "./apply.ts";
import { enumerateMutants } from "./mutants.ts";

describe("a wire mutant applied", () => {
  it("replaces exactly its span", () => {
    const text = "const a = 1;\nif (a > 0) go();\n";
    const span = { start: { line: 2, column: 5 }, end: { line: 2, column: 10 } };
    expect(sliceSpan(text, span)).toBe("a > 0");
    expect(applyMutant(text, { span, replacement: "true" })).toBe("const a = 1;\nif (true) go();\n");
    expect(() => offsetOf(text, { line: 9, column: 1 })).toThrow(RangeError);
  });

  it("changes one site of a reference file per mutant, with Stryker's operators and keys", async () => {
    const file = "adapters/reference/computer/computer.ts";
    const source = readFileSync(file, "utf8");
    const mutants = await enumerateMutants(".", [{ file, role: "computer" }]);
    expect(mutants.length).toBeGreaterThan(0);
    for (const m of mutants) {
      const out = applyMutant(source, m);
      const start = offsetOf(source, m.span.start);
      const end = offsetOf(source, m.span.end);
      expect(out.slice(0, start)).toBe(source.slice(0, start));
      expect(out.slice(start + m.replacement.length)).toBe(source.slice(end));
      expect(m.key).toBe(
        `${file}:${m.span.start.line}:${m.span.start.column}-${m.span.end.line}:${m.span.end.column} ${m.operator} ${JSON.stringify(m.replacement)}`,
      );
      expect(m.original).toBe(source.slice(start, end));
    }
  });
});
