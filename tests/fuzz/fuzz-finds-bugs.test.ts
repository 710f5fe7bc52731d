/**
 * Fuzzing against a deliberately wrong adapter: the divergence is found within the run budget
 * and shrunk, through the subprocess, to a case of a few characters; the path replays it.
 */

import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { minimalEnv } from "../../harness/driver/adapter-env.ts";
import { SubprocessImplementation } from "../../harness/driver/subprocess-implementation.ts";
import { fuzz } from "../../harness/fuzz/fuzz-run.ts";
import { replayInput } from "../../harness/fuzz/shrink.ts";
import { OP_ARBITRARIES } from "../../harness/generators/index.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import type { Implementation } from "../../harness/model/implementation.ts";

const FIXTURE = fileURLToPath(new URL("../fixtures/buggy-adapter.ts", import.meta.url));

function buggy(bug: string): SubprocessImplementation {
  return new SubprocessImplementation("buggy", {
    file: process.execPath,
    args: ["--import", import.meta.resolve("tsx"), FIXTURE, "--bug", bug],
    env: minimalEnv(),
  });
}

async function fuzzAgainst(bug: string, op: string) {
  const implementations: Implementation[] = [referenceInProcess(), buggy(bug)];
  for (const impl of implementations) await impl.start();
  try {
    return await fuzz({
      ops: [op],
      arbitraries: OP_ARBITRARIES,
      seed: 20261129,
      runs: 3000,
      timeBudgetMs: 60_000,
      implementations,
      shrinksPerSignature: 2,
    });
  } finally {
    for (const impl of implementations) await impl.stop();
  }
}

describe("fuzz against a deliberately wrong adapter", () => {
  it("finds a normaliser that does not fold '__' and shrinks it to a few characters", async () => {
    const summary = await fuzzAgainst("no-fold", "bundle_id.normalize");
    expect(summary.disagreeing).toBeGreaterThan(0);
    expect(summary.groups).toHaveLength(1);
    const [group] = summary.groups;
    expect(group!.partition).toBe("buggy | reference");
    const name = group!.input.name as string;
    expect([...name].length).toBeLessThanOrEqual(4);
    expect(group!.classes.map((c) => c.answer).sort()).toEqual(expect.arrayContaining([expect.stringContaining("__")]));
    expect(replayInput(OP_ARBITRARIES["bundle_id.normalize"]!, group!.seed, group!.path)).toEqual(group!.input);
    expect(summary.pairs).toEqual({ "buggy~reference": summary.disagreeing });
  }, 120_000);

  it("finds map keys sorted by UTF-16 code unit and shrinks to a two-key map of short keys", async () => {
    const summary = await fuzzAgainst("utf16-sort", "bundle_id.identity_bytes");
    expect(summary.groups.length).toBeGreaterThanOrEqual(1);
    const group = summary.groups[0]!;
    const config = group.input.config as { server_parameters: Record<string, unknown> };
    const map = (config.server_parameters.env ?? config.server_parameters.headers) as Record<string, string>;
    const keys = Object.keys(map);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect([...key].length).toBeLessThanOrEqual(2);
    // The trap itself: UTF-16 order and code-point order disagree on these keys.
    const byUnit = [...keys].sort();
    const byCodePoint = [...keys].sort((a, b) => (a.codePointAt(0)! < b.codePointAt(0)! ? -1 : 1));
    expect(byUnit).not.toEqual(byCodePoint);
    expect(replayInput(OP_ARBITRARIES["bundle_id.identity_bytes"]!, group.seed, group.path)).toEqual(group.input);
  }, 120_000);

  it("reports no disagreement between the reference and itself behind a subprocess", async () => {
    const implementations: Implementation[] = [referenceInProcess(), buggy("none")];
    for (const impl of implementations) await impl.start();
    const summary = await fuzz({
      ops: ["bundle_id.normalize", "bundle_id.identity_bytes"],
      arbitraries: OP_ARBITRARIES,
      seed: 7,
      runs: 2000,
      implementations,
      shrinksPerSignature: 2,
    });
    for (const impl of implementations) await impl.stop();
    expect(summary.cases).toBe(2000);
    expect(summary.groups).toEqual([]);
  }, 120_000);
});
