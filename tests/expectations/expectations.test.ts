// Known gaps: a listed failure is tolerated, a listed pass is stale, an unlisted failure fails.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exitCodeFor } from "../../harness/commands/exit-code.ts";
import { CorpusError } from "../../harness/corpus/errors.ts";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { loadExpectations } from "../../harness/expectations/load-expectations.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { applyGap } from "../../harness/model/status.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { explicitIdFile, GOOD_VECTOR, tempCorpus } from "../corpus/temp-corpus.ts";

describe("applyGap", () => {
  const gap = { id: "x", status: "fail" as const, reason: "r" };
  it.each([
    ["fail", undefined, "fail"],
    ["pass", undefined, "pass"],
    ["fail", gap, "known_gap"],
    ["pass", gap, "stale"],
    ["crash", gap, "stale"],
    ["unsupported", gap, "unsupported"],
    // An intermittent gap (a timing race the evidence shows): a pass is a pass, a different failure still stale.
    ["pass", { ...gap, intermittent: "race" }, "pass"],
    ["fail", { ...gap, intermittent: "race" }, "known_gap"],
    ["timeout", { ...gap, intermittent: "race" }, "known_gap"],
    ["crash", { ...gap, intermittent: "race" }, "stale"],
  ] as const)("%s with gap %j → %s", (raw, g, final) => {
    expect(applyGap(raw, g)).toBe(final);
  });
});

describe("a run with expectations", () => {
  const wrong = GOOD_VECTOR.replace("id: explicit-id/extra/ok", "id: explicit-id/extra/wrong").replace(
    "accepted: true, reason: null",
    "accepted: false, reason: bundle_id.dot",
  );
  const root = tempCorpus({ "explicit-id/extra.yaml": explicitIdFile(`${GOOD_VECTOR}\n${wrong}`) });
  const corpus = loadCorpus({ extraRoots: [root] });
  const vectors = selectVectors(corpus, { filter: "explicit-id/extra/" });

  function withGaps(yaml: string) {
    const file = join(root, "expectations.yaml");
    writeFileSync(file, yaml);
    return loadExpectations(file, "reference");
  }

  it("without expectations the failing case fails the run", async () => {
    const report = await runCorpus({ corpus, vectors, implementations: [referenceInProcess()] });
    expect(report.cases.map((c) => c.status).sort()).toEqual(["fail", "pass"]);
    expect(exitCodeFor(report)).toBe(1);
  });

  it("a listed failure is a known gap and the run passes", async () => {
    const expectations = withGaps(
      "implementation: reference\ngaps:\n  - { id: explicit-id/extra/wrong, status: fail, reason: the vector is deliberately wrong }\n",
    );
    const report = await runCorpus({
      corpus,
      vectors,
      implementations: [referenceInProcess()],
      expectations: new Map([["reference", expectations]]),
    });
    const wrongCase = report.cases.find((c) => c.vector_id === "explicit-id/extra/wrong")!;
    expect(wrongCase).toMatchObject({ status: "known_gap", raw_status: "fail", gap: { reason: "the vector is deliberately wrong" } });
    expect(report.summary.overall).toMatchObject({ pass: 1, known_gap: 1, fail: 0, stale: 0 });
    expect(exitCodeFor(report)).toBe(0);
  });

  it("a listed case that passes is stale and fails the run; so does a listed id naming no vector", async () => {
    const expectations = withGaps(
      "implementation: reference\ngaps:\n  - { id: explicit-id/extra/wrong, status: fail, reason: known }\n  - { id: explicit-id/extra/ok, status: fail, reason: fixed since }\n",
    );
    const report = await runCorpus({
      corpus,
      vectors,
      implementations: [referenceInProcess()],
      expectations: new Map([["reference", expectations]]),
    });
    expect(report.cases.find((c) => c.vector_id === "explicit-id/extra/ok")!.status).toBe("stale");
    expect(exitCodeFor(report)).toBe(1);
    const orphan = withGaps(
      "implementation: reference\ngaps:\n  - { id: explicit-id/extra/wrong, status: fail, reason: known }\n  - { id: no/such/vector, status: fail, reason: gone }\n",
    );
    const second = await runCorpus({
      corpus,
      vectors,
      implementations: [referenceInProcess()],
      expectations: new Map([["reference", orphan]]),
    });
    expect(second.implementations[0]!.expectations?.orphans).toEqual(["no/such/vector"]);
    expect(exitCodeFor(second)).toBe(1);
  });

  it("a malformed expectations file names the file and line", () => {
    expect(() => withGaps("implementation: reference\ngaps:\n  - { id: a, status: broken, reason: r }\n")).toThrow(CorpusError);
    expect(() => withGaps("implementation: reference\ngaps:\n  - { id: a, status: broken, reason: r }\n")).toThrow(
      /expectations\.yaml:3: .*must be equal to one of the allowed values/,
    );
  });
});
