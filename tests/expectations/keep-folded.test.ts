// --update-expectations keeps folded (`>`) and literal (`|`) reasons as they were written: the
// rewrite printed at line width 0 joined a folded reason's lines into one (issue 31).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { updateExpectations } from "../../harness/expectations/update-expectations.ts";
import type { CaseRecord } from "../../harness/model/report.ts";

const failing = (id: string, status = "fail") =>
  ({ vector_id: id, implementation: "sdk", status, raw_status: "fail", answer: "bundle_id.dot" }) as unknown as CaseRecord;

describe("block-scalar reasons", () => {
  it("survive a rewrite byte for byte, at whatever indentation the file used, beside a new entry", () => {
    const dir = mkdtempSync(join(tmpdir(), "smcp-folded-"));
    const file = join(dir, "expectations.yaml");
    const folded = [
      "    reason: >",
      "      The SDK trims the text before it joins it; the spec",
      "      says the body is the texts joined.",
      "",
      "      Second paragraph.",
      "",
    ];
    const literal = ["  reason: |-", "    line one", "      indented line two"];
    writeFileSync(
      file,
      [
        "implementation: sdk",
        "gaps:",
        "  # written by a person",
        "  - id: s/a/one",
        "    status: fail",
        "    answer: bundle_id.dot",
        ...folded,
        "interop: []",
        "",
      ].join("\n"),
    );
    updateExpectations(file, "sdk", "1.0.0", [failing("s/a/one", "known_gap"), failing("s/a/two")]);
    const text = readFileSync(file, "utf8");
    expect(text).toContain(folded.slice(0, 5).join("\n"));
    expect(text).toContain("  # written by a person");
    expect(text).toMatch(/- id: s\/a\/two\n {4}status: fail\n {4}answer: bundle_id.dot\n {4}reason: "TODO/);
    expect(text.match(/- id: s\/a\/one/g)).toHaveLength(1);

    // A file whose items sit at column 0 under gaps: the block is re-indented under its key, same text.
    writeFileSync(
      file,
      ["implementation: sdk", "gaps:", "- id: s/a/one", "  status: fail", "  answer: bundle_id.dot", ...literal, ""].join("\n"),
    );
    updateExpectations(file, "sdk", "1.0.0", [failing("s/a/one", "known_gap")]);
    const again = readFileSync(file, "utf8");
    expect(again).toContain("    reason: |-\n      line one\n        indented line two\n");
    expect(parse(again).gaps[0].reason).toBe("line one\n  indented line two");
  });
});

describe("interop entries", () => {
  it("are kept as written, and not counted as entries the run left unchecked: their cases are no one implementation's", () => {
    const dir = mkdtempSync(join(tmpdir(), "smcp-interop-entry-"));
    const file = join(dir, "expectations.yaml");
    const entry = [
      "  - id: wire-interop/round-trip/whole-scenario",
      "    role: server",
      "    with: { agent: python }",
      "    status: fail",
      "    reason: a race in the Server",
    ];
    writeFileSync(file, ["implementation: sdk", "gaps:", ...entry, ""].join("\n"));
    const summary = updateExpectations(file, "sdk", "1.0", [failing("s/a/new")]);
    expect(summary.added).toEqual(["s/a/new"]);
    expect(summary.left).toEqual([]);
    expect(readFileSync(file, "utf8")).toContain(entry.join("\n"));
  });
});
