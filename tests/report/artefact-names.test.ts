// Artefact names never collide (issue 32): two checkouts whose paths flatten alike
// (rust@path:a/b and rust@path:a_b) overwrote each other's JUnit and badge.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { junitFileName, writeReport } from "../../harness/report/views.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { tempOut } from "../cli/cli-helpers.ts";

describe("artefact names", () => {
  it("a name that is safe as a file name is kept; one that needs characters replaced gets its own hash", () => {
    expect(junitFileName("python@0.3.2")).toBe("junit-python@0.3.2.xml");
    const a = junitFileName("rust@path:a/b");
    const b = junitFileName("rust@path:a_b");
    expect(a).toMatch(/^junit-rust@path_a_b-[0-9a-f]{8}\.xml$/);
    expect(b).toMatch(/^junit-rust@path_a_b-[0-9a-f]{8}\.xml$/);
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
    expect(files.filter((f) => f.startsWith("badge-"))).toHaveLength(2);
  });
});
