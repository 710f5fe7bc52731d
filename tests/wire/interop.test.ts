// The interop case end to end with the reference in all three roles (the relay in front of its
// Server, its Computer on the kit's MCP server, its Agent on the relay), judged from the evidence;
// the same evidence with the Agent's answer edited fails with a cause naming the Agent; and the
// grid every view draws.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { type InteropCase, type InteropRawStatus, interopGrid, withGaps } from "../../harness/model/interop.ts";
import type { Gap } from "../../harness/model/status.ts";
import type { Vector } from "../../harness/model/vector.ts";
import { runVerdict } from "../../harness/model/verdict.ts";
import { interopLines } from "../../harness/report/console-interop.ts";
import { judgeInterop } from "../../harness/run/interop-phase.ts";
import { interopEvidence } from "../../harness/run/wire-interop-cases.ts";
import { type SceneServer, startSceneServer } from "../../harness/transport/index.ts";
import type { InteropEvidence } from "../../harness/wire/index.ts";

let mcp: SceneServer;
beforeAll(async () => {
  mcp = await startSceneServer();
});
afterAll(async () => {
  await mcp.close();
});

const vector = (): Vector => {
  const found = loadCorpus()
    .suites.find((s) => s.name === "wire-interop")
    ?.vectors.find((v) => v.id === "wire-interop/round-trip/whole-scenario");
  if (!found) throw new Error("no interop vector");
  return found;
};

describe("an interop case", () => {
  it("passes with the reference in every role, and fails with a cause naming the Agent once its answer is edited", async () => {
    const reference = referenceInProcess();
    await reference.start();
    const v = vector();
    const evidence = await interopEvidence({ agent: reference, server: reference, computer: reference }, v, mcp, "t-interop");
    const judged = judgeInterop(v, evidence, 0);
    expect(judged.diffs).toEqual([]);
    expect(judged).toMatchObject({ raw_status: "pass", status: "pass", agent: "reference", server: "reference", computer: "reference" });
    expect(Object.keys(judged).slice(1, 4)).toEqual(["agent", "server", "computer"]);
    expect(evidence.relay?.packets.some((p) => p.event === "notify:update_tool_list" && p.dir === "out")).toBe(true);
    expect(evidence.added_tool).toBe(true);

    const steps = (evidence.agent!.output as { steps: Array<Record<string, unknown>> }).steps;
    const edited: InteropEvidence = {
      ...evidence,
      agent: {
        ...evidence.agent!,
        output: { ...(evidence.agent!.output as object), steps: steps.map((s) => (s.as === "call" ? { ...s, outcome: "error" } : s)) },
      },
    };
    const failed = judgeInterop(v, edited, 0);
    expect(failed.raw_status).toBe("fail");
    // The Server passed the Computer's answer on unchanged: the Agent that surfaced an error is blamed (issue 44, item 2).
    expect(failed.cause).toMatch(
      /^agent reference: it surfaced something else than the answer it got to client:tool_call; \/surfaced\/call\/outcome/,
    );
    expect(failed.blamed).toBe("agent");

    // A Server that was never stopped did not play its part: a stop that timed out hangs the cell, one not answered {stopped: true} fails it.
    expect(evidence.server_stop?.output).toMatchObject({ stopped: true });
    const unstopped = (server_stop: InteropEvidence["server_stop"]) => judgeInterop(v, { ...evidence, server_stop }, 0);
    expect(unstopped({ request: null, response: null, result: "timeout", message: "no answer in 5000 ms" })).toMatchObject({
      raw_status: "timeout",
      cause: "server reference: its adapter call ended timeout",
    });
    expect(unstopped({ request: null, response: null, result: "ok", output: { stopped: false } })).toMatchObject({
      raw_status: "fail",
      cause: "server reference: its adapter call ended not_stopped",
    });
    await reference.stop();
  }, 60_000);
});

