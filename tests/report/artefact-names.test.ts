// Artefact names come from the implementation's name, not its path (issue 31 item 9), never
// collide within a run (issue 32: rust@path:a/b and rust@path:a_b overwrote each other's JUnit and
// badge), and each badge has a shields.io endpoint document beside it saying the same thing.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { countsOf } from "../../harness/model/report.ts";
import { renderBadge, renderBadgeEndpoint } from "../../harness/report/badge.ts";
import { artefactName, junitFileName, writeReport } from "../../harness/report/views.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { tempOut } from "../cli/cli-helpers.ts";

describe("artefact names", () => {
  it("a checkout is <family>-checkout whatever its path; other names keep their version", () => {
    expect(artefactName("python@path:.")).toBe("python-checkout");
    expect(artefactName("python@path:../sdk/python-sdk")).toBe("python-checkout");
    expect(artefactName("rust@path:/home/runner/work/rust-sdk")).toBe("rust-checkout");
    expect(artefactName("python@0.3.2")).toBe("python@0.3.2");
    expect(junitFileName("python@path:.")).toBe("junit-python-checkout.xml");
    expect(junitFileName("python@0.3.2")).toBe("junit-python@0.3.2.xml");
  });

  it("a name that needs characters replaced, or that would clash in the run, gets its own hash", () => {
    expect(artefactName("my adapter/1")).toMatch(/^my_adapter_1-[0-9a-f]{8}$/);
    expect(artefactName("x@y/z")).not.toBe(artefactName("x@y_z"));
    const all = ["rust@path:a/b", "rust@path:a_b"];
    const [a, b] = all.map((n) => junitFileName(n, all));
    expect(a).toMatch(/^junit-rust-checkout-[0-9a-f]{8}\.xml$/);
    expect(b).toMatch(/^junit-rust-checkout-[0-9a-f]{8}\.xml$/);
    expect(a).not.toBe(b);
  });

  it("two implementations whose names flatten alike each get their JUnit and badge", async () => {
    const corpus = loadCorpus();
    const vectors = selectVectors(corpus, { filter: "explicit-id/accepted/*" }).slice(0, 2);
    const names = ["rust@path:a/b", "rust@path:a_b"];
    const report = await runCorpus({ corpus, vectors, implementations: names.map((name) => ({ ...referenceInProcess(), name })) });
    const dir = writeReport(report, tempOut());
    const files = readdirSync(dir);
    expect(files.filter((f) => f.startsWith("junit-"))).toHaveLength(2);
    // Each has its badge and its Computer role's badge (issue 44, item 2).
    expect(files.filter((f) => f.startsWith("badge-") && f.endsWith(".svg"))).toHaveLength(4);
  });
});

describe("shields.io endpoint", () => {
  it("carries the badge's label, message and colour", () => {
    const counts = countsOf({ pass: 7, known_gap: 1, unsupported: 1 });
    const json = JSON.parse(renderBadgeEndpoint("python", counts, { runFailures: 0 }));
    expect(json).toEqual({ schemaVersion: 1, label: "smcp python", message: "7/8 pass, 1 known gap", color: "dfb317" });
    expect(renderBadge("python", counts)).toContain(`${json.label}: ${json.message}`);
    expect(JSON.parse(renderBadgeEndpoint("python", countsOf({ pass: 1, fail: 1 }))).color).toBe("e05d44");
  });

  it("names a checkout by its SDK, never by its path", () => {
    const counts = countsOf({ pass: 1 });
    for (const name of ["python@path:.", "python@path:/home/runner/work/a2c-smcp/a2c-smcp"]) {
      expect(JSON.parse(renderBadgeEndpoint(name, counts)).label).toBe("smcp python checkout");
      expect(renderBadge(name, counts)).not.toContain("@path");
    }
    expect(JSON.parse(renderBadgeEndpoint("python@0.4.2", counts)).label).toBe("smcp python@0.4.2");
  });
});
