// --update-expectations keeps reasons and comments, drops stale entries, appends new failures.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { loadExpectations } from "../../harness/expectations/load-expectations.ts";
import { TODO_REASON, updateExpectations } from "../../harness/expectations/update-expectations.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { explicitIdFile, GOOD_VECTOR, tempCorpus } from "../corpus/temp-corpus.ts";

const wrong = (name: string) =>
  GOOD_VECTOR.replace("id: explicit-id/extra/ok", `id: explicit-id/extra/${name}`).replace(
    "accepted: true, reason: null",
    "accepted: false, reason: bundle_id.dot",
  );

describe("updateExpectations", () => {
  it("keeps listed reasons and comments, removes stale entries, adds new failures with a TODO reason", async () => {
    const root = tempCorpus({ "explicit-id/extra.yaml": explicitIdFile([GOOD_VECTOR, wrong("old"), wrong("new")].join("\n")) });
    const corpus = loadCorpus({ extraRoots: [root] });
    const file = join(root, "expectations.yaml");
    writeFileSync(
      file,
      [
        "implementation: reference",
        "gaps:",
        "  # a group comment that must survive",
        "  - id: explicit-id/extra/old",
        "    status: fail",
        "    reason: the reason a person wrote",
        "  - id: explicit-id/extra/ok",
        "    status: fail",
        "    reason: fixed since",
        "",
      ].join("\n"),
    );
    const report = await runCorpus({
      corpus,
      vectors: selectVectors(corpus, { filter: "explicit-id/extra/" }),
      implementations: [referenceInProcess()],
      expectations: new Map([["reference", loadExpectations(file, "reference")]]),
    });
    const summary = updateExpectations(file, "reference", "1.2.3", report.cases);
    expect(summary).toMatchObject({ added: ["explicit-id/extra/new"], removed: ["explicit-id/extra/ok"] });
    const text = readFileSync(file, "utf8");
    expect(text).toContain("# a group comment that must survive");
    expect(text).toContain('sdk_version: "1.2.3"');
    const gaps = loadExpectations(file, "reference").gaps;
    expect([...gaps.keys()]).toEqual(["explicit-id/extra/old", "explicit-id/extra/new"]);
    expect(gaps.get("explicit-id/extra/old")!.reason).toBe("the reason a person wrote");
    expect(gaps.get("explicit-id/extra/new")!.reason).toBe(TODO_REASON);
  });
});
