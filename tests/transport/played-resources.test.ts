// A scene's played_resources are listed beside its own resources with the URI, name, mimeType and
// _meta given, and read as the text given; a vector input with a resource missing its text is refused.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareTransportCase } from "../../harness/transport/prepare-case.ts";
import { type SceneServer, startSceneServer } from "../../harness/transport/scene-server.ts";

let server: SceneServer;
beforeAll(async () => {
  server = await startSceneServer();
});
afterAll(() => server.close());

const where = () => ({ caseId: server.newCaseId("played-res"), baseUrl: server.baseUrl });

describe("played resources", () => {
  it("lists each one as given beside the window resources and reads it as its text", async () => {
    const prepared = prepareTransportCase(
      {
        transport: "streamable_http",
        window: true,
        played_resources: [
          { uri: "skill://com.example.kit/kit-skill-notes/todo.md", mimeType: "text/markdown", text: "# todo\n" },
          { uri: "kit://x/tagged", name: "tagged", _meta: { "com.example/k": 1 }, text: "t" },
        ],
      },
      where(),
    );
    if (!prepared.ok) throw new Error(prepared.problem);
    const opened = server.openCase(prepared.spec);
    const client = new Client({ name: "kit-selftest", version: "0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(opened.url)));
    try {
      const { resources } = await client.listResources();
      expect(resources.map((r) => r.uri)).toEqual([
        "window://com.example.inventory/stock",
        "kit://inventory/readme",
        "skill://com.example.kit/kit-skill-notes/todo.md",
        "kit://x/tagged",
      ]);
      expect(resources[3]).toMatchObject({ name: "tagged", mimeType: "text/plain", _meta: { "com.example/k": 1 } });
      const read = await client.readResource({ uri: "skill://com.example.kit/kit-skill-notes/todo.md" });
      expect(read.contents).toEqual([
        { uri: "skill://com.example.kit/kit-skill-notes/todo.md", mimeType: "text/markdown", text: "# todo\n" },
      ]);
    } finally {
      await client.close();
      await opened.close();
    }
  });

  it("refuses a played resource without its text", () => {
    const prepared = prepareTransportCase({ transport: "streamable_http", played_resources: [{ uri: "kit://x/y" }] }, where());
    expect(prepared).toMatchObject({ ok: false });
    expect(prepared.ok ? "" : prepared.problem).toMatch(/played_resources\/0.*text/);
  });
});
