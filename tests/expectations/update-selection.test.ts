// --update-expectations for one promotion (issue 45, item 5): only the entries of the run's
// selection change, every other entry (pinned or not, in this file or another) stays byte for byte,
// and a new entry lands beside its siblings, not at the end.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { siblingIndex, updateExpectations } from "../../harness/expectations/update-expectations.ts";
import type { CaseRecord } from "../../harness/model/report.ts";

const at = (id: string, status: string, answer = "/accepted=true") =>
  ({ vector_id: id, implementation: "sdk", status, raw_status: status === "known_gap" ? "fail" : status, answer }) as unknown as CaseRecord;

const FILE = [
  "implementation: sdk",
  'sdk_version: "1.0.0"',
  "gaps:",
  "  # ---- explicit-id ----",
  "  - id: explicit-id/charset/a-space",
  "    status: fail",
  "    reason: unpinned, of another suite's promotion",
  "  - id: explicit-id/charset/c-tab",
  "    status: fail",
  "    answer: /accepted=true",
  "    reason: pinned",
  "  - id: explicit-id/dot/one",
  "    status: fail",
  "    reason: unpinned too",
  "  # ---- tlv ----",
  "  - { id: tlv/utf8/x, status: fail, reason: 'a flow entry' }",
  "",
].join("\n");

function scratch(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "smcp-select-")), "expectations.yaml");
  writeFileSync(file, text);
  return file;
}

describe("--update-expectations and the selection", () => {
  it("a promotion run of one new vector adds its entry beside its group and touches nothing else", () => {
    const file = scratch(FILE);
    // The run selected only the new vector (run --filter explicit-id/charset/b-nbsp): its only case.
    const summary = updateExpectations(file, "sdk", "1.0.0", [at("explicit-id/charset/b-nbsp", "fail")]);
    expect(summary).toMatchObject({ added: ["explicit-id/charset/b-nbsp"], pinned: [], repinned: [], removed: [] });
    expect(summary.left).toEqual(["explicit-id/charset/a-space", "explicit-id/charset/c-tab", "explicit-id/dot/one", "tlv/utf8/x"]);
    const text = readFileSync(file, "utf8");
    // In id order inside its group, between a-space and c-tab.
    expect(parse(text).gaps.map((g: { id: string }) => g.id)).toEqual([
      "explicit-id/charset/a-space",
      "explicit-id/charset/b-nbsp",
      "explicit-id/charset/c-tab",
      "explicit-id/dot/one",
      "tlv/utf8/x",
    ]);
    // Everything else byte for byte: the file less the new entry's lines is the file as it was.
    const added = /^ {2}- id: explicit-id\/charset\/b-nbsp\n(?: {4}.*\n)+/m;
    expect(text).toMatch(added);
    expect(text.replace(added, "")).toBe(FILE);
  });

  it("first in its group, a new entry goes under the comment heading the group", () => {
    const file = scratch(FILE);
    updateExpectations(file, "sdk", "1.0.0", [at("explicit-id/charset/0-nul", "fail")]);
    const text = readFileSync(file, "utf8");
    expect(text).toMatch(
      /^gaps:\n {2}# ---- explicit-id ----\n {2}- id: explicit-id\/charset\/0-nul\n(?: {4}.*\n)+ {2}- id: explicit-id\/charset\/a-space\n/m,
    );
  });

  it("an unpinned entry is pinned only when the run selected its vector", () => {
    const file = scratch(FILE);
    const summary = updateExpectations(file, "sdk", "1.0.0", [at("explicit-id/dot/one", "known_gap", '/reason="bundle_id.dot"')]);
    expect(summary.pinned).toEqual(["explicit-id/dot/one"]);
    const gaps = parse(readFileSync(file, "utf8")).gaps as Array<{ id: string; answer?: string }>;
    expect(gaps.find((g) => g.id === "explicit-id/dot/one")?.answer).toBe('/reason="bundle_id.dot"');
    expect(gaps.find((g) => g.id === "explicit-id/charset/a-space")?.answer).toBeUndefined();
  });

  it("a file with nothing in the selection is left byte for byte (another version's file in the same run)", () => {
    const file = scratch(FILE);
    updateExpectations(file, "sdk", "1.0.0", [at("window-uri/host/new", "pass")]);
    expect(readFileSync(file, "utf8")).toBe(FILE);
  });
});

describe("siblingIndex", () => {
  const ids = ["a/g/b", "a/g/d", "a/h/x", "b/g/y"];
  it("inside its group in id order, else after the group's last entry, else after its suite's, else at the end", () => {
    expect(siblingIndex(ids, "a/g/a")).toBe(0);
    expect(siblingIndex(ids, "a/g/c")).toBe(1);
    expect(siblingIndex(ids, "a/g/e")).toBe(2);
    expect(siblingIndex(ids, "a/i/new")).toBe(3);
    expect(siblingIndex(ids, "c/g/new")).toBe(4);
    // A group not written in id order: after its last entry.
    expect(siblingIndex(["a/g/d", "a/g/b", "a/h/x"], "a/g/c")).toBe(2);
  });
});
