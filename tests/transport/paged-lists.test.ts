// A `paged` scene answers tools/list and resources/list one item per page, nextCursor naming the
// next, in the SDK's own order; an unknown cursor is refused; an unpaged scene lists at once.
// The 1.x client: it reads one page per call (the v2 client follows nextCursor itself).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageCursor } from "../../harness/transport/paged-lists.ts";
import { prepareTransportCase } from "../../harness/transport/prepare-case.ts";
import { type SceneServer, startSceneServer } from "../../harness/transport/scene-server.ts";

let server: SceneServer;
beforeAll(async () => {
  server = await startSceneServer();
});
afterAll(() => server.close());

async function connected(input: Record<string, unknown>) {
  const prepared = prepareTransportCase(input, { caseId: server.newCaseId("paged"), baseUrl: server.baseUrl });
  if (!prepared.ok) throw new Error(prepared.problem);
  const opened = server.openCase(prepared.spec);
  const client = new Client({ name: "kit-selftest", version: "0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(opened.url)));
  return { client, close: async () => (await client.close(), opened.close()) };
}

describe("paged lists", () => {
  it("pages tools/list and resources/list one item at a time, to the end", async () => {
    const { client, close } = await connected({ transport: "streamable_http", paged: true, window: true, images: true });
    try {
      const first = await client.listTools();
      expect(first.tools.map((t) => t.name)).toHaveLength(1);
      expect(first.nextCursor).toBe(pageCursor(1));
      const second = await client.listTools({ cursor: first.nextCursor! });
      expect(second.nextCursor).toBeUndefined();
      expect([...first.tools, ...second.tools].map((t) => t.name).sort()).toEqual(["get_inventory", "get_label"]);
      const r1 = await client.listResources();
      const r2 = await client.listResources({ cursor: r1.nextCursor! });
      expect([r1.resources.map((r) => r.uri), r1.nextCursor, r2.resources.map((r) => r.uri), r2.nextCursor]).toEqual([
        ["window://com.example.inventory/stock"],
        pageCursor(1),
        ["kit://inventory/readme"],
        undefined,
      ]);
      await expect(client.listTools({ cursor: "kit-page-x" })).rejects.toThrow(/unknown cursor/);
    } finally {
      await close();
    }
  });

  it("lists everything at once without paged", async () => {
    const { client, close } = await connected({ transport: "streamable_http", window: true, images: true });
    try {
      const listed = await client.listTools();
      expect([listed.tools.length, listed.nextCursor]).toEqual([2, undefined]);
      expect((await client.listResources()).resources).toHaveLength(2);
    } finally {
      await close();
    }
  });
});
