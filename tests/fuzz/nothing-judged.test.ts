// The fuzz gate fails an adapter it could judge nothing of (issue 32): one that answers only
// `unsupported`, claims no operation, or only faults used to pass with "0 new kinds".
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { judgeKinds, nothingJudged } from "../../harness/fuzz/gate.ts";
import { cli } from "../cli/cli-helpers.ts";

const FIXTURE = fileURLToPath(new URL("../fixtures/fault-adapter.ts", import.meta.url));
const adapter = (name: string, flag: string) => `${name}=node --import ${import.meta.resolve("tsx")} ${FIXTURE} ${flag}`;
const fuzzWith = (spec: string, runs = "60") =>
  cli([
    "fuzz",
    "--impl",
    "reference",
    "--adapter",
    spec,
    "--op",
    "bundle_id.normalize",
    "--runs",
    runs,
    "--out",
    mkdtempSync(join(tmpdir(), "fuzz-")),
  ]);

describe("the fuzz gate and an adapter with nothing judged", () => {
  it("names an implementation whose answers were all unsupported or faults, and passes one that answered", () => {
    const answered = {
      reference: { judged: 10, unsupported: 0, faults: 0 },
      quiet: { judged: 0, unsupported: 10, faults: 0 },
      crashy: { judged: 0, unsupported: 2, faults: 8 },
      some: { judged: 1, unsupported: 9, faults: 0 },
    };
    expect(nothingJudged(answered).map((u) => u.implementation)).toEqual(["quiet", "crashy"]);
    expect(judgeKinds([], new Map(), ["bundle_id.normalize"], true, answered).unjudged).toHaveLength(2);
    expect(judgeKinds([], new Map(), ["bundle_id.normalize"]).unjudged).toEqual([]);
  });

  it("an adapter answering only unsupported fails the gate (exit 1), naming it", async () => {
    const result = await fuzzWith(adapter("quiet", "--unsupported-all"));
    expect(result.stdout).toMatch(/nothing judged: quiet gave no comparable answer \(60 unsupported or not applicable answers, 0 faults\)/);
    expect(result.stdout).toMatch(/fuzz gate: 0 new kinds of disagreement, 0 known, 0 stale, 1 implementation with nothing judged/);
    expect(result.exitCode).toBe(1);
  }, 60_000);

  it("an adapter that claims no operation is never asked, and fails the gate", async () => {
    const result = await fuzzWith(adapter("noops", "--no-operations"));
    expect(result.stdout).toMatch(/nothing judged: noops gave no comparable answer \(60 unsupported/);
    expect(result.exitCode).toBe(1);
  }, 60_000);

  it("an adapter that answers like the reference passes", async () => {
    const result = await fuzzWith(adapter("twin", "--tag twin"));
    expect(result.stdout).not.toMatch(/nothing judged/);
    expect(result.exitCode).toBe(0);
  }, 60_000);
});
