import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { BIN } from "../cli/cli-helpers.ts";
import { explicitIdFile, GOOD_VECTOR, tempCorpus } from "../corpus/temp-corpus.ts";

describe("under GitHub Actions", () => {
  it("failures become ::error annotations and the Markdown matrix goes to the step summary", async () => {
    const wrong = GOOD_VECTOR.replace("accepted: true, reason: null", "accepted: false, reason: bundle_id.dot");
    const extra = tempCorpus({ "explicit-id/extra.yaml": explicitIdFile(wrong) });
    const summary = join(mkdtempSync(join(tmpdir(), "gh-")), "step-summary.md");
    const result = await execa(
      "node",
      [
        BIN,
        "run",
        "--impl",
        "reference",
        "--vectors",
        extra,
        "--filter",
        "explicit-id/extra/",
        "--out",
        mkdtempSync(join(tmpdir(), "out-")),
      ],
      {
        reject: false,
        env: { GITHUB_ACTIONS: "true", GITHUB_STEP_SUMMARY: summary },
      },
    );
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(
      "::error title=reference explicit-id/extra/ok (fail)::/accepted: expected rejected, got accepted; /reason: expected reason bundle_id.dot, got none",
    );
    expect(readFileSync(summary, "utf8")).toContain("| explicit-id | 1 | 0/1 pass, **1 fail** |");
  });
});
