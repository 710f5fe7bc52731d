// The evidence behind a failure shown whole where it matters (issue 45, item 2): the packet the
// failing pointer names, pretty-printed and cut only around the part that differs.
import { describe, expect, it } from "vitest";
import { evidenceBehind } from "../../harness/diff/evidence-behind.ts";
import { focusedJson } from "../../harness/diff/focused-json.ts";
import type { CaseRecord } from "../../harness/model/report.ts";
import { transportCase, wireCase } from "./failing-cases.ts";

describe("the packets behind a wire difference", () => {
  it("shows the get_tools ack whole around the tools: a list of one reads as one", () => {
    const lines = evidenceBehind(wireCase, 40);
    expect(lines[0]).toBe('#5 +50ms → client:get_tools [ack 0] {"agent":"wire-agent","req_id":"r1","computer":"wire-computer"}');
    expect(lines.slice(1)).toEqual([
      "#6 +60ms ← ack [ack 0]",
      "  {",
      '    "tools": [  (1 item)',
      "      {",
      '        "name": "inv__get_inventory",',
      '        "bundle_id": "inv",',
      '        "description": "Read one item of a fixed synthetic inventory; no external service, no mutation",',
      '        "params_schema": {… 4 keys: type, $schema, properties, required},',
      '        "meta": {"a2c_tool_meta":{"auto_apply":true}}',
      "      }",
      "    ],",
      '    "req_id": "r1"',
      "  }",
    ]);
  });

  it("a Server's packet lines (named by client) are expanded the same way", () => {
    const server = {
      ...wireCase,
      diffs: [{ path: "/steps/tools/ack/req_id", expected: "r1", absent: "actual" as const }],
      transcript: {
        ...wireCase.transcript,
        wire: {
          case_id: "s",
          evidence: {
            kind: "server",
            connects: [],
            packets: [
              {
                seq: 3,
                t_ms: 1,
                dir: "in",
                conn: "ag",
                type: "ack",
                nsp: "/smcp",
                ack_id: 1,
                args: [{ code: 404, message: "no such event" }],
              },
            ],
            steps: [{ step: { as: "tools" }, client: "ag", ack_id: 1 }],
          },
        },
      },
    } as unknown as CaseRecord;
    const lines = evidenceBehind(server, 40);
    expect(lines[0]).toMatch(/^ag #3 \+1ms ← ack \[ack 1\] \{"code":404,"message":"no such event"\}$/);
  });

  it("a transport difference in the SDK's result: the tools/call exchange, its status, headers and bodies", () => {
    expect(evidenceBehind(transportCase, 40)).toEqual([
      "#2 +9 ms → POST /c/t/mcp tools/call ← 401 (answered by status, 1 ms, finished)",
      '  response headers: www-authenticate: Bearer realm="mcp"',
      "  request body (80 bytes):",
      "    {",
      '      "jsonrpc": "2.0",',
      '      "id": 2,',
      '      "method": "tools/call",',
      '      "params": {"name":"get_inventory"}',
      "    }",
      '  response body (27 bytes): {"scene":"scripted-status"}',
    ]);
    // A fact about every request lists them, one line each.
    const methods = { ...transportCase, diffs: [{ path: "/server/methods/1", expected: "tools/list", actual: "tools/call" }] };
    expect(evidenceBehind(methods, 40).map((l) => l.split(" ←")[0])).toEqual([
      "#1 +1 ms → POST /c/t/mcp initialize",
      "#2 +9 ms → POST /c/t/mcp tools/call",
    ]);
  });
});

describe("focused JSON", () => {
  const tools = Array.from({ length: 50 }, (_, i) => ({
    name: `tool_${i}`,
    schema: { type: "object", properties: { a: { type: "string" } } },
  }));

  it("opens the item holding the focus and counts the others", () => {
    const lines = focusedJson({ tools }, { values: ["tool_40"], keys: [] }, 40);
    expect(lines[1]).toBe('  "tools": [  (50 items)');
    expect(lines).toContain('      "name": "tool_40",');
    expect(lines).toContain("    … 46 more items");
  });

  it("keeps the lines around the focus when the whole is too long, and cuts a long string around it", () => {
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i === 45 ? "the one" : `v${i}`]));
    const lines = focusedJson(many, { values: ["the one"], keys: [] }, 20);
    expect(lines).toContain('  "k45": "the one",');
    expect(lines).toEqual([
      "{",
      "… 42 lines",
      ...[42, 43, 44].map((i) => `  "k${i}": "v${i}",`),
      '  "k45": "the one",',
      ...[46, 47, 48].map((i) => `  "k${i}": "v${i}",`),
      "… 12 lines",
    ]);
    const long = focusedJson({ text: `${"a".repeat(500)}NEEDLE${"b".repeat(500)}` }, { values: ["NEEDLE"], keys: [] }, 20);
    expect(long.join("\n")).toMatch(/"text": "…a+NEEDLEb+…" \(1006 characters\)/);
  });
});
