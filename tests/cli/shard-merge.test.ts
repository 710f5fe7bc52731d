// Three shards merged equal the unsharded run: same cases, same statuses, same answers.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { shardOf } from "../../harness/corpus/shard.ts";
import { opDefinition } from "../../harness/model/operations.ts";
import { cli, tempOut } from "./cli-helpers.ts";

const ARGS = ["--impl", "reference,reference-subprocess", "--suite", "explicit-id,tlv,upstream-bundle-id,upstream-auth-error"];
const reportIn = (out: string) => join(out, readdirSync(out).find((d) => d !== "latest")!, "report.json");
const casesOf = (path: string) =>
  (
    JSON.parse(readFileSync(path, "utf8")).cases as Array<{
      implementation: string;
      vector_id: string;
      op: string;
      status: string;
      result: unknown;
    }>
  )
    .map((c) => `${c.implementation} ${c.vector_id} ${c.status} ${JSON.stringify(withoutEvidence(c.op, c.result))}`)
    .sort();

/** An answer without its op's evidence keys (a live case's elapsed_ms differs from run to run and is never compared). */
function withoutEvidence(op: string, result: unknown): unknown {
  const r = result as { kind?: string; output?: unknown };
  if (r?.kind !== "ok" || typeof r.output !== "object" || r.output === null) return result;
  const output = { ...(r.output as Record<string, unknown>) };
  for (const key of opDefinition(op)?.evidence_keys ?? []) delete output[key];
  return { ...r, output };
}

describe("sharding", () => {
  it("splits by vector id deterministically", () => {
    expect(shardOf("explicit-id/accepted/kebab", 3)).toBe(shardOf("explicit-id/accepted/kebab", 3));
    expect([1, 2, 3]).toContain(shardOf("x/y/z", 3));
  });

  it("--shard 1/3 … 3/3 then merge equals the unsharded run", async () => {
    const whole = tempOut();
    expect((await cli(["run", ...ARGS, "--out", whole])).exitCode).toBe(0);
    const shards = [];
    for (const i of [1, 2, 3]) {
      const out = tempOut();
      expect((await cli(["run", ...ARGS, "--shard", `${i}/3`, "--out", out])).exitCode).toBe(0);
      shards.push(reportIn(out));
    }
    const shardSizes = shards.map((p) => JSON.parse(readFileSync(p, "utf8")).vectors.length);
    expect(shardSizes.every((n) => n > 0)).toBe(true);
    const mergedOut = tempOut();
    const merge = await cli(["merge", ...shards, "--out", mergedOut]);
    expect(merge.exitCode).toBe(0);
    const merged = reportIn(mergedOut);
    expect(casesOf(merged)).toEqual(casesOf(reportIn(whole)));
    const summary = (p: string) => JSON.parse(readFileSync(p, "utf8")).summary;
    expect(summary(merged)).toEqual(summary(reportIn(whole)));
    expect((await cli(["audit", merged])).exitCode).toBe(0);
    // merge refuses what would look whole and is not (issue 20, item 8)
    const twice = await cli(["merge", shards[0]!, shards[0]!, "--out", tempOut()]);
    expect(twice.exitCode).toBe(2);
    expect(twice.stderr).toMatch(/shard 1\/3 is given twice/);
    const partial = await cli(["merge", shards[0]!, shards[1]!, "--out", tempOut()]);
    expect(partial.exitCode).toBe(2);
    expect(partial.stderr).toMatch(/shard 3\/3 missing: merge needs every shard of the run/);
    const foreignOut = tempOut();
    expect((await cli(["run", "--impl", "reference", "--suite", ARGS[3]!, "--shard", "3/3", "--out", foreignOut])).exitCode).toBe(0);
    const foreign = await cli(["merge", shards[0]!, shards[1]!, reportIn(foreignOut), "--out", tempOut()]);
    expect(foreign.exitCode).toBe(2);
    expect(foreign.stderr).toMatch(/has implementations "reference", report 1 \(\S+\) has "reference, reference-subprocess"/);
    const unsharded = await cli(["merge", reportIn(whole), "--out", tempOut()]);
    expect(unsharded.exitCode).toBe(2);
    expect(unsharded.stderr).toMatch(/is not a shard/);
    // compare names an implementation that disappeared, and fails
    const compare = await cli(["compare", reportIn(whole), reportIn(foreignOut)]);
    expect(compare.exitCode).toBe(1);
    expect(compare.stdout).toMatch(/removed implementations \(every case of each is gone\) \(1\):\n {2}reference-subprocess/);
    expect(compare.stdout).toMatch(/regressions: none/);
    // and one that appeared (not a failure: nothing was lost)
    const grown = await cli(["compare", reportIn(foreignOut), reportIn(whole), "--json"]);
    expect(grown.exitCode).toBe(0);
    expect(JSON.parse(grown.stdout)).toMatchObject({ added_implementations: ["reference-subprocess"], removed_implementations: [] });
  }, 240_000);

  it("rejects a malformed --shard", async () => {
    const result = await cli(["run", "--impl", "reference", "--shard", "4/3"]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/--shard needs i\/n/);
  });
});
