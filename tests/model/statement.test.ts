// The conformance statement: what an implementation may claim, from case records and vectors alone.
import { describe, expect, it } from "vitest";
import { conformanceStatements, levelOf } from "../../harness/model/statement.ts";
import type { FinalStatus } from "../../harness/model/status.ts";
import { runVerdict } from "../../harness/model/verdict.ts";
import { renderBadge } from "../../harness/report/badge.ts";
import { badgeValue, roleLines, statementLine } from "../../harness/report/statement-text.ts";

const impl = (name: string, used = "0.4.0") => ({ name, handshake: { sdk: { version: "1.2.3" } }, protocol: { used } });
const vectors = [
  { id: "m1", tier: "must" as const, since: "0.3.0" },
  { id: "m2", tier: "must" as const, since: "0.3.0" },
  { id: "m3", tier: "must" as const, since: "0.3.0" },
  { id: "m4", tier: "must" as const, since: "0.4.0" },
  { id: "s1", tier: "should" as const, since: "0.3.0" },
  { id: "o1", tier: "observe" as const, since: "0.3.0" },
];
const cases = (name: string, statuses: Record<string, FinalStatus>) =>
  Object.entries(statuses).map(([vector_id, status]) => ({ vector_id, implementation: name, status }));

describe("conformance statement", () => {
  // Issue 44, items 2 and 4: statements per role, and a claim scoped to what ran.
  const roleVectors = [
    { id: "c1", op: "bundle_id.validate", tier: "must" as const, since: "0.3.0" },
    { id: "c2", op: "wire.computer", tier: "must" as const, since: "0.4.0" },
    { id: "v1", op: "version.check", tier: "must" as const, since: "0.3.0" },
    { id: "w1", op: "wire.server", tier: "must" as const, since: "0.4.0" },
    { id: "a1", op: "wire.agent", tier: "should" as const, since: "0.4.0" },
  ];
  const corpus = { required: [...roleVectors, { id: "c3", op: "render", tier: "must" as const, since: "0.3.0" }] };

  it("splits the tallies by the role each op judges, and scopes a selection against the whole corpus", () => {
    const [s] = conformanceStatements({
      implementations: [impl("x")],
      vectors: roleVectors,
      cases: cases("x", { c1: "pass", c2: "pass", v1: "pass", w1: "known_gap", a1: "fail" }),
      corpus,
    });
    // c3 (a required Computer vector) was not selected: the whole is a selection, so is the Computer's part.
    expect(s!.scope).toEqual({ selected: 4, corpus: 5 });
    expect(s!.level).toBe("selection");
    expect(s!.roles).toEqual([
      expect.objectContaining({
        role: "computer",
        must: expect.objectContaining({ required: 2, passed: 2 }),
        level: "selection",
        scope: { selected: 2, corpus: 3 },
      }),
      expect.objectContaining({
        role: "server",
        must: expect.objectContaining({ required: 2, passed: 1, known_gaps: 1 }),
        level: "partial",
      }),
      expect.objectContaining({ role: "agent", should: expect.objectContaining({ required: 1, failed: 1 }), level: "untested" }),
    ]);
    expect(s!.roles![1]!.scope).toBeUndefined(); // every required Server vector ran: a claim of its own
    expect(statementLine(s!)).toMatch(/— selection \(4 of 5 required MUST vectors ran; no level claimed\)$/);
    expect(badgeValue(s!)).toBe("selection @0.4.0, MUST 3/4 of 5");
    expect(renderBadge("x", { pass: 4, judged: 5, failed: 0, known_gap: 1 } as never, { statement: s! })).toContain('fill="#007ec6"');
  });

  it("a failure on a selection stands: not conforming; the whole selected is a claim; an older report has no scope", () => {
    const failing = conformanceStatements({
      implementations: [impl("x")],
      vectors: roleVectors.slice(0, 1),
      cases: cases("x", { c1: "fail" }),
      corpus,
    })[0]!;
    expect(failing.level).toBe("not conforming");
    expect(failing.scope).toEqual({ selected: 1, corpus: 5 });
    const whole = conformanceStatements({
      implementations: [impl("x")],
      vectors: corpus.required,
      cases: cases("x", { c1: "pass", c2: "pass", c3: "pass", v1: "pass", w1: "pass", a1: "pass" }),
      corpus,
    })[0]!;
    expect(whole.level).toBe("conforming");
    expect(whole.scope).toBeUndefined();
    const older = conformanceStatements({
      implementations: [impl("x")],
      vectors: roleVectors.slice(0, 1),
      cases: cases("x", { c1: "pass" }),
    })[0]!;
    expect(older.level).toBe("conforming");
    expect(older.scope).toBeUndefined();
  });

  it("an interop vector counts once per role an implementation played, against the role its failure is attributed to", () => {
    const i1 = { id: "i1", op: "wire.interop", tier: "must" as const, since: "0.4.0" };
    const cell = (agent: string, server: string, computer: string, status: FinalStatus, blamed?: "agent" | "server" | "computer") => ({
      vector_id: "i1",
      agent,
      server,
      computer,
      status,
      ...(blamed ? { blamed } : {}),
    });
    const interop = [
      cell("x", "x", "x", "pass"),
      cell("y", "x", "x", "fail", "agent"),
      cell("x", "y", "x", "fail", "server"),
      cell("x", "x", "y", "known_gap", "computer"),
    ];
    const [x, y] = conformanceStatements({ implementations: [impl("x"), impl("y")], vectors: [i1], cases: [], interop });
    // x: every cell it played passed, or failed for another role.
    expect(x!.roles?.map((r) => [r.role, r.must.passed, r.must.required])).toEqual([
      ["computer", 1, 1],
      ["server", 1, 1],
      ["agent", 1, 1],
    ]);
    expect(x!.must).toMatchObject({ required: 3, passed: 3 });
    // y: its Agent failed unlisted, its Server failed, its Computer's failure is listed.
    const yRoles = Object.fromEntries(y!.roles!.map((r) => [r.role, r.must]));
    expect(yRoles["agent"]).toMatchObject({ required: 1, failed: 1 });
    expect(yRoles["server"]).toMatchObject({ required: 1, failed: 1 });
    expect(yRoles["computer"]).toMatchObject({ required: 1, known_gaps: 1 });
    // A failure the record attributes to no role leaves each role unverified, never passed.
    const [z] = conformanceStatements({ implementations: [impl("z")], vectors: [i1], cases: [], interop: [cell("z", "z", "z", "fail")] });
    expect(z!.must).toMatchObject({ required: 3, unverified: 3 });
    expect(z!.unverified_ids).toEqual(["i1"]);
  });

  it("a role the release does not offer is not claimed: its vectors count nowhere, never as unverified", () => {
    const [s] = conformanceStatements({
      implementations: [{ ...impl("old"), roles: ["computer" as const] }],
      vectors: roleVectors,
      cases: cases("old", { c1: "pass", c2: "pass", v1: "unsupported" }),
      corpus,
    });
    // v1 (version.check, the Server's) and w1 are not counted; a1 (the Agent's) neither.
    expect(s!.must).toMatchObject({ required: 2, passed: 2, unverified: 0 });
    expect(s!.unverified_ids).toBeUndefined();
    expect(s!.roles?.find((r) => r.role === "server")).toMatchObject({ not_claimed: true });
    expect(roleLines(s!)).toContain("  server: not claimed (this release does not offer it: its vectors count nowhere)");
    // The scope is of the roles it claims: c3 (the Computer's) was not selected.
    expect(s!.scope).toEqual({ selected: 2, corpus: 3 });
  });

  it("--require names a selection's scope, and a selection never meets partial", () => {
    const [s] = conformanceStatements({
      implementations: [impl("x")],
      vectors: roleVectors.slice(0, 1),
      cases: cases("x", { c1: "pass" }),
      corpus,
    });
    const verdict = runVerdict({
      summary: { overall: { failed: 0 } },
      implementations: [],
      cases: [],
      vectors: [],
      statements: [s!],
      run: { require: "partial" },
    } as never);
    expect(verdict.failures.map((f) => f.message)).toContain(
      "x is selection at 0.4.0 (1 of 5 required MUST vectors ran; a level needs them all); --require partial asks for partial or better",
    );
  });

  it("counts MUST and SHOULD apart; unsupported, timeout and a vector never run are unverified, never conforming", () => {
    const [s] = conformanceStatements({
      implementations: [impl("x")],
      vectors,
      cases: cases("x", { m1: "pass", m2: "unsupported", m3: "timeout", s1: "known_gap", o1: "observed" }),
    });
    expect(s!.must).toEqual({ required: 4, passed: 1, known_gaps: 0, failed: 0, unverified: 3 });
    expect(s!.unverified_ids).toEqual(["m2", "m3", "m4"]); // every view lists them under the statement (issue 44, item 3)
    expect(roleLines(s!)).toEqual(["  unverified: m2, m3, m4"]);
    const many = { ...s!, unverified_ids: ["a", "b", "c", "d", "e", "f", "g"] };
    expect(roleLines(many)).toEqual(["  unverified: a, b, c, d, e, … (2 more in matrix.md and index.html)"]);
    expect(s!.should).toEqual({ required: 1, passed: 0, known_gaps: 1, failed: 0, unverified: 0 });
    expect(s!.level).toBe("not conforming");
  });

  it("a vector outside the revision is not required, with or without a case", () => {
    const [s] = conformanceStatements({
      implementations: [impl("old", "0.3.0")],
      vectors,
      cases: cases("old", { m1: "pass", m2: "pass", m3: "not_applicable" }),
    });
    expect(s!.must).toMatchObject({ required: 2, passed: 2 });
    expect(s!.level).toBe("conforming");
    expect(s!.protocol).toBe("0.3.0");
  });

  it("an interop vector without interop cells requires nothing of an implementation (its cells are judged per Agent x Server x Computer)", () => {
    const [s] = conformanceStatements({
      implementations: [impl("x")],
      vectors: [...vectors, { id: "i1", op: "wire.interop", tier: "must" as const, since: "0.4.0" }],
      cases: cases("x", { m1: "pass", m2: "pass", m3: "pass", m4: "pass" }),
    });
    expect(s!.must).toEqual({ required: 4, passed: 4, known_gaps: 0, failed: 0, unverified: 0 });
  });

  it("levels: known gaps alone are partial; an unlisted failure is not conforming; nothing judged is untested", () => {
    const t = (passed: number, known_gaps: number, failed: number, unverified: number) =>
      levelOf({ required: passed + known_gaps + failed + unverified, passed, known_gaps, failed, unverified });
    expect(t(4, 0, 0, 0)).toBe("conforming");
    expect(t(3, 1, 0, 0)).toBe("partial");
    expect(t(3, 0, 1, 0)).toBe("not conforming");
    expect(t(3, 1, 0, 1)).toBe("not conforming");
    expect(t(0, 0, 0, 4)).toBe("untested");
  });

  it("one line per implementation in the issue's form, and a badge that names the level", () => {
    const [s] = conformanceStatements({
      implementations: [impl("rust")],
      vectors,
      cases: cases("rust", { m1: "pass", m2: "known_gap", m3: "pass", m4: "unsupported", s1: "pass" }),
    });
    expect(statementLine(s!)).toBe("rust 1.2.3 @0.4.0: MUST 2/4 (50 %), SHOULD 1/1 (100 %), 1 known gap, 1 unverified — not conforming");
    expect(badgeValue(s!)).toBe("not conforming @0.4.0, MUST 2/4");
  });

  it("--require fails the run for an implementation below the level, and only then", () => {
    const counts = { total: 2, judged: 2, pass: 1, failed: 0, known_gap: 1, unsupported: 0, observed: 0, not_applicable: 0 };
    const input = (require?: "conforming" | "partial") => ({
      implementations: [{ name: "py" }],
      summary: { by_implementation: { py: counts } },
      statements: [{ implementation: "py", level: "partial" as const, protocol: "0.4.0" }],
      ...(require ? { run: { require } } : {}),
    });
    expect(runVerdict(input()).status).toBe("pass");
    expect(runVerdict(input("partial")).status).toBe("pass");
    expect(runVerdict(input("conforming")).failures).toEqual([
      expect.objectContaining({
        kind: "below_required_level",
        implementation: "py",
        message: expect.stringContaining("py is partial at 0.4.0"),
      }),
    ]);
  });

  it("the badge names the level and takes its colour", () => {
    const [s] = conformanceStatements({
      implementations: [impl("py")],
      vectors,
      cases: cases("py", { m1: "pass", m2: "known_gap", m3: "pass", m4: "pass" }),
    });
    const counts = { total: 4, judged: 4, failed: 0, known_gap: 1, pass: 3 } as never;
    const svg = renderBadge("py", counts, { statement: s! });
    expect(svg).toContain("partial @0.4.0, MUST 3/4");
    expect(svg).toContain('fill="#dfb317"');
    expect(svg).not.toContain("pass");
  });

  it("a broken adapter claims no level and fails the run; one an interrupt stopped does neither", () => {
    const all = cases("x", { m1: "pass", m2: "pass", m3: "pass", m4: "pass" });
    const broken = { ...impl("x"), stats: { broken: "did not stop cleanly: the Server was not stopped" } };
    expect(conformanceStatements({ implementations: [broken], vectors, cases: all })[0]!.level).toBe("untested");
    const interrupted = { ...impl("x"), stats: { broken: "the run was interrupted" } };
    expect(conformanceStatements({ implementations: [interrupted], vectors, cases: all })[0]!.level).toBe("conforming");
    const counts = { total: 4, pass: 4, judged: 4, failed: 0, known_gap: 0, unsupported: 0, observed: 0, not_applicable: 0 };
    const verdict = (i: typeof broken) =>
      runVerdict({ implementations: [{ name: i.name, stats: i.stats }], summary: { by_implementation: { x: counts } } });
    expect(verdict(broken).failures).toEqual([
      { kind: "broken", implementation: "x", message: "x is broken: did not stop cleanly: the Server was not stopped" },
    ]);
    expect(verdict(interrupted).status).toBe("pass");
  });
});
