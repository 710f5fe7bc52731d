// lint on an adapter that crashes or answers nothing (issue 32): a crash on a base is an adapter
// fault, never "rejects the plainest valid config" (which does not fail the lint), and an
// implementation that answered no base fails it.
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { collectProbes } from "../../harness/lint/isolation.ts";
import { probeAll } from "../../harness/lint/probe.ts";
import { renderLint, summarize } from "../../harness/lint/render-lint.ts";
import type { CallResult, Implementation } from "../../harness/model/implementation.ts";

/** An implementation that answers every call with `result`. */
function answering(name: string, result: CallResult): Implementation {
  return {
    ...referenceInProcess(),
    name,
    async call() {
      return { result, transcript: { request: null, response: null }, duration_ms: 0, attempts: 1 };
    },
  };
}

const corpus = loadCorpus();
const vectors = corpus.suites.find((s) => s.name === "server-config")!.vectors.slice(0, 30);
const collected = collectProbes(vectors);

describe("lint and adapter faults", () => {
  it("a crash is a fault, not a base that must stay; the implementation judged nothing", async () => {
    const crashy = answering("crashy", { kind: "crash", message: 'adapter "crashy" ended (exited with code 3)' });
    const result = await probeAll(collected.probes, [referenceInProcess(), crashy]);
    const summary = summarize(collected, result);
    expect(collected.probes.length).toBeGreaterThan(0);
    expect(result.findings.filter((f) => f.implementation === "crashy")).toEqual([]);
    expect(summary).toMatchObject({ must_stay: 0, to_fix: 0, faults: collected.probes.length, nothing_judged: ["crashy"] });
    const text = renderLint(["reference", "crashy"], collected, result);
    expect(text).not.toMatch(/rejects the plainest valid/);
    expect(text).toMatch(/crashy: crash on \d+ vectors \(first: crash: adapter "crashy" ended/);
    expect(text).toMatch(/nothing judged: crashy answered no base \(0 unsupported, \d+ faults\)/);
  });

  it("an implementation answering only unsupported judged nothing; the reference alone is clean", async () => {
    const quiet = answering("quiet", { kind: "unsupported" });
    const summary = summarize(collected, await probeAll(collected.probes, [referenceInProcess(), quiet]));
    expect(summary).toMatchObject({ faults: 0, nothing_judged: ["quiet"] });
    expect(summarize(collected, await probeAll(collected.probes, [referenceInProcess()]))).toMatchObject({ faults: 0, nothing_judged: [] });
  });
});
