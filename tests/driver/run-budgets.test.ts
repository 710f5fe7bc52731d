// Limits per run, not per line (issue 32, item 1): a flood of answers each under --max-message-bytes
// stops the adapter once its run total passes --max-adapter-bytes; the run still writes its report.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { minimalEnv } from "../../harness/driver/adapter-env.ts";
import { SubprocessImplementation } from "../../harness/driver/subprocess-implementation.ts";
import { writeReport } from "../../harness/report/views.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { tempOut } from "../cli/cli-helpers.ts";
import { faultVectors } from "./fault-corpus.ts";

const FIXTURE = fileURLToPath(new URL("../fixtures/fault-adapter.ts", import.meta.url));
const MiB = 1024 * 1024;

describe("--max-adapter-bytes: the answer bytes one adapter may write in a run", () => {
  it("answers of 10 MB each, every one under the line limit: the adapter is stopped past 35 MB, its other cases are faults, and the report is written", async () => {
    const vectors = faultVectors();
    const impl = new SubprocessImplementation(
      "flood",
      // "{" is in every call's input: every answer carries a 10 MB string.
      { file: process.execPath, args: ["--import", import.meta.resolve("tsx"), FIXTURE, "--huge-when", "{"], env: minimalEnv() },
      { caseTimeoutMs: 20_000, maxAdapterBytes: 35 * MiB },
    );
    const report = await runCorpus({ corpus: loadCorpus(), vectors, implementations: [impl] });
    const statuses = report.cases.map((c) => c.status);
    expect(statuses.filter((s) => s === "pass")).toHaveLength(3);
    const stopped = report.cases.filter((c) => c.status !== "pass");
    expect(stopped).toHaveLength(vectors.length - 3);
    for (const c of stopped) {
      expect(["protocol_error", "crash"]).toContain(c.status);
      expect(c.note).toMatch(/more than 36700160 bytes of answers in this run .*--max-adapter-bytes/);
    }
    expect(report.implementations[0]!.stats?.broken).toMatch(/--max-adapter-bytes/);
    expect(report.verdict.status).toBe("fail");
    const dir = writeReport(report, tempOut());
    expect(JSON.parse(readFileSync(`${dir}/report.json`, "utf8")).cases).toHaveLength(vectors.length);
  }, 60_000);
});
