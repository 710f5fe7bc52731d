// report.json is written record by record and reads back as the very report that was run.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { writeReportJson } from "../../harness/report/report-json.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";

describe("report.json", () => {
  it("reads back equal to JSON.stringify of the report, one record per line", async () => {
    const corpus = loadCorpus();
    const report = await runCorpus({
      corpus,
      vectors: selectVectors(corpus, { suites: ["tlv", "render"] }),
      implementations: [referenceInProcess()],
    });
    const path = join(mkdtempSync(join(tmpdir(), "smcp-report-")), "report.json");
    writeReportJson(path, report);
    const text = readFileSync(path, "utf8");
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(report)));
    expect(text.split("\n").length).toBeGreaterThan(report.cases.length + report.vectors.length);
    expect(JSON.parse(text).cases[0].transcript.request).toMatch(/^\{"type":"call","id":\d+/);
  });
});
