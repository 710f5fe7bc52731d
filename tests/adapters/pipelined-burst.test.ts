// The SDK adapters batch their I/O (Python: chunked reads, one write per chunk; Rust: stdout flushed
// only before a read that may block). A burst written in one go must still get every id answered
// exactly once, without waiting for end of input, and a partial trailing line must wait for its rest.
import { afterEach, describe, expect, it } from "vitest";
import { sdkManifest } from "../../harness/impl/sdk-manifests.ts";

const PYTHON_DIR = `${sdkManifest("python")!.dir}/`;

import { LinePipe } from "./line-pipe.ts";
import { adapterCommand, SDK_ADAPTERS, SDK_TESTS } from "./sdk-adapters.ts";

const BURST = 500;

function call(id: number): string {
  // non-ASCII names, so multi-byte characters straddle read-chunk boundaries
  const config = { name: `Srv ${id} 服务 ünï`, type: "stdio", server_parameters: { command: "npx", args: [], env: {} } };
  return `${JSON.stringify({ type: "call", id, op: "bundle_id.resolve", input: { config } })}\n`;
}

/** The ids answered, in order; every answer must be an ok result. */
function answeredIds(lines: readonly string[]): number[] {
  const answers = lines.map((l) => JSON.parse(l) as { type: string; id: number; ok?: boolean });
  expect(answers.filter((m) => m.type !== "result" || m.ok !== true)).toEqual([]);
  return answers.map((m) => m.id);
}

describe.runIf(SDK_TESTS)("pipelined bursts to the SDK adapters", () => {
  let pipe: LinePipe | undefined;
  afterEach(() => pipe?.kill());

  for (const name of SDK_ADAPTERS) {
    it(`${name}: a burst of ${BURST} calls in one write is answered once per id, then a split line`, async () => {
      pipe = new LinePipe(await adapterCommand(name));
      const ids = Array.from({ length: BURST }, (_, i) => i + 1);
      pipe.write(`{"type":"hello","adapter_protocol":1}\n${ids.map(call).join("")}`);
      await pipe.waitForLines(1 + BURST); // stdin stays open: answers must not wait for end of input
      // A harness that speaks only protocol 1 gets a protocol-1 hello, and so never a batch.
      expect(JSON.parse(pipe.lines[0]!)).toMatchObject({
        type: "hello",
        adapter_protocol: 1,
        operations: expect.arrayContaining(["bench.loop"]),
      });
      expect(answeredIds(pipe.lines.slice(1))).toEqual(ids); // each once, in arrival order

      const next = Buffer.from(call(BURST + 1));
      const cut = next.indexOf(Buffer.from("服")) + 1; // inside the line and inside a UTF-8 sequence
      pipe.write(next.subarray(0, cut));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(pipe.lines.length).toBe(1 + BURST); // half a line is not a request yet
      pipe.write(next.subarray(cut));
      await pipe.waitForLines(2 + BURST);
      expect(answeredIds(pipe.lines.slice(1 + BURST))).toEqual([BURST + 1]);
      expect(await pipe.shutdown()).toBe(0);
      expect(pipe.lines.length).toBe(2 + BURST);
    }, 900_000); // the first use may set up the venv / build the adapter
  }

  for (const name of SDK_ADAPTERS) {
    it(`${name}: protocol 2, two batches in one write are answered as two lines, a live call and a lone surrogate refused alone`, async () => {
      pipe = new LinePipe(await adapterCommand(name));
      pipe.write('{"type":"hello","adapter_protocol":2}\n');
      await pipe.waitForLines(1);
      expect(JSON.parse(pipe.lines[0]!)).toMatchObject({ type: "hello", adapter_protocol: 2 });
      const callOf = (line: string) => JSON.parse(line) as object;
      const live = { type: "call", id: 4, op: "transport.call_tool", input: {} };
      const lone = { type: "call", id: 5, op: "env_var.name", input: { input_id: "a\uD800b", bundle_id: "srv" } };
      const first = { type: "batch", calls: [callOf(call(1)), callOf(call(2)), callOf(call(3))] };
      const second = { type: "batch", calls: [live, lone, callOf(call(6))] };
      pipe.write(`${JSON.stringify(first)}\n${JSON.stringify(second)}\n`);
      await pipe.waitForLines(3);
      const batches = pipe.lines
        .slice(1)
        .map(
          (line) => JSON.parse(line) as { type: string; answers: { type: string; id: number; ok: boolean; error?: { reason: string } }[] },
        );
      expect(batches.map((b) => b.type)).toEqual(["batch", "batch"]);
      expect(batches.map((b) => b.answers.map((a) => a.id).sort())).toEqual([
        [1, 2, 3],
        [4, 5, 6],
      ]);
      const byId = new Map(batches.flatMap((b) => b.answers).map((a) => [a.id, a]));
      for (const id of [1, 2, 3, 6]) expect(byId.get(id)).toMatchObject({ type: "result", ok: true });
      expect(byId.get(4)).toMatchObject({ ok: false, error: { reason: "unclassified", raw_type: "BatchedLiveCall" } });
      // Rust cannot read the lone surrogate: that call alone is refused, its batch-mates answered.
      if (name === "rust") expect(byId.get(5)).toMatchObject({ ok: false, error: { reason: "input.lone_surrogate" } });
      expect(await pipe.shutdown()).toBe(0);
    }, 900_000);
  }

  it("python: a call that hangs does not hold back the answers batched before it", async () => {
    // adapter.py with one extra operation that sleeps, registered before it serves
    const script = [
      "import os, runpy, sys, time",
      'os.environ["A2C_SMCP_LOG_SILENT"] = "1"',
      `sys.path.insert(0, ${JSON.stringify(PYTHON_DIR)})`,
      "from smcp_adapter import dispatch",
      'dispatch.OPERATIONS["test.sleep"] = lambda inp: time.sleep(inp["seconds"]) or {"slept": inp["seconds"]}',
      `runpy.run_path(${JSON.stringify(`${PYTHON_DIR}adapter.py`)}, run_name="__main__")`,
    ].join("\n");
    const command = await adapterCommand("python");
    pipe = new LinePipe({ ...command, args: ["-X", "utf8", "-c", script] });
    const sleep = (id: number, seconds: number) => `${JSON.stringify({ type: "call", id, op: "test.sleep", input: { seconds } })}\n`;
    pipe.write(`{"type":"hello","adapter_protocol":1}\n`);
    await pipe.waitForLines(1);
    pipe.write(`${call(1)}${sleep(2, 4)}${call(3)}`);
    await pipe.waitForLines(2, 2_000); // call 1's answer, long before call 2 wakes up
    expect(answeredIds(pipe.lines.slice(1))).toEqual([1]);
    await pipe.waitForLines(4, 10_000);
    expect(answeredIds(pipe.lines.slice(1))).toEqual([1, 2, 3]);
  }, 900_000);
});