describe("the interop grid", () => {
  const cell = (agent: string, server: string, computer: string, c: "pass" | "fail" | "hang"): InteropCase => ({
    vector_id: "v",
    agent,
    server,
    computer,
    raw_status: c === "hang" ? "timeout" : c,
    status: c === "hang" ? "timeout" : c,
    diffs: [],
    duration_ms: 1,
    evidence: {},
  });

  it("draws one block per Server, a hang over a fail over a pass, and a dot for a choice that never ran", () => {
    const cases = [cell("a", "s", "c", "pass"), cell("b", "s", "c", "fail"), cell("a", "s", "d", "hang"), cell("b", "s", "d", "pass")];
    const extra = { ...cell("a", "s", "c", "fail"), vector_id: "w" };
    const grid = interopGrid([...cases, extra]);
    expect(grid.cell("a", "s", "c")?.cell).toBe("fail");
    expect(grid.cell("a", "s", "d")?.cell).toBe("hang");
    expect(grid.cell("a", "t", "c")).toBeUndefined();
    const lines = interopLines(cases.slice(0, 3));
    expect(lines.join("\n")).toContain("server s");
    expect(lines.at(-1)).toMatch(/^ {2}1\/3 cells pass, 1 hang/);
    expect(lines.find((l) => l.includes("agent b"))).toMatch(/✗\s+·/);
  });
});

describe("interop expectations: the rule every case follows, keyed by the roles", () => {
  const base: InteropCase = {
    vector_id: "v",
    agent: "python",
    server: "rust",
    computer: "reference",
    raw_status: "fail",
    status: "fail",
    diffs: [],
    duration_ms: 1,
    evidence: {},
  };
  const entry: Gap = { id: "v", role: "server", with: { agent: "python" }, status: "fail", reason: "why" };
  const judged = (raw: InteropRawStatus, more: Partial<InteropCase> = {}): InteropCase => ({
    ...base,
    raw_status: raw,
    status: raw,
    ...more,
  });

  it("a listed failure is a known gap, a listed pass stale unless intermittent, a different failure stale, an unlisted choice untouched", () => {
    const listed = new Map([["rust", [entry]]]);
    expect(withGaps(judged("fail"), listed)).toMatchObject({ status: "known_gap", gap: { implementation: "rust", reason: "why" } });
    expect(withGaps(judged("pass"), listed)).toMatchObject({ status: "stale", gap: { implementation: "rust" } });
    expect(withGaps(judged("timeout"), listed).status).toBe("stale"); // listed as fail, it hung
    const intermittent = new Map([["rust", [{ ...entry, intermittent: "a race" }]]]);
    expect(withGaps(judged("pass"), intermittent).status).toBe("pass");
    expect(withGaps(judged("timeout"), intermittent).status).toBe("known_gap"); // a lost race may end at the time box
    expect(withGaps(judged("fail", { agent: "reference" }), listed)).toEqual(judged("fail", { agent: "reference" })); // `with` names the Agent
    expect(withGaps(judged("fail", { server: "python" }), listed).status).toBe("fail"); // rust is not the Server here
  });

  it("of several entries keying a case, the one it fails as wins; applying twice changes nothing", () => {
    const listed = new Map([
      ["rust", [{ ...entry, status: "timeout" as const }]],
      ["python", [{ id: "v", role: "agent" as const, status: "fail" as const, reason: "the agent's" }]],
    ]);
    const once = withGaps(judged("fail"), listed);
    expect(once).toMatchObject({ status: "known_gap", gap: { implementation: "python", reason: "the agent's" } });
    expect(withGaps(once, listed)).toEqual(once);
  });

  it("fails the run on an unlisted failure and on a stale entry, not on a known one", () => {
    const verdict = (interop: InteropCase[]) =>
      runVerdict({ implementations: [], summary: { by_implementation: {} }, interop }).failures.map((f) => f.message);
    expect(verdict([base])).toEqual(["interop agent python × server rust × computer reference: fail"]);
    expect(verdict([judged("timeout")])).toEqual(["interop agent python × server rust × computer reference: hang"]);
    expect(verdict([{ ...base, status: "known_gap", gap: { implementation: "rust", reason: "why" } }])).toEqual([]);
    expect(verdict([judged("pass", { status: "stale", gap: { implementation: "rust", reason: "why" } })])).toEqual([
      "interop agent python × server rust × computer reference: passes, but rust's expectations still list it (stale)",
    ]);
  });
});
