// The adapter protocol end to end: the reference behind a subprocess answers the whole corpus
// exactly as it does in-process.
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { referenceSubprocess } from "../../harness/impl/reference-subprocess.ts";
import { answerKey } from "../../harness/model/answer-key.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { canonicalJson } from "../../harness/util/canonical-json.ts";

const corpus = loadCorpus();
const vectors = selectVectors(corpus, {});

describe("reference over the subprocess path", () => {
  it("gives identical results to the in-process path on the whole corpus", async () => {
    const run = (selected: typeof vectors) =>
      runCorpus({ corpus, vectors: selected, implementations: [referenceInProcess(), referenceSubprocess({ strictProtocol: true })] });
    const report = await run(vectors);
    const subprocess = report.cases.filter((c) => c.implementation === "reference-subprocess");
    expect(subprocess).toHaveLength(vectors.length);
    const first = mismatchesOf(report);
    // A live case (a real scene on a loaded machine) may differ by timing alone: such a vector runs
    // again on both paths, and only a difference that repeats is a difference between the paths.
    const live = new Set(first.filter((m) => LIVE_OP.test(m.op)).map((m) => m.vector_id));
    const again = live.size === 0 ? [] : mismatchesOf(await run(vectors.filter((v) => live.has(v.id))));
    const mismatches = [...first.filter((m) => !live.has(m.vector_id)), ...again].map((m) => m.text);
    expect(mismatches).toEqual([]);
    const sub = report.implementations.find((i) => i.name === "reference-subprocess")!;
    expect(sub.transport).toBe("subprocess");
    expect(sub.stats.restarts).toBe(0);
    expect(
      subprocess.every((c) => (c.transcript.request !== null && c.transcript.response !== null) || c.transcript.fault?.kind === "not_sent"),
    ).toBe(true);
    // The whole corpus includes the live wire suites (both paths run every scene): minutes on a loaded 2-core machine.
  }, 300_000);
});

const LIVE_OP = /^(wire|transport)\./;

/** Each vector whose two answers differ: its id, op and what each path said. */
function mismatchesOf(report: Awaited<ReturnType<typeof runCorpus>>): Array<{ vector_id: string; op: string; text: string }> {
  const inProcess = report.cases.filter((c) => c.implementation === "reference");
  const subprocess = report.cases.filter((c) => c.implementation === "reference-subprocess");
  return inProcess.flatMap((c, i) => {
    const other = subprocess[i]!;
    // Cases the harness did not send carry its own message, which names the implementation: compare their kind only.
    // Evidence keys (a live case's elapsed_ms, an Agent's req_ids) differ from run to run: compare what
    // the answers say, and a live case on the facts the run compares implementations on.
    const answer = (x: typeof c) =>
      x.transcript.fault?.kind === "not_sent"
        ? x.result.kind
        : x.compared !== undefined
          ? canonicalJson(x.compared)
          : (answerKey(x.op, x.result) ?? JSON.stringify(x.result));
    const same = other.vector_id === c.vector_id && other.status === c.status && answer(other) === answer(c);
    return same
      ? []
      : [{ vector_id: c.vector_id, op: c.op, text: `${c.vector_id}: ${c.status} ${answer(c)} vs ${other.status} ${answer(other)}` }];
  });
}
