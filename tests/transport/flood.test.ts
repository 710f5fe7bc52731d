// A flood through a live case (issue 32, item 1): bodies held at once, exchanges, tool runs and
// batch messages kept per case are all bounded, and what was left out is counted in the evidence.
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { BODY_BYTES_AT_ONCE } from "../../harness/transport/body-budget.ts";
import { RECORDS_KEPT } from "../../harness/transport/case-recorder.ts";
import { evidenceFacts } from "../../harness/transport/evidence-facts.ts";
import { RPC_KEPT } from "../../harness/transport/rpc-summary.ts";
import { startSceneServer } from "../../harness/transport/scene-server.ts";
import { JSON_RPC_HEADERS as HEADERS, inventoryCall, post } from "./raw-post.ts";

const MiB = 1024 * 1024;
const call = (id: number) => inventoryCall(id);

describe("a flood through one live case", () => {
  it("bodies that arrive at once past the server's budget are refused with 503, never held", async () => {
    const server = await startSceneServer();
    try {
      const c = server.openCase({ id: server.newCaseId("held"), transport: "streamable_http", mode: "dual", scene: null });
      const count = Math.ceil(BODY_BYTES_AT_ONCE / (3 * MiB)) + 8;
      // Each request sends 3 MB of an unfinished body and waits: the server holds what it has read.
      const statuses: Promise<number>[] = [];
      const open = Array.from({ length: count }, () => {
        const req = request(c.url, { method: "POST", headers: HEADERS });
        statuses.push(
          new Promise((resolve) => {
            req.on("response", (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            });
            req.on("error", () => resolve(-1));
          }),
        );
        req.write(" ".repeat(3 * MiB));
        return req;
      });
      // The refusals come while every body is still unfinished.
      let refused = c.evidence().exchanges.filter((ex) => ex.status === 503);
      for (let waited = 0; refused.length < 8 && waited < 20_000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        refused = c.evidence().exchanges.filter((ex) => ex.status === 503);
      }
      expect(refused.length).toBeGreaterThanOrEqual(8);
      expect(refused.every((ex) => ex.answered_by === "harness")).toBe(true);
      for (const req of open) req.end(JSON.stringify(call(1)));
      const all = await Promise.all(statuses);
      // More refusals may land after the first eight were seen; the evidence must hold each one.
      const refusedInEvidence = c.evidence().exchanges.filter((ex) => ex.status === 503);
      expect(all.filter((s) => s === 503).length).toBe(refusedInEvidence.length);
      expect(refusedInEvidence.every((ex) => ex.answered_by === "harness")).toBe(true);
      await c.close();
    } finally {
      await server.close();
    }
  }, 60_000);

  it("a case keeps its first exchanges, tool runs and batch messages, counts the rest, and facts still count every tool run", async () => {
    const server = await startSceneServer();
    try {
      const c = server.openCase({ id: server.newCaseId("flood"), transport: "streamable_http", mode: "dual", scene: null });
      const batch = JSON.stringify(Array.from({ length: 2000 }, (_, i) => call(i)));
      await post(c.url, batch);
      for (let i = 0; i < RECORDS_KEPT + 20; i++) await post(c.url, JSON.stringify(call(i)));
      const evidence = await c.close();
      expect(evidence.exchanges).toHaveLength(RECORDS_KEPT);
      expect(evidence.exchanges[0]!.rpc).toHaveLength(RPC_KEPT);
      expect(evidence.exchanges[0]!.rpc_not_kept).toBe(2000 - RPC_KEPT);
      expect(evidence.not_kept?.exchanges).toBe(21);
      const facts = evidenceFacts(evidence);
      expect(facts.tool_runs).toBe(evidence.tool_runs.length + (evidence.not_kept?.tool_runs ?? 0));
      expect(evidence.tool_runs.length).toBeLessThanOrEqual(RECORDS_KEPT);
      expect(JSON.stringify(evidence).length).toBeLessThan(RECORDS_KEPT * 4096);
    } finally {
      await server.close();
    }
  }, 120_000);
});
