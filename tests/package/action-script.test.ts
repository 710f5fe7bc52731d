// The GitHub Action's run step (.github/action/run-kit.sh) run here as the runner would run it:
// the inputs it turns into `run` arguments, and a real run whose failures become annotations, a
// step summary and the step's outputs. action.yml and the workflow examples are checked against
// each other (every input they use is declared, every env the script reads is mapped).
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SCRIPT = join(ROOT, ".github", "action", "run-kit.sh");
const BUGGY = fileURLToPath(new URL("../fixtures/buggy-adapter.ts", import.meta.url));

interface ActionFile {
  inputs: Record<string, unknown>;
  runs: {
    using: string;
    steps: { id?: string; name?: string; env?: Record<string, string>; run?: string; with?: Record<string, string> }[];
  };
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

  it("links vectors at the repository and ref the action was used at, read from the action's folder", async () => {
    const at = (env: Record<string, string>) => script({ SMCP_ACTION_DRY_RUN: "1", ...env }).then((r) => r.stderr);
    expect(await at({ KIT_DIR: "/home/runner/work/_actions/acme/smcp-conformance/v0.1.0" })).toBe("links: acme/smcp-conformance@v0.1.0");
    expect(await at({ KIT_DIR: "/home/runner/work/_actions/acme/smcp-conformance/feature/x" })).toBe(
      "links: acme/smcp-conformance@feature/x",
    );
    // An installed kit version: the repository only (the kit links at its release tag v<version>).
    expect(await at({ KIT_DIR: "/w/_actions/acme/smcp-conformance/main", KIT_VERSION: "0.1.0", RUNNER_TEMP: "/t" })).toBe(
      "links: acme/smcp-conformance@v<version>",
    );
    expect(await at({ KIT_DIR: "/w/_actions/acme/kit/main", SMCP_KIT_REPOSITORY: "https://git.example/k", SMCP_KIT_REF: "abc" })).toBe(
      "links: https://git.example/k@abc",
    );
    expect(await at({})).toBe(""); // a clone: no repository known
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
      SMCP_KIT_REPOSITORY: "acme/smcp-conformance",
      SMCP_KIT_REF: "v0.1.0",
    });
    expect(result.exitCode).toBe(1);
    // No known-gaps file of the SDK's: run-level annotations (no file= a pull request could not
    // place), each linking its vector in the kit's repository at the kit's ref.
    expect(result.stdout).toMatch(
      /^::error title=buggy bundle-id\/[^\n]+\(fail\)::[^\n]*\. Vector: https:\/\/github\.com\/acme\/smcp-conformance\/blob\/v0\.1\.0\/vectors\/bundle-id\/[^#\s]+\.yaml#L\d+$/m,
    );
    expect(result.stdout).not.toMatch(/^::error file=/m);
    expect(result.stdout).not.toMatch(/^::error [^\n]*title=reference /m);
    expect(readFileSync(summary, "utf8")).toMatch(/^# Conformance\n\n- \*\*reference [^*]*: [a-z ]+\*\* \(MUST /);
    expect(readFileSync(summary, "utf8")).toMatch(/\| implementation \| SDK \|/);
    expect(readFileSync(output, "utf8")).toBe(`exit-code=1\nreport=${join(dir, "reports")}/latest/report.json\n`);
    const report = JSON.parse(readFileSync(join(dir, "reports", "latest", "report.json"), "utf8"));
    expect(report.implementations.map((i: { name: string }) => i.name)).toEqual(["reference", "buggy"]);
  }, 240_000);
});

describe("the action's cache keys (issue 31, item 3)", () => {
  const KEYS = join(ROOT, ".github", "action", "cache-keys.sh");

  /** A kit folder with the files the keys read, and a python3 that reports `pythonVersion`. */
  function keys(kit: string, pythonVersion: string) {
    const bin = mkdtempSync(join(tmpdir(), "fake-python-"));
    writeFileSync(
      join(bin, "python3"),
      `#!/bin/sh\necho "${pythonVersion}"\necho /opt/hostedtoolcache/Python/${pythonVersion}/x64/bin/python3\n`,
    );
    chmodSync(join(bin, "python3"), 0o755);
    return execa("bash", [KEYS], {
      env: { KIT_DIR: kit, PATH: `${bin}${delimiter}${process.env["PATH"]}` },
      extendEnv: false,
      reject: false,
    }).then((r) => Object.fromEntries(r.stdout.split("\n").map((l) => l.split("=") as [string, string])));
  }

  function kitCopy(): string {
    const dir = mkdtempSync(join(tmpdir(), "kit-"));
    for (const f of ["package.json", "package-lock.json", "README.md"]) cpSync(join(ROOT, f), join(dir, f));
    cpSync(join(ROOT, "adapters", "python", "locks"), join(dir, "adapters", "python", "locks"), { recursive: true });
    mkdirSync(join(dir, "adapters", "rust"), { recursive: true });
    cpSync(join(ROOT, "adapters", "rust", "Cargo.lock"), join(dir, "adapters", "rust", "Cargo.lock"));
    return dir;
  }

  it("change with the Python interpreter and with the kit's locks, not with its other files", async () => {
    const kit = kitCopy();
    const base = await keys(kit, "3.11.9");
    expect(Object.keys(base).sort()).toEqual(["kit", "npm", "toolchain"]);
    expect((await keys(kit, "3.11.10")).toolchain).not.toBe(base.toolchain);
    writeFileSync(join(kit, "README.md"), "changed\n");
    expect(await keys(kit, "3.11.9")).toEqual(base);
    writeFileSync(join(kit, "adapters", "python", "locks", "0.4.2.txt"), "a2c-smcp==0.4.3\n");
    const bumped = await keys(kit, "3.11.9");
    expect(bumped.kit).not.toBe(base.kit);
    expect(bumped.toolchain).toBe(base.toolchain);
  });

  it("action.yml keys the SDK environments on them and never restores across interpreters; node_modules is cached", () => {
    const steps = action.runs.steps;
    const envCache = steps.find((s) => s.with?.["path"] === "~/.cache/smcp-conformance")!;
    expect(envCache.with!["key"]).toContain("${{ steps.keys.outputs.toolchain }}-${{ steps.keys.outputs.kit }}");
    const restore = envCache.with!["restore-keys"]!.trim().split("\n");
    for (const prefix of restore)
      expect(prefix).toMatch(/^smcp-conformance-\$\{\{ runner\.os \}\}-\$\{\{ steps\.keys\.outputs\.toolchain \}\}-/);
    const npmCache = steps.find((s) => s.with?.["path"] === "${{ github.action_path }}/node_modules")!;
    expect(npmCache.with!["key"]).toContain("${{ steps.keys.outputs.npm }}");
    const keysStep = steps.findIndex((s) => s.id === "keys");
    expect(keysStep).toBeGreaterThan(-1);
    expect(keysStep).toBeLessThan(steps.indexOf(envCache));
    // The clone runs the TypeScript sources: the action's npm ci skips the `prepare` build.
    expect(readFileSync(SCRIPT, "utf8")).toMatch(/npm ci --no-audit --no-fund --ignore-scripts/);
  });
});
