// The GitHub Action's run step (.github/action/run-kit.sh) over this repository's own SDK adapters,
// as a workflow in an SDK repository would run it: the released SDKs with their kit expectations
// passed explicitly, annotations and the step summary written, exit 0. Needs the SDK environments of
// the main job, so it runs when SMCP_SDK_TESTS=1.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { sdkManifest } from "../../harness/impl/sdk-manifests.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

describe.runIf(process.env["SMCP_SDK_TESTS"] === "1")("the action's run step over the SDK adapters", () => {
  it("python and rust on two suites: passes, with the summary and outputs", async () => {
    const dir = mkdtempSync(join(tmpdir(), "smcp-action-sdk-"));
    const summary = join(dir, "summary.md");
    const output = join(dir, "output.txt");
    const result = await execa("bash", [join(ROOT, ".github", "action", "run-kit.sh")], {
      cwd: ROOT,
      reject: false,
      all: true,
      env: {
        KIT_DIR: ROOT,
        GITHUB_ACTIONS: "true",
        GITHUB_STEP_SUMMARY: summary,
        GITHUB_OUTPUT: output,
        INPUT_IMPLEMENTATIONS: "python,rust",
        INPUT_SUITES: "bundle-id,env-var",
        INPUT_ARGS: "--strict-protocol",
        INPUT_OUT: join(dir, "reports"),
      },
    });
    expect(result.exitCode, result.all).toBe(0);
    expect(result.stdout).not.toMatch(/^::error/m);
    const matrix = readFileSync(summary, "utf8");
    expect(matrix).toContain(`| python | a2c-smcp | ${sdkManifest("python")!.default_version} |`);
    expect(matrix).toContain(
      `| rust | smcp+smcp-agent+smcp-computer+smcp-server-core+smcp-server-hyper | ${sdkManifest("rust")!.default_version} |`,
    );
    expect(readFileSync(output, "utf8")).toContain("exit-code=0\n");
  }, 600_000);
});
