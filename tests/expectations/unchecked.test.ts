// Promotion without building every version (issue 31 item 8): --unchecked <impl> with
// --update-expectations does not run the implementation, marks the selected vectors unchecked in
// its expectations file (which still loads), and a later run of it checks them and drops the marks.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadExpectations } from "../../harness/expectations/load-expectations.ts";
import { markUnchecked, uncheckedReason } from "../../harness/expectations/mark-unchecked.ts";
import { updateExpectations } from "../../harness/expectations/update-expectations.ts";
import type { CaseRecord } from "../../harness/model/report.ts";
import { cli, tempOut } from "../cli/cli-helpers.ts";

const at = (id: string, status: string) =>
  ({ vector_id: id, implementation: "rust@0.3.2", status, raw_status: status, answer: "x.y" }) as unknown as CaseRecord;

describe("unchecked marks", () => {
  it("mark what the file does not list, load, and are dropped once a run checks them", () => {
    const file = join(mkdtempSync(join(tmpdir(), "smcp-unchecked-")), "expectations@0.3.2.yaml");
    writeFileSync(file, "implementation: rust@0.3.2\ngaps:\n  - id: s/a/gap\n    status: fail\n    reason: a written reason\n");
    const mark = markUnchecked(file, "rust@0.3.2", ["s/a/gap", "s/a/new", "s/a/other"]);
    expect(mark).toMatchObject({ marked: ["s/a/new", "s/a/other"], listed: ["s/a/gap"] });
    expect(parse(readFileSync(file, "utf8")).unchecked).toEqual([
      { id: "s/a/new", reason: uncheckedReason("rust@0.3.2") },
      { id: "s/a/other", reason: uncheckedReason("rust@0.3.2") },
    ]);
    expect(loadExpectations(file, "rust@0.3.2").gaps.size).toBe(1); // the schema takes the list
    expect(markUnchecked(file, "rust@0.3.2", ["s/a/new"]).marked).toEqual([]); // not twice

    // rust@0.3.2 runs s/a/new (it fails): the mark goes, the failure becomes a gap to explain.
    const update = updateExpectations(file, "rust@0.3.2", "0.3.2", [at("s/a/gap", "known_gap"), at("s/a/new", "fail")]);
    expect(update.checked).toEqual(["s/a/new"]);
    const after = parse(readFileSync(file, "utf8"));
    expect(after.unchecked).toEqual([{ id: "s/a/other", reason: uncheckedReason("rust@0.3.2") }]);
    expect(after.gaps.map((g: { id: string }) => g.id)).toEqual(["s/a/gap", "s/a/new"]);
  });

  it("run --unchecked never starts the implementation and says its vectors are unverified", async () => {
    const dir = mkdtempSync(join(tmpdir(), "smcp-unchecked-"));
    const file = join(dir, "rust.yaml");
    writeFileSync(file, "implementation: rust@0.3.2\ngaps: []\n");
    const args = ["run", "--impl", "reference", "--filter", "tlv/lone-surrogate/*", "--unchecked", "rust@0.3.2"];
    const refused = await cli([...args, "--out", tempOut()]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/--unchecked goes with --update-expectations/);
    const result = await cli([...args, "--update-expectations", "--expectations", `rust@0.3.2=${file}`, "--out", tempOut()]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toMatch(
      /^rust@0\.3\.2: not run \(--unchecked\): 4 vectors unverified; expectations .*rust\.yaml: 4 marked unchecked$/m,
    );
    expect(result.stdout).not.toContain("rust@0.3.2 ");
    expect(parse(readFileSync(file, "utf8")).unchecked).toHaveLength(4);
  }, 120_000);
});
