// What an author gets wrong most, said in one line: file, vector id, what is wrong, what to do.
import { describe, expect, it } from "vitest";
import { formatProblem } from "../../harness/corpus/errors.ts";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { explicitIdFile, GOOD_VECTOR, problemsOf } from "./temp-corpus.ts";

const observe = GOOD_VECTOR.replace("tier: must", "tier: observe").replace(
  "covers: [data-structures/bundleid/3]",
  "covers: []\n    near: [data-structures/bundleid/3]",
);

describe("the tier rule for expected values, in words", () => {
  it("an observe vector with an expected value: one line at the expected value, not ajv's `must NOT be valid`", () => {
    const problems = problemsOf({ "explicit-id/obs.yaml": explicitIdFile(observe) });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: "corpus.tier", vectorId: "explicit-id/extra/ok", pointer: "/vectors/0/expected", line: 10 });
    const line = formatProblem(problems[0]!);
    expect(line).toMatch(/explicit-id\/obs\.yaml:10: vector explicit-id\/extra\/ok: tier observe carries expected: /);
    expect(line).toContain("remove expected, or give it tier must or should");
    expect(line).not.toContain("must NOT be valid");
  });

  it("an observe vector with expected_error names that key", () => {
    const problems = problemsOf({
      "explicit-id/obs.yaml": explicitIdFile(
        observe.replace("expected: { accepted: true, reason: null }", "expected_error: { reason: config.wrong_type }"),
      ),
    });
    expect(problems.map((p) => [p.code, p.pointer])).toEqual([["corpus.tier", "/vectors/0/expected_error"]]);
    expect(problems[0]!.message).toMatch(/^tier observe carries expected_error: .* remove expected_error/);
  });

  it("a must vector without an expected value, and one with both, each get one line", () => {
    const none = problemsOf({ "explicit-id/a.yaml": explicitIdFile(GOOD_VECTOR.replace(/\n {4}expected: .*/, "")) });
    expect(none.map((p) => [p.code, p.pointer])).toEqual([["corpus.tier", "/vectors/0/tier"]]);
    expect(none[0]!.message).toMatch(/^tier must has no expected value: add expected .* or expected_error/);
    const both = problemsOf({
      "explicit-id/a.yaml": explicitIdFile(`${GOOD_VECTOR}\n    expected_error: { reason: config.wrong_type }`),
    });
    expect(both.map((p) => [p.code, p.pointer])).toEqual([["corpus.tier", "/vectors/0/expected_error"]]);
    expect(both[0]!.message).toContain("has both expected and expected_error");
  });

  it("other schema errors of the same vector are still reported beside it", () => {
    const problems = problemsOf({
      "explicit-id/obs.yaml": explicitIdFile(observe.replace("input: { bundle_id: abc }", "input: { bundleId: abc }")),
    });
    expect(problems.filter((p) => p.code === "corpus.tier").map((p) => p.pointer)).toEqual(["/vectors/0/expected"]);
    expect(problems.filter((p) => p.code === "corpus.schema").map((p) => p.pointer)).toContain("/vectors/0/input/bundleId");
  });
});

describe("the id rule <suite>/<group>/<name>", () => {
  it("an authored id without a group is refused with a suggestion", () => {
    const problems = problemsOf({
      "explicit-id/lengths.yaml": explicitIdFile(GOOD_VECTOR.replace("explicit-id/extra/ok", "explicit-id/ok")),
    });
    expect(problems).toEqual([
      expect.objectContaining({ code: "corpus.id_prefix", vectorId: "explicit-id/ok", pointer: "/vectors/0/id", line: 4 }),
    ]);
    expect(problems[0]!.message).toBe(
      "id has 2 parts, but an id is <suite>/<group>/<name> (three, never changed once published): rename it, e.g. to explicit-id/lengths/ok",
    );
  });

  it("an id of four parts is refused too", () => {
    const problems = problemsOf({
      "explicit-id/a.yaml": explicitIdFile(GOOD_VECTOR.replace("explicit-id/extra/ok", "explicit-id/extra/ok/more")),
    });
    expect(problems[0]!.message).toContain("id has 4 parts");
    expect(problems[0]!.message).toContain("explicit-id/extra/ok-more");
  });

  it("the kit's corpus keeps the rule (imported fixtures name their own ids and are exempt)", () => {
    const corpus = loadCorpus();
    const authored = corpus.suites.flatMap((s) => s.vectors).filter((v) => v.provenance.source !== "upstream");
    expect(authored.length).toBeGreaterThan(1000);
    expect(authored.filter((v) => v.id.split("/").length !== 3).map((v) => v.id)).toEqual([]);
  });
});
