// A Computer scene that changes an MCP server to provoke an announcement first exchanges a request
// with the Computer (or has it act): the kit acks the join and may start the change at once, but a
// Computer records a change before its join without telling it (computer.md §2.2), and under load it
// may not have taken the ack yet. An answered request shows it has: one connection's packets arrive
// in order. update-desktop-payload lacked this and failed its first attempt on the reference at load 9.
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";

const CHANGES = ["add_tool", "add_window", "add_skill", "update_skill", "add_note", "drop_skill", "remove_skill", "resource_updated"];

describe("MCP changes in a Computer scene", () => {
  it("come after an exchange with the Computer or an act of it", () => {
    const vectors = loadCorpus()
      .suites.flatMap((s) => s.vectors)
      .filter((v) => v.op === "wire.computer");
    const racing: string[] = [];
    let changing = 0;
    for (const v of vectors) {
      const script = ((v.input as { script?: Record<string, unknown>[] }).script ?? []) as Record<string, unknown>[];
      const firstChange = script.findIndex((step) => CHANGES.some((k) => k in step));
      if (firstChange < 0) continue;
      changing++;
      if (!script.slice(0, firstChange).some((step) => "send" in step || "computer" in step)) racing.push(v.id);
    }
    expect(changing).toBeGreaterThan(15);
    expect(racing).toEqual([]);
  });
});
