// The GitHub Action's run step (.github/action/run-kit.sh) run here as the runner would run it:
// the inputs it turns into `run` arguments, and a real run whose failures become annotations, a
// step summary and the step's outputs. action.yml and the workflow examples are checked against
// each other (every input they use is declared, every env the script reads is mapped).
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SCRIPT = join(ROOT, ".github", "action", "run-kit.sh");
const BUGGY = fileURLToPath(new URL("../fixtures/buggy-adapter.ts", import.meta.url));

interface ActionFile {
  inputs: Record<string, unknown>;
  runs: { using: string; steps: { id?: string; env?: Record<string, string>; run?: string }[] };
}

const action = parse(readFileSync(join(ROOT, "action.yml"), "utf8")) as ActionFile;

function script(env: Record<string, string>) {
  return execa("bash", [SCRIPT], { env: { KIT_DIR: ROOT, ...env }, reject: false, all: true, cwd: ROOT });
}

describe("the action's run step", () => {
  it("action.yml is a composite action whose run step maps every input the script reads", () => {
    expect(action.runs.using).toBe("composite");
    const run = action.runs.steps.find((s) => s.id === "run")!;
    const read = new Set([...readFileSync(SCRIPT, "utf8").matchAll(/\$\{(INPUT_[A-Z_]+)/g)].map((m) => m[1]!));
    expect([...read].sort()).toEqual(
      Object.keys(run.env ?? {})
        .filter((k) => k.startsWith("INPUT_"))
        .sort(),
    );
    for (const value of Object.values(run.env ?? {})) {
      const input = /inputs\.([a-z-]+)/.exec(value)?.[1];
      if (input) expect(action.inputs, `input ${input}`).toHaveProperty(input);
    }
  });

  it("the workflow examples use only inputs action.yml declares", () => {
    for (const file of ["python-sdk.yml", "rust-sdk.yml"]) {
      const workflow = parse(readFileSync(join(ROOT, ".github", "examples", file), "utf8")) as {
        jobs: Record<string, { steps: { uses?: string; with?: Record<string, unknown> }[] }>;
      };
      const uses = Object.values(workflow.jobs).flatMap((j) => j.steps.filter((s) => s.uses?.includes("smcp-conformance@")));
      expect(uses.length, file).toBeGreaterThan(0);
      for (const step of uses) for (const key of Object.keys(step.with ?? {})) expect(action.inputs, `${file}: ${key}`).toHaveProperty(key);
    }
  });

  it("turns the inputs into run arguments: one --adapter / --expectations per line, blanks dropped", async () => {
    const result = await script({
      SMCP_ACTION_DRY_RUN: "1",
      INPUT_IMPLEMENTATIONS: "python@path:.,reference",
      INPUT_ADAPTERS: "mine=python3 'my adapter.py'\n\n",
      INPUT_EXPECTATIONS: "  python@path:.=ci/known-gaps.yaml  \n\nmine=ci/mine.yaml",
      INPUT_SUITES: "bundle-id,env-var",
      INPUT_SHARD: "2/3",
      INPUT_ARGS: "--strict-protocol --window 8",
      INPUT_OUT: "out",
    });
    expect(result.exitCode).toBe(0);
    expect(result.stdout.split("\n").slice(2)).toEqual([
      "run",
      "--out",
      "out",
      "--impl",
      "python@path:.,reference",
      "--adapter",
      "mine=python3 'my adapter.py'",
      "--expectations",
      "python@path:.=ci/known-gaps.yaml",
      "--expectations",
      "mine=ci/mine.yaml",
      "--suite",
      "bundle-id,env-var",
      "--shard",
      "2/3",
      "--strict-protocol",
      "--window",
      "8",
    ]);
  });

  it("a kit version installs that package instead of using the action's checkout", async () => {
    const result = await script({ SMCP_ACTION_DRY_RUN: "1", KIT_VERSION: "0.1.0", RUNNER_TEMP: "/runner-temp" });
    expect(result.stdout.split("\n")[0]).toBe("/runner-temp/smcp-conformance-kit/node_modules/.bin/smcp-conformance");
  });

  it("a real run: failures become annotations, the matrix goes to the step summary, outputs name the exit code and report", async () => {
    const dir = mkdtempSync(join(tmpdir(), "smcp-action-"));
    const summary = join(dir, "summary.md");
    const output = join(dir, "output.txt");
    const result = await script({
      GITHUB_ACTIONS: "true",
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_OUTPUT: output,
      INPUT_IMPLEMENTATIONS: "reference",
      INPUT_ADAPTERS: `buggy=${process.execPath} --import ${import.meta.resolve("tsx")} ${BUGGY} --bug no-fold`,
      INPUT_SUITES: "bundle-id",
      INPUT_OUT: join(dir, "reports"),
    });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/^::error title=buggy bundle-id\/[^\n]+\(fail\)::/m);
    expect(result.stdout).not.toMatch(/^::error title=reference /m);
    expect(readFileSync(summary, "utf8")).toMatch(/\| implementation \| SDK \|/);
    expect(readFileSync(output, "utf8")).toBe(`exit-code=1\nreport=${join(dir, "reports")}/latest/report.json\n`);
    const report = JSON.parse(readFileSync(join(dir, "reports", "latest", "report.json"), "utf8"));
    expect(report.implementations.map((i: { name: string }) => i.name)).toEqual(["reference", "buggy"]);
  }, 240_000);
});
