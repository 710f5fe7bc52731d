// A failure as the console, `show` and the HTML tell it (issue 45, items 1 and 2): the story of its
// differences (a dropped tool is "missing", a TLV byte names its field) and the packet behind it
// pretty-printed whole around what differs, never cut at a fixed width inside the first tool.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { showCommand } from "../../harness/commands/show-command.ts";
import { renderConsole } from "../../harness/report/console.ts";
import { escapeHtml, renderHtml } from "../../harness/report/html.ts";
import { failingReport } from "../diff/failing-cases.ts";

const report = failingReport();

describe("a failing case's differences and evidence", () => {
  it("console: the story on the failure line, the ack pretty-printed below it", () => {
    const text = renderConsole(report, { quiet: true });
    expect(text).toContain(
      'FAIL planted wire-computer/lifecycle/two-servers-same-tool: /steps/get_tools/tool_names: missing "inv2__get_inventory"; /steps/get_tools/tool_bundle_ids: missing "inv2"\n',
    );
    expect(text).toContain('\n        "tools": [  (1 item)\n          {\n            "name": "inv__get_inventory",');
    expect(text).toContain('\n        "req_id": "r1"\n');
    expect(text).toContain(
      'FAIL planted tlv/utf8/cjk-env-value: /hex: bytes differ first at offset 37, in env entry 1 of 1 ("GREETING") value length: expected 6, got 2 (its length in code points)',
    );
    // A transport case now shows the exchange behind it too.
    expect(text).toContain("    #2 +9 ms → POST /c/t/mcp tools/call ← 401 (answered by status, 1 ms, finished)");
  });

  it("HTML: the packet behind the first difference, whole, before the full exchange; the why line tells the story", () => {
    const html = renderHtml(report);
    expect(html).toContain('<p class="behind">behind the first difference:</p><pre class="transcript evidence">');
    expect(html).toContain(escapeHtml('    "tools": [  (1 item)\n      {\n        "name": "inv__get_inventory",'));
    expect(html).toContain(escapeHtml('/steps/get_tools/tool_names: missing "inv2__get_inventory"'));
  });

  it("show: each answer's story and what stands behind it", () => {
    const out = mkdtempSync(join(tmpdir(), "smcp-show-"));
    mkdirSync(join(out, "latest"));
    writeFileSync(join(out, "latest", "report.json"), JSON.stringify({ ...report, cases: [...report.cases] }));
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      showCommand("wire-computer/lifecycle/two-servers-same-tool", { out, vectors: [] });
    } finally {
      spy.mockRestore();
    }
    const text = written.join("");
    expect(text).toContain(
      '      /steps/get_tools/tool_names: missing "inv2__get_inventory"\n      /steps/get_tools/tool_bundle_ids: missing "inv2"\n      behind it:\n',
    );
    expect(text).toContain('\n            "tools": [  (1 item)\n');
  });
});
