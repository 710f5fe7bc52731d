// compare lists exactly the regression injected between two real runs.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cli, tempOut } from "./cli-helpers.ts";

const FIXTURE = fileURLToPath(new URL("../fixtures/fault-adapter.ts", import.meta.url));

async function runWith(flags: string, name = "f", more: string[] = []): Promise<string> {
  const out = tempOut();
  const adapter = `${name}=${process.execPath} --import ${import.meta.resolve("tsx")} ${FIXTURE} ${flags}`;
  await cli(["run", "--adapter", adapter, ...more, "--suite", "explicit-id", "--out", out]);
  return join(out, readdirSync(out).find((d) => d !== "latest")!, "report.json");
}

describe("smcp-conformance compare", () => {
  it("lists exactly the injected regression, and exits 1", async () => {
    const before = await runWith("");
    const after = await runWith("--crash-when github-mcp");
    const result = await cli(["compare", before, after, "--json"]);
    expect(result.exitCode).toBe(1);
    const comparison = JSON.parse(result.stdout);
    expect(comparison.regressions).toHaveLength(1);
    expect(comparison.regressions[0]).toMatchObject({ implementation: "f", before: "pass", after: "crash" });
    expect(comparison).toMatchObject({ fixes: [], changed: [], added_vectors: [], removed_vectors: [], content_changed: [] });
    const reverse = await cli(["compare", after, before]);
    expect(reverse.exitCode).toBe(0);
    expect(reverse.stdout).toMatch(/^fixes \(1\):\n {2}f explicit-id\/\S+: crash → pass$/m);
  }, 60_000);

  it("--pair compares only the paired implementations: the release run's others are named, not counted, and it exits 0", async () => {
    const release = await runWith("", "f", ["--impl", "reference"]);
    const checkout = await runWith("", "g");
    const result = await cli(["compare", release, checkout, "--pair", "f=g"]);
    expect(result.stdout.split("\n")[0]).toBe(`not compared (not named by --pair): reference of ${release}`);
    expect(result.stdout).toMatch(/^removed implementations \(every case of each is gone\): none$/m);
    expect(result.stdout).toMatch(/^regressions: none$/m);
    expect(result.exitCode).toBe(0);
    const json = JSON.parse((await cli(["compare", release, checkout, "--pair", "f=g", "--json"])).stdout);
    expect(json.not_paired).toEqual({ before: ["reference"], after: [] });
    // The same two reports unpaired: f and reference are gone, so the comparison fails.
    expect((await cli(["compare", release, checkout])).exitCode).toBe(1);
  }, 60_000);
});
