// Pipelined cases never share evidence: many cases at once on one server, each with its own path
// prefix, each record holding only its own exchanges and tool runs; and two servers at once (two
// runs) do not collide.
import { describe, expect, it } from "vitest";
import { evidenceFacts } from "../../harness/transport/evidence-facts.ts";
import type { CaseSpec, Scene } from "../../harness/transport/scene.ts";
import { type SceneServer, startSceneServer } from "../../harness/transport/scene-server.ts";
import { callSse, callStreamable } from "./clients.ts";

const status = (code: number): Scene => ({
  answer: "status",
  on: ["tools/call"],
  times: null,
  delay_ms: 0,
  status: code,
  headers: {},
  body: { scene: "scripted-status" },
});
const delayed: Scene = { answer: "sdk", on: ["tools/call"], times: null, delay_ms: 200 };

/** Runs one case through a real client and returns its record, with what the case expects. */
async function runCase(server: SceneServer, mode: CaseSpec["mode"], scene: Scene | null, sku: string, id?: string) {
  const c = server.openCase({
    id: id ?? server.newCaseId(`${mode}-${scene?.status ?? scene?.answer ?? "pass"}`),
    transport: mode === "sse" ? "sse" : "streamable_http",
    mode,
    scene,
  });
  // A generous time box: this checks isolation, not speed, and CI machines can be loaded.
  const outcome = mode === "sse" ? await callSse(c.url, 10_000, sku) : await callStreamable(c.url, "legacy", 10_000, sku);
  return { id: c.id, outcome, evidence: await c.close(), runs: scene?.answer === "status" ? 0 : 1, sku };
}

describe("evidence per case", () => {
  it("16 concurrent cases keep their exchanges and tool runs apart", async () => {
    const server = await startSceneServer();
    try {
      const modes = ["dual", "legacy_only", "legacy_sessionful", "sse"] as const;
      const scenes = [null, status(401), status(403), delayed];
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, i) => runCase(server, modes[i % 4]!, scenes[Math.floor(i / 4)]!, i % 2 ? "DEMO-001" : "DEMO-002")),
      );
      for (const r of results) {
        const facts = evidenceFacts(r.evidence);
        expect(facts.tools_call_requests, r.id).toBe(1);
        expect(facts.tool_runs, r.id).toBe(r.runs);
        expect(
          r.evidence.tool_runs.every((run) => (run.arguments as { sku: string }).sku === r.sku),
          r.id,
        ).toBe(true);
        expect(
          r.evidence.exchanges.every((ex) => ex.path.startsWith(`/c/${r.id}/`)),
          r.id,
        ).toBe(true);
        expect(r.evidence.exchanges.map((ex) => ex.seq)).toEqual(r.evidence.exchanges.map((_, i) => i + 1));
      }
      expect(new Set(results.map((r) => r.id)).size).toBe(16);
      // A client may still reopen a stream after its case closed: that lands nowhere, never in another case.
      expect(server.strayRequests().recent.every((r) => / \/c\/[^/]+\/(mcp|sse|messages)$/.test(r))).toBe(true);
    } finally {
      await server.close();
    }
  });

  it("case ids end in random bits: knowing one's own id tells nothing of a neighbour's (issue 32, item 5)", async () => {
    const server = await startSceneServer();
    try {
      const [a, b] = [server.newCaseId("python-x"), server.newCaseId("python-x")];
      expect(a).toMatch(/^python-x-1-[A-Za-z0-9_-]{16}$/);
      expect(b.startsWith("python-x-2-")).toBe(true);
      expect(b.slice(-16)).not.toBe(a.slice(-16));
      const c = server.openCase({ id: a, transport: "streamable_http", mode: "dual", scene: null });
      // The neighbour's URL by counting alone reaches no case.
      const guessed = await fetch(`${server.baseUrl}/c/python-x-2/mcp`, { method: "POST", body: "{}" });
      expect(guessed.status).toBe(404);
      await c.close();
    } finally {
      await server.close();
    }
  });

  it("two servers at once (two runs) get their own ports and records", async () => {
    const [a, b] = await Promise.all([startSceneServer(), startSceneServer()]);
    try {
      expect(a.port).not.toBe(b.port);
      const [ra, rb] = await Promise.all([
        runCase(a, "dual", status(401), "DEMO-001", "same"),
        runCase(b, "dual", null, "DEMO-002", "same"),
      ]);
      expect(ra.id).toBe(rb.id); // the same case id on each server, no collision
      expect(evidenceFacts(ra.evidence)).toMatchObject({ tools_call_status: 401, tool_runs: 0 });
      expect(evidenceFacts(rb.evidence)).toMatchObject({ tools_call_status: 200, tool_runs: 1 });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
