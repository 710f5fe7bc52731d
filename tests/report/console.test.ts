// The console view: a compact matrix, honest folding of repeated messages, colour only when asked,
// and a red run never reading green.
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { type Implementation, INTERRUPTED } from "../../harness/model/implementation.ts";
import { countsOf } from "../../harness/model/report.ts";
import { useColor } from "../../harness/report/color.ts";
import { renderConsole } from "../../harness/report/console.ts";
import { cell } from "../../harness/report/console-table.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { plural } from "../../harness/util/plural.ts";

/** The reference, with every answer to a bundle-id vector replaced by a wrong one. */
function wrongOn(prefix: string, reason: () => string): Implementation {
  const ref = referenceInProcess();
  return {
    ...ref,
    name: "wrong",
    start: () => ref.start(),
    stop: () => ref.stop(),
    kill: () => ref.kill(),
    call: async (op, input, options) => {
      const a = await ref.call(op, input, options);
      if (!op.startsWith(prefix)) return a;
      return { ...a, result: { kind: "error", error: { reason: reason(), message: "no" } } };
    },
  };
}

/** A different reason code on every call. */
function counter(): () => string {
  let n = 0;
  return () => `r.${n++}`;
}

describe("console", () => {
  it("folds only identical messages; different messages are each shown", async () => {
    const corpus = loadCorpus();
    const vectors = selectVectors(corpus, { suites: ["bundle-id"] }).slice(0, 12);
    // Each case gets its own reason: 12 different messages, none folded.
    const distinct = await runCorpus({ corpus, vectors, implementations: [wrongOn("bundle_id", counter())] });
    const text = renderConsole(distinct);
    const failing = distinct.cases.filter((c) => c.status === "fail").length;
    expect(failing).toBeGreaterThan(3);
    expect(text.match(/^FAIL wrong /gm)?.length).toBe(failing);
    expect(text).not.toContain("more fail cases");
    // The same reason everywhere: 3 shown, the rest counted as exactly this message.
    const same = await runCorpus({ corpus, vectors, implementations: [wrongOn("bundle_id", () => "same.reason")] });
    const sameFailing = same.cases.filter((c) => c.status === "fail");
    const byMessage = new Map<string, number>();
    const folded = renderConsole(same);
    for (const m of folded.matchAll(/^… and (\d+) more fail cases of wrong with exactly this message: (.*)$/gm))
      byMessage.set(m[2]!, Number(m[1]));
    const shown = folded.match(/^FAIL wrong /gm)?.length ?? 0;
    expect(shown + [...byMessage.values()].reduce((a, b) => a + b, 0)).toBe(sameFailing.length);
  });

  it("cells: passed/judged with pass %, marks for failing, stale and known gaps", () => {
    expect(cell(countsOf({ pass: 9, fail: 1 }))).toEqual({ text: "9/10 90% 1✗", tone: "fail" });
    expect(cell(countsOf({ pass: 9, known_gap: 1 }))).toEqual({ text: "9/10 90% 1g", tone: "gap" });
    expect(cell(countsOf({ pass: 9, stale: 1 }), true)).toEqual({ text: "9/10 1!", tone: "fail" });
    expect(cell(countsOf({ unsupported: 3 })).tone).toBe("none");
    expect(plural(1, "known gap")).toBe("1 known gap");
    expect(plural(2, "known gap")).toBe("2 known gaps");
  });

  it("colour: NO_COLOR wins, FORCE_COLOR forces, a terminal turns it on; a failing run's closing line is red", async () => {
    expect(useColor({ isTTY: true }, {})).toBe(true);
    expect(useColor({ isTTY: false }, {})).toBe(false);
    expect(useColor({ isTTY: true }, { NO_COLOR: "1" })).toBe(false);
    expect(useColor({ isTTY: false }, { FORCE_COLOR: "1" })).toBe(true);
    expect(useColor({ isTTY: false }, { FORCE_COLOR: "1", NO_COLOR: "1" })).toBe(false);
    expect(useColor({ isTTY: true }, { FORCE_COLOR: "0" })).toBe(false);
    const corpus = loadCorpus();
    const vectors = selectVectors(corpus, { suites: ["bundle-id"] }).slice(0, 4);
    const report = await runCorpus({ corpus, vectors, implementations: [wrongOn("bundle_id", () => "x")] });
    const text = renderConsole(report, { color: true });
    const closing = text.split("\n").at(-1)!;
    expect(closing).toContain("\u001b[31m");
    expect(closing).not.toContain("\u001b[32m");
    expect(renderConsole(report, { color: false })).not.toContain("\u001b[");
  });

  it("an adapter the run stopped is 'stopped', not BROKEN; one that failed is BROKEN", async () => {
    const corpus = loadCorpus();
    const vectors = selectVectors(corpus, { suites: ["bundle-id"] }).slice(0, 2);
    const report = await runCorpus({ corpus, vectors, implementations: [referenceInProcess()] });
    const withBroken = (broken: string) => ({
      ...report,
      implementations: report.implementations.map((i) => ({ ...i, stats: { ...i.stats, broken } })),
    });
    const stopped = renderConsole(withBroken(INTERRUPTED));
    expect(stopped).toContain(`  stopped: ${INTERRUPTED}`);
    expect(stopped).not.toContain("BROKEN");
    expect(renderConsole(withBroken("interrupted before its hello"))).toContain("  stopped: interrupted before its hello");
    const failed = renderConsole(withBroken("gave up after 3 restarts in a row without an answer; last: crash"));
    expect(failed).toContain("  BROKEN: gave up after 3 restarts");
  });
});
