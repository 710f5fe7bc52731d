// Three shards merged equal the unsharded run: same cases, same statuses, same answers.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { shardOf } from "../../harness/corpus/shard.ts";
import { cli, tempOut } from "./cli-helpers.ts";

const ARGS = ["--impl", "reference,reference-subprocess", "--suite", "explicit-id,tlv,upstream-bundle-id,upstream-auth-error"];
const reportIn = (out: string) => join(out, readdirSync(out).find((d) => d !== "latest")!, "report.json");
const casesOf = (path: string) =>
  (JSON.parse(readFileSync(path, "utf8")).cases as Array<{ implementation: string; vector_id: string; status: string; result: unknown }>)
    .map((c) => `${c.implementation} ${c.vector_id} ${c.status} ${JSON.stringify(c.result)}`)
    .sort();

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
    expect((await cli(["merge", shards[0]!, shards[0]!, "--out", tempOut()])).stderr).toMatch(/the shards overlap/);
  }, 120_000);

  it("rejects a malformed --shard", async () => {
    const result = await cli(["run", "--impl", "reference", "--shard", "4/3"]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/--shard needs i\/n/);
  });
});
