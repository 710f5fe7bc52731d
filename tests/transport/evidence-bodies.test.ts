// A live case's evidence is complete enough to re-judge (issue 32, item 6): every header and each
// body whole, within a per-case budget; past it a body is cut and says how many bytes it had.
import { describe, expect, it } from "vitest";
import { BODY_BYTES_PER_BODY, BODY_BYTES_PER_CASE } from "../../harness/transport/case-recorder.ts";
import { httpExchangeLines } from "../../harness/transport/exchange-lines.ts";
import { startSceneServer } from "../../harness/transport/scene-server.ts";
import { inventoryCall, JSON_RPC_HEADERS, post } from "./raw-post.ts";

const HEADERS = { ...JSON_RPC_HEADERS, "x-client-note": "kept whole", authorization: "Bearer secret-token" };
const call = (id: number, note = "") => inventoryCall(id, note ? { note } : {});
const postWhole = (url: string, body: string) => post(url, body, HEADERS);

describe("a live case keeps whole exchanges", () => {
  it("every request and response header, and both bodies whole (a credential recorded as present)", async () => {
    const server = await startSceneServer();
    try {
      const c = server.openCase({ id: server.newCaseId("whole"), transport: "streamable_http", mode: "dual", scene: null });
      const body = JSON.stringify(call(7));
      expect(await postWhole(c.url, body)).toBe(200);
      const evidence = await c.close();
      const ex = evidence.exchanges[0]!;
      expect(ex.request_headers).toMatchObject({
        "x-client-note": "kept whole",
        "content-length": String(body.length),
        authorization: "<present>",
      });
      expect(JSON.stringify(ex)).not.toContain("secret-token");
      expect(ex.request_body).toEqual({ text: body, bytes: body.length });
      expect(ex.response_headers["content-type"]).toBeDefined();
      // The tool's result, as sent: its arguments came back in the tool run, its answer in the body.
      expect(ex.response_text?.text).toContain('"id":7');
      expect(ex.response_text?.text).toContain("DEMO-001");
      expect(ex.response_text?.cut).toBeUndefined();
      expect(evidence.body_bytes_kept).toBe(body.length + ex.response_text!.bytes);
      // What show and the HTML print: the request, its headers and body, then the response.
      const lines = httpExchangeLines(evidence, 2000);
      expect(lines[0]).toMatch(/^#1 \+[\d.]+ ms → POST \/c\/whole-\S+\/mcp$/);
      expect(lines).toContain("    x-client-note: kept whole");
      expect(lines).toContain(`    body (${body.length} bytes): ${body}`);
      expect(lines.find((l) => l.startsWith("#1 ←"))).toMatch(/^#1 ← 200 \(answered by sdk, [\d.]+ ms, finished\)$/);
    } finally {
      await server.close();
    }
  }, 60_000);

  it("bodies past the case's budget are cut, each saying its whole size and the bytes not kept", async () => {
    const server = await startSceneServer();
    try {
      const c = server.openCase({ id: server.newCaseId("cut"), transport: "streamable_http", mode: "dual", scene: null });
      const big = JSON.stringify(call(1, "x".repeat(BODY_BYTES_PER_BODY + 1000)));
      const count = Math.ceil(BODY_BYTES_PER_CASE / BODY_BYTES_PER_BODY) + 2;
      for (let i = 0; i < count; i++) await postWhole(c.url, big);
      const evidence = await c.close();
      const bodies = evidence.exchanges.map((ex) => ex.request_body!);
      expect(bodies[0]).toMatchObject({ bytes: big.length, cut: big.length - BODY_BYTES_PER_BODY });
      expect(bodies[0]!.text).toBe(big.slice(0, BODY_BYTES_PER_BODY));
      const last = bodies[bodies.length - 1]!;
      expect(last).toEqual({ text: "", bytes: big.length, cut: big.length });
      const cutLines = httpExchangeLines(evidence, 10).filter((l) => l.startsWith(`    body (${big.length} bytes`));
      expect(cutLines.at(-1)).toBe(`    body (${big.length} bytes, ${big.length} not kept (the case's body budget)): `);
      expect(evidence.body_bytes_kept).toBe(BODY_BYTES_PER_CASE);
    } finally {
      await server.close();
    }
  }, 60_000);
});
