// Quiet windows: every vector that judges an absence names a window the kit defines, the op schemas
// offer exactly those windows, and a Computer scene whose facts a late packet could change listens
// after its last answer (the scene itself no longer waits there).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { SHARED_SCHEMA_DIR } from "../../harness/model/kit-files.ts";
import { QUIET_KINDS, QUIET_WINDOWS, scriptWaitMs, TRAILING_FACTS } from "../../harness/wire/index.ts";

describe("quiet windows", () => {
  it("each op schema's quiet enum is exactly the kit's windows", () => {
    const files = readdirSync(join(SHARED_SCHEMA_DIR, "ops")).filter((f) => /^wire\.(computer|server|agent)\.json$/.test(f));
    expect(files).toHaveLength(3);
    for (const file of files) {
      const text = readFileSync(join(SHARED_SCHEMA_DIR, "ops", file), "utf8");
      const quiet = /"quiet": \{\s*"enum": (\[[^\]]*\])/.exec(text);
      expect(quiet, file).not.toBeNull();
      expect(JSON.parse(quiet![1]!), file).toEqual(QUIET_KINDS);
    }
  });

  it("each window says what stays absent and is shorter than a scene's default box", () => {
    for (const kind of QUIET_KINDS) {
      expect(QUIET_WINDOWS[kind].absence.length, kind).toBeGreaterThan(40);
      expect(QUIET_WINDOWS[kind].ms, kind).toBeGreaterThan(0);
      expect(QUIET_WINDOWS[kind].ms, kind).toBeLessThan(10_000);
    }
  });

  it("a live vector judging what a late packet could change ends its script with a quiet window", () => {
    const corpus = loadCorpus();
    const vectors = corpus.suites.flatMap((s) => s.vectors);
    for (const [op, facts] of Object.entries(TRAILING_FACTS)) {
      const judged = vectors.filter((v) => v.op === op && Object.keys((v.expected ?? {}) as object).some((k) => facts.includes(k)));
      expect(judged.length, op).toBeGreaterThan(15);
      const open = judged
        .filter((v) => (v.input as { script?: { quiet?: string }[] }).script?.at(-1)?.quiet === undefined)
        .map((v) => v.id);
      expect(open, op).toEqual([]);
    }
  });

  it("a script's fixed waits count its pauses and quiet windows, nothing else", () => {
    expect(scriptWaitMs([{ sleep_ms: 100 }, { quiet: "broadcast" }, { send: "client:get_tools" }, { heard: "x" }])).toBe(
      100 + QUIET_WINDOWS.broadcast.ms,
    );
    expect(scriptWaitMs(undefined)).toBe(0);
  });
});
