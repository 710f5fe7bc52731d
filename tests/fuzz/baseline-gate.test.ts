/**
 * The fuzz baseline and gate (harness/fuzz/baseline.ts, gate.ts, candidates.ts): a kind not listed
 * fails, a listed kind not met is stale, `--update-baseline` keeps reasons, candidates never repeat
 * a corpus input, and the shipped baselines carry a real reason for every kind.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { loadBaseline, TODO_KIND_REASON, updateBaseline } from "../../harness/fuzz/baseline.ts";
import { alreadyInCorpus, candidateFiles } from "../../harness/fuzz/candidates.ts";
import type { KindSeen } from "../../harness/fuzz/explore.ts";
import type { FuzzGroup } from "../../harness/fuzz/fuzz-run.ts";
import { judgeKinds } from "../../harness/fuzz/gate.ts";

const KNOWN = "window_uri.parse sdk=output | reference=output at /path";
const OTHER = "window_uri.parse sdk=output | reference=output at /host";

function scratch(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "baseline-")), "fuzz-baseline.yaml");
  writeFileSync(file, text);
  return file;
}

const seen = (kind: string, implementation = "sdk"): KindSeen => ({
  implementation,
  op: "window_uri.parse",
  kind,
  signature: kind,
  cases: 3,
});

describe("the fuzz gate", () => {
  const file = scratch(
    `implementation: sdk\nkinds:\n  - kind: "${KNOWN}"\n    reason: segments rewritten\n  - kind: "${OTHER}"\n    reason: host lower-cased\n`,
  );
  const baseline = loadBaseline(file, "sdk");

  it("passes a listed kind and fails one no baseline lists", () => {
    const fresh = "window_uri.parse sdk=error unclassified | reference=output";
    const verdict = judgeKinds([seen(KNOWN), seen(fresh)], new Map([["sdk", baseline]]), ["window_uri.parse"]);
    expect(verdict.known.map((k) => k.kind)).toEqual([KNOWN]);
    expect(verdict.fresh.map((k) => k.kind)).toEqual([fresh]);
  });

  it("reports a listed kind of a fuzzed operation the run did not meet as stale, only when the run was complete", () => {
    const ops = ["window_uri.parse"];
    expect(judgeKinds([seen(KNOWN)], new Map([["sdk", baseline]]), ops).stale.map((s) => s.entry.kind)).toEqual([OTHER]);
    expect(judgeKinds([seen(KNOWN)], new Map([["sdk", baseline]]), ops, false).stale).toEqual([]);
    expect(judgeKinds([seen(KNOWN)], new Map([["sdk", baseline]]), ["render"]).stale).toEqual([]);
  });

  it("never counts an adapter fault as known, even when listed", () => {
    const fault = "window_uri.parse sdk=fault crash | reference=output";
    const listed = loadBaseline(scratch(`implementation: sdk\nkinds:\n  - kind: "${fault}"\n    reason: r\n`), "sdk");
    expect(judgeKinds([seen(fault)], new Map([["sdk", listed]]), []).fresh).toHaveLength(1);
  });

  it("refuses a baseline written for another implementation or listing a kind twice", () => {
    expect(() => loadBaseline(file, "rust")).toThrow(/belongs to rust/);
    const twice = scratch(`implementation: sdk\nkinds:\n  - { kind: "${KNOWN}", reason: a }\n  - { kind: "${KNOWN}", reason: b }\n`);
    expect(() => loadBaseline(twice, "sdk")).toThrow(/listed twice/);
  });

  it("--update-baseline keeps the reasons of kinds still seen, keeps a kind it did not meet as stale, and marks new ones", () => {
    const copy = scratch(readFileSync(file, "utf8"));
    const fresh = "window_uri.parse sdk=error unclassified | reference=output";
    const update = updateBaseline(copy, "sdk", [KNOWN, fresh], new Map([[fresh, ["window-uri/unsettled/space-in-host"]]]), [
      "window_uri.parse",
    ]);
    expect(update).toMatchObject({ added: [fresh], stale: [OTHER], left: [] });
    const kinds = parse(readFileSync(copy, "utf8")).kinds;
    expect(kinds).toEqual([
      { kind: KNOWN, reason: "segments rewritten" },
      { kind: OTHER, reason: "host lower-cased" },
      { kind: fresh, reason: TODO_KIND_REASON, vectors: ["window-uri/unsettled/space-in-host"] },
    ]);
  });

  it("after --update-baseline the gate still reports the kind the run did not meet as stale (it once read the rewritten file: 0 stale)", () => {
    const copy = scratch(readFileSync(file, "utf8"));
    const ops = ["window_uri.parse"];
    updateBaseline(copy, "sdk", [KNOWN], new Map(), ops);
    const verdict = judgeKinds([seen(KNOWN)], new Map([["sdk", loadBaseline(copy, "sdk")]]), ops);
    expect(verdict.stale.map((s) => [s.entry.kind, s.entry.reason])).toEqual([[OTHER, "host lower-cased"]]);
  });
});

describe("--update-baseline on a partial run (issue 31, item 2)", () => {
  it("touches only the operations the run fuzzed: every kind of another operation stays, reason and vectors included", () => {
    const shipped = readFileSync(new URL("../../adapters/python/fuzz-baseline.yaml", import.meta.url), "utf8");
    const copy = scratch(shipped);
    const before = parse(shipped).kinds as Array<{ kind: string }>;
    const op = "bundle_id.identity_bytes";
    const mine = before.filter((k) => k.kind.startsWith(`${op} `));
    const others = before.filter((k) => !k.kind.startsWith(`${op} `));
    expect(others.length).toBeGreaterThan(10);
    // The run fuzzed one operation and met only the first of its kinds: the others are stale, kept as written.
    const update = updateBaseline(copy, "python", [mine[0]!.kind], new Map(), [op]);
    expect(update.stale).toEqual(mine.slice(1).map((k) => k.kind));
    expect(update.left).toEqual(others.map((k) => k.kind));
    expect(update.added).toEqual([]);
    expect(parse(readFileSync(copy, "utf8")).kinds).toEqual(before);
  });
});

describe("fuzz candidates", () => {
  const corpus = loadCorpus();
  const held = corpus.suites.find((s) => s.name === "window-uri")!.vectors[0]!;
  const group = (input: Record<string, unknown>): FuzzGroup => ({
    op: held.op,
    signature: "s",
    seed: 1,
    path: "0",
    input,
    partition: "reference | sdk",
    classes: [],
    cases: 1,
    variants: [],
    shrink: { evaluations: 0, interrupted: false },
    found_as: [],
  });

  it("never duplicate an input the corpus already holds", () => {
    const inCorpus = group(structuredClone(held.input));
    const fresh = group({ uri: "window://fresh.example/never-in-the-corpus/x" });
    const holder = alreadyInCorpus(corpus, [inCorpus, fresh]).get(inCorpus);
    const vector = corpus.suites.flatMap((s) => s.vectors).find((v) => v.id === holder);
    expect(vector?.input).toEqual(held.input); // several vectors may hold one input: any of them
    const files = candidateFiles(corpus, [inCorpus, fresh], "fuzz");
    expect(files.flatMap((f) => f.vectors.map((v) => v.input))).toEqual([fresh.input]);
  });
});

describe("the shipped fuzz baselines", () => {
  for (const sdk of ["python", "rust"]) {
    it(`${sdk}: every kind has a real reason and names only corpus vectors`, () => {
      const ids = new Set(loadCorpus().suites.flatMap((s) => s.vectors.map((v) => v.id)));
      const baseline = loadBaseline(`adapters/${sdk}/fuzz-baseline.yaml`, sdk, ids);
      const todo = [...baseline.kinds.values()].filter((k) => /^TODO\b/.test(k.reason)).map((k) => k.kind);
      expect(todo).toEqual([]);
    });
  }
});
