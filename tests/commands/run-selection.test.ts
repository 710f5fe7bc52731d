/** run --exclude-suite, and the heartbeat counting from the SDK set-up's last news. */
import { describe, expect, it, vi } from "vitest";
import { ProgressBoard } from "../../harness/bootstrap/progress-board.ts";
import { suitesAfterExclusion } from "../../harness/commands/run-selection.ts";
import { withSetupNews } from "../../harness/commands/run-watch.ts";
import { heartbeatLine, watch } from "../../harness/commands/watch.ts";
import type { Corpus } from "../../harness/model/vector.ts";

const corpus = {
  suites: [{ name: "tlv" }, { name: "inputs" }, { name: "wire-interop", opt_in: "names it" }, { name: "wire-agent" }],
} as unknown as Corpus;

describe("--exclude-suite", () => {
  it("leaves the named suites out of the default set (opt-in suites stay out)", () => {
    expect(suitesAfterExclusion(corpus, [], ["tlv"])).toEqual(["inputs", "wire-agent"]);
  });
  it("leaves them out of --suite's list", () => {
    expect(suitesAfterExclusion(corpus, ["tlv", "wire-interop"], ["tlv"])).toEqual(["wire-interop"]);
  });
  it("without it, --suite's list is unchanged (empty: the default set)", () => {
    expect(suitesAfterExclusion(corpus, [], [])).toEqual([]);
  });
  it("an unknown suite is a usage error with a did-you-mean", () => {
    expect(() => suitesAfterExclusion(corpus, [], ["wire-agnet"])).toThrow(
      /--exclude-suite: unknown suite "wire-agnet"; did you mean "wire-agent"\?/,
    );
  });
  it("excluding every selected suite is a usage error", () => {
    expect(() => suitesAfterExclusion(corpus, ["tlv"], ["tlv"])).toThrow("--exclude-suite tlv leaves no suite of tlv");
  });
});

describe("heartbeat after a set-up", () => {
  it("counts from the set-up's last line, not from the start of the run", () => {
    let now = 0;
    const out = { write: () => true, isTTY: false };
    const board = new ProgressBoard(out, { now: () => now });
    expect(board.idleMs()).toBe(Number.POSITIVE_INFINITY);
    const line = board.start("python 0.4.2", { step: "installing", done: 0, unit: "packages" });
    now = 97_000;
    line.end("[python 0.4.2] ready in 1 m 37 s");
    now = 98_000;
    expect(board.idleMs()).toBe(1_000);
    const stub = {
      name: "python",
      transport: "subprocess" as const,
      start: async () => ({}) as never,
      call: async () => ({}) as never,
      stop: async () => ({}) as never,
      kill: () => {},
    };
    vi.useFakeTimers({ now: 0 });
    try {
      const watcher = watch([stub]); // heard of the run at its start, t = 0
      vi.setSystemTime(98_000);
      expect(heartbeatLine(watcher, 10)).toMatch(/nothing for 98s$/); // what the ticker printed before
      const seen = withSetupNews(watcher, () => board.idleMs());
      expect(heartbeatLine(seen, 10)).toMatch(/still waiting on python \(starting\): nothing for 1s$/);
      expect(seen.states).toBe(watcher.states);
    } finally {
      vi.useRealTimers();
    }
  });
});
