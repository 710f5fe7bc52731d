// The SDK adapters start only the kit's stdio bridge: a wire.computer call whose stdio server names
// any other program is refused before the SDK's Computer starts anything (the answer is an error
// naming the command; the marker file the other program would write never appears).
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LinePipe } from "./line-pipe.ts";
import { adapterCommand, SDK_ADAPTERS, SDK_TESTS } from "./sdk-adapters.ts";

const SDKS = SDK_ADAPTERS.filter((sdk) => sdk === "python" || sdk === "rust");

describe.runIf(SDK_TESTS && SDKS.length > 0)("a stdio command that is not the kit's bridge", () => {
  let pipe: LinePipe | undefined;
  afterEach(() => pipe?.kill());

  it.each(SDKS)(
    "%s refuses it unrun",
    async (sdk) => {
      const marker = join(mkdtempSync(join(tmpdir(), "smcp-refused-")), "ran");
      const server = { name: "evil", type: "stdio", command: "/bin/sh", args: ["-c", `touch ${marker}`] };
      const input = { url: "http://127.0.0.1:9", office_id: "o1", computer_name: "c1", servers: [server], time_box_ms: 2000 };
      pipe = new LinePipe(await adapterCommand(sdk));
      pipe.write(`{"type":"hello","adapter_protocol":1}\n${JSON.stringify({ type: "call", id: 1, op: "wire.computer", input })}\n`);
      await pipe.waitForLines(2, 60_000);
      const answer = JSON.parse(pipe.lines[1]!) as { ok: boolean; error?: { message: string } };
      expect(answer.ok).toBe(false);
      expect(answer.error?.message).toContain("stdio bridge");
      expect(existsSync(marker)).toBe(false);
    },
    120_000,
  );
});
