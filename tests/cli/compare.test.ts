// compare lists exactly the regression injected between two real runs.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cli, tempOut } from "./cli-helpers.ts";

const FIXTURE = fileURLToPath(new URL("../fixtures/fault-adapter.ts", import.meta.url));

async function runWith(flags: string): Promise<string> {
  const out = tempOut();
  const adapter = `f=${process.execPath} --import ${import.meta.resolve("tsx")} ${FIXTURE} ${flags}`;
  await cli(["run", "--adapter", adapter, "--suite", "explicit-id", "--out", out]);
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
});
