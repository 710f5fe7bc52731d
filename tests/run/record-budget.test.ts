// The run-wide limit on case records held in memory (issue 32, item 1): an implementation whose
// records pass its share of --max-record-bytes is stopped, its unfinished cases are crash faults
// naming the limit, the other implementations run on, and the report is written and audits clean.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { auditReport } from "../../harness/audit/audit-report.ts";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { minimalEnv } from "../../harness/driver/adapter-env.ts";
import { SubprocessImplementation } from "../../harness/driver/subprocess-implementation.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { RecordBudget } from "../../harness/run/record-budget.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { cli } from "../cli/cli-helpers.ts";
import { faultVectors } from "../driver/fault-corpus.ts";

const FIXTURE = fileURLToPath(new URL("../fixtures/fault-adapter.ts", import.meta.url));
const MB = 1_000_000;

describe("the run's limit on case records held", () => {
  it("an implementation past its share is stopped; its cases are faults naming the limit; the others run on", async () => {
    const vectors = faultVectors();
    // Every answer of this adapter carries a 10 MB string: one record holds it twice (answer and transcript line).
    const huge = new SubprocessImplementation(
      "huge",
      { file: process.execPath, args: ["--import", import.meta.resolve("tsx"), FIXTURE, "--huge-when", "bundle_id"], env: minimalEnv() },
      { caseTimeoutMs: 20_000 },
    );
    const report = await runCorpus({
      corpus: loadCorpus(),
      vectors,
      implementations: [referenceInProcess(), huge],
      maxRecordBytes: 50 * MB,
    });
    const share = new RecordBudget(50 * MB, 2).share();
    const why = `stopped: its case records passed ${share} bytes, its share of the run's ${50 * MB} (the per-run limit on case records held, --max-record-bytes)`;
    const cases = (name: string) => report.cases.filter((c) => c.implementation === name);
    expect(cases("huge")).toHaveLength(vectors.length);
    const kept = cases("huge").filter((c) => c.status !== "crash");
    expect(kept.length).toBeGreaterThanOrEqual(1); // the first records fit its share
    expect(kept.length).toBeLessThan(vectors.length);
    for (const c of cases("huge").filter((x) => x.status === "crash"))
      expect(c.result).toMatchObject({ kind: "crash", message: `adapter "huge" ${why}` });
    expect(report.implementations.find((i) => i.name === "huge")!.stats.broken).toBe(why);
    expect(cases("reference").every((c) => c.status === "pass")).toBe(true);
    expect(JSON.stringify(report.cases).length).toBeLessThan(50 * MB);
    expect(report.verdict.status).toBe("fail");
    expect(auditReport(JSON.parse(JSON.stringify(report))).problems).toEqual([]);
  }, 120_000);

  it("--max-record-bytes takes a positive whole number (usage error, exit 2)", async () => {
    const result = await cli(["run", "--impl", "reference", "--suite", "explicit-id", "--max-record-bytes", "lots"]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/--max-record-bytes needs a positive whole number, got "lots"/);
  });
});
