// Files a user names on the command line (issue 32): a FIFO or a device given to audit, compare,
// merge, coverage --report or generate --into is a one-line usage error naming it, at once.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readReportFile } from "../../harness/commands/read-report.ts";
import { readInto } from "../../harness/generate/into-file.ts";
import { UsageError } from "../../harness/util/usage-error.ts";
import { cli } from "./cli-helpers.ts";

function fifo(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), "smcp-fifo-"));
  mkdirSync(join(dir, "tlv"));
  const path = join(dir, "tlv", name);
  execFileSync("mkfifo", [path]);
  return path;
}

describe.runIf(existsSync("/dev/zero"))("a FIFO or a device where a file is expected", () => {
  it("a report that is a FIFO or /dev/zero is refused before any read (audit hung; audit /dev/zero grew to 10 GB)", () => {
    expect(() => readReportFile(fifo("report.json"))).toThrow(/cannot read report .*report\.json: it is a FIFO, not a regular file/);
    expect(() => readReportFile("/dev/zero")).toThrow(new UsageError("cannot read report /dev/zero: it is a device, not a regular file"));
  });

  it("generate --into a FIFO is refused (it hung)", () => {
    expect(() => readInto(fifo("x.yaml"), "tlv")).toThrow(/cannot read --into file .*x\.yaml: it is a FIFO, not a regular file/);
  });

  it("the CLI: audit /dev/zero and audit <fifo> exit 2 with one line", async () => {
    for (const path of ["/dev/zero", fifo("r.json")]) {
      const started = Date.now();
      const result = await cli(["audit", path]);
      expect(result.exitCode, path).toBe(2);
      expect(result.stderr.trim().split("\n"), path).toHaveLength(1);
      expect(result.stderr).toMatch(/^usage error: cannot read report .*: it is a (device|FIFO), not a regular file/);
      expect(Date.now() - started).toBeLessThan(20_000);
    }
  }, 60_000);
});
