/**
 * The corpus as the test suite of mutation testing (`npm run mutation`): one test per suite and
 * reading of the reference, each failing when a checked case of that suite fails. Observe vectors
 * are recorded, never judged, so they kill nothing: the score is what the checked corpus pins.
 *
 * A test's name carries a hash of its suite's vectors, so Stryker's incremental mode re-runs the
 * mutants a suite covers whenever a vector of that suite is added or changed.
 */
import { describe, expect, inject, it } from "vitest";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { sha256Hex } from "../../harness/util/canonical-json.ts";

const corpus = inject("corpus");
/** The transport suites need an MCP client the reference does not have: they answer unsupported. */
const judged = corpus.suites.filter((s) => s.vectors.some((v) => !v.op.startsWith("transport.")));

const READINGS = [
  { reading: "0.4", name: "reference" },
  { reading: "0.3", name: "reference@0.3.0" },
] as const;

describe.each(READINGS)("the corpus through $name", ({ reading }) => {
  for (const suite of judged) {
    const vectors = suite.vectors.filter((v) => !v.op.startsWith("transport."));
    const hash = sha256Hex(vectors.map((v) => v.content_hash).join("\n")).slice(0, 12);
    it(`${suite.name} [${hash}]`, async () => {
      const report = await runCorpus({ corpus, vectors, implementations: [referenceInProcess(reading)] });
      const failures = report.cases.filter((c) => c.status !== "pass" && c.status !== "observed" && c.status !== "not_applicable");
      expect(failures.map((c) => `${c.vector_id}: ${c.status} ${c.note ?? JSON.stringify(c.diffs)}`)).toEqual([]);
    });
  }
});
