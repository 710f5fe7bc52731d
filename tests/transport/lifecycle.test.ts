// A clean close: nothing listens on the port afterwards, no connection or timer keeps a process
// alive, and faults (a port that cannot be bound, a closed server, a bad case id) are typed
// errors the runner can report per case.
import { spawnSync } from "node:child_process";
import { connect } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TransportError } from "../../harness/transport/errors.ts";
import { openTransportCase } from "../../harness/transport/open-case.ts";
import { startSceneServer } from "../../harness/transport/scene-server.ts";
import { callStreamable } from "./clients.ts";

/** Resolves with the connection error's code, or "connected". */
function probe(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? "error"));
  });
}

const HANDLES = ["TCPServerWrap", "TCPSocketWrap", "Timeout"];
const handles = () => process.getActiveResourcesInfo().filter((r) => HANDLES.includes(r)).length;

/** Waits until the count of network handles and timers is back to `baseline` (handles close a tick after close()). */
async function settledTo(baseline: number): Promise<number> {
  for (let i = 0; i < 50 && handles() > baseline; i++) await new Promise((r) => setImmediate(r));
  return handles();
}

describe("closing", () => {
  it("leaves no listening socket and no handle behind, held answers included", async () => {
    const baseline = handles();
    const server = await startSceneServer();
    const held = server.openCase({
      id: "held",
      transport: "streamable_http",
      mode: "legacy_sessionful",
      scene: { answer: "no_answer", on: ["tools/call"], times: null, delay_ms: 0 },
    });
    const outcome = await callStreamable(held.url, "legacy", 500);
    expect(outcome.hangs).toBe(true);
    expect(await probe(server.port)).toBe("connected");
    await server.close();
    await server.close(); // idempotent
    expect(await probe(server.port)).toBe("ECONNREFUSED");
    expect(await settledTo(baseline)).toBeLessThanOrEqual(baseline);
    expect(held.evidence().closed).toBe(true);
  });

  it("a process that ran every mode exits by itself once the server is closed", () => {
    const child = spawnSync(process.execPath, ["--import", "tsx", join(import.meta.dirname, "fixtures", "serve-and-close.ts")], {
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(child.signal, `killed: still alive after 20 s\n${child.stderr}`).toBeNull();
    expect(child.status, child.stderr).toBe(0);
    const { port } = JSON.parse(child.stdout.trim().split("\n").at(-1)!) as { port: number };
    return expect(probe(port)).resolves.toBe("ECONNREFUSED");
  }, 30_000);

  it("requests to a closed case are strays, not evidence", async () => {
    const server = await startSceneServer();
    try {
      const c = server.openCase({ id: "gone", transport: "streamable_http", mode: "dual", scene: null });
      const evidence = await c.close();
      await callStreamable(c.url, "legacy", 1000);
      expect(c.evidence().exchanges).toEqual(evidence.exchanges);
      expect(server.strayRequests().count).toBeGreaterThan(0);
      expect(server.strayRequests().recent).toContain("POST /c/gone/mcp");
    } finally {
      await server.close();
    }
  });
});

describe("faults are typed", () => {
  it("a port that cannot be bound is transport.bind_failed", async () => {
    const first = await startSceneServer();
    try {
      const error = await startSceneServer({ port: first.port }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransportError);
      expect((error as TransportError).code).toBe("transport.bind_failed");
      expect(((error as TransportError).cause as NodeJS.ErrnoException).code).toBe("EADDRINUSE");
    } finally {
      await first.close();
    }
  });

  it("cases: a used or unsafe id is transport.case_failed, a closed server transport.server_closed", async () => {
    const server = await startSceneServer();
    const spec = { id: "one", transport: "streamable_http", mode: "dual", scene: null } as const;
    server.openCase(spec);
    expect(() => server.openCase(spec)).toThrow(expect.objectContaining({ code: "transport.case_failed" }));
    expect(() => server.openCase({ ...spec, id: "../up" })).toThrow(expect.objectContaining({ code: "transport.case_failed" }));
    expect(() => server.openCase({ ...spec, id: ".." })).toThrow(expect.objectContaining({ code: "transport.case_failed" }));
    await server.openCase({ ...spec, id: "reused" }).close();
    expect(() => server.openCase({ ...spec, id: "reused" })).toThrow(expect.objectContaining({ code: "transport.case_failed" }));
    await server.close();
    expect(() => server.openCase({ ...spec, id: "two" })).toThrow(expect.objectContaining({ code: "transport.server_closed" }));
    expect(openTransportCase(server, { transport: "sse" }, "late")).toMatchObject({
      ok: false,
      kind: "server",
      code: "transport.server_closed",
    });
  });

  it("openTransportCase reports a vector that names a URL, and opens a good one", async () => {
    const server = await startSceneServer();
    try {
      expect(openTransportCase(server, { transport: "streamable_http", url: "http://example.com/mcp" }, "bad")).toMatchObject({
        ok: false,
        kind: "invalid_input",
      });
      const opened = openTransportCase(server, { transport: "streamable_http" }, "python upstream-auth-error/vector-01");
      expect(opened.ok).toBe(true);
      if (opened.ok) {
        expect(opened.case.id).toMatch(/^python-upstream-auth-error-vector-01-\d+-[A-Za-z0-9_-]{16}$/);
        expect(opened.call.url).toBe(`${server.baseUrl}/c/${opened.case.id}/mcp`);
      }
    } finally {
      await server.close();
    }
  });
});
