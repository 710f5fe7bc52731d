// Requests after a case closed (issue 32, item 5): listed for that case, with how long after it
// closed they came, and carried into the case's evidence in the report.
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import type { CaseRecord } from "../../harness/model/report.ts";
import { withLateRequests } from "../../harness/run/case-record.ts";
import { startSceneServer } from "../../harness/transport/scene-server.ts";

function post(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end("{}");
  });
}

describe("requests after a case closed", () => {
  it("are answered 404, counted for the closed case and listed with when they came", async () => {
    const server = await startSceneServer();
    try {
      const c = server.openCase({ id: server.newCaseId("late"), transport: "streamable_http", mode: "dual", scene: null });
      const open = server.openCase({ id: server.newCaseId("open"), transport: "streamable_http", mode: "dual", scene: null });
      await c.close();
      expect(await post(c.url)).toBe(404);
      expect(await post(`${c.url}?again=1`)).toBe(404);
      const strays = server.strayRequests();
      const id = Object.keys(strays.after_close)[0]!;
      expect(c.url).toContain(`/c/${id}/`);
      expect(strays.after_close[id]!.count).toBe(2);
      expect(strays.after_close[id]!.recent[1]).toMatch(new RegExp(`^POST /c/${id}/mcp\\?again=1 \\(\\+\\d+ ms after the case closed\\)$`));
      // A request to a prefix that never was a case is a stray, but no case's.
      expect(await post(c.url.replace(id, "no-such-case"))).toBe(404);
      expect(Object.keys(server.strayRequests().after_close)).toEqual([id]);
      await open.close();
    } finally {
      await server.close();
    }
  }, 30_000);

  it("are carried into their case's evidence in the report, and no other case's", () => {
    const late = { "case-a": { count: 2, recent: ["POST /c/case-a/mcp (+5 ms after the case closed)"] } };
    const liveCase = (caseId: string) =>
      ({
        vector_id: "transport/x",
        transcript: {
          request: null,
          response: null,
          transport: { case_id: caseId, base_url: "http://127.0.0.1:1", evidence: { exchanges: [] } },
        },
      }) as unknown as CaseRecord;
    expect(withLateRequests(liveCase("case-a"), late).transcript.transport!.evidence).toEqual({
      exchanges: [],
      late_requests: late["case-a"],
    });
    const other = liveCase("case-b");
    expect(withLateRequests(other, late)).toBe(other);
  });
});
