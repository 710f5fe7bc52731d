import { describe, expect, it } from "vitest";
import type { CaseRecord, Report } from "../../harness/model/report.ts";
import { renderJUnit, xmlText } from "../../harness/report/junit.ts";

const base = {
  suite: "explicit-id",
  op: "bundle_id.validate",
  tier: "must",
  implementation: "python",
  diffs: [],
  duration_ms: 1.5,
  attempts: 1,
  content_hash: "x",
} as const;
const cases = [
  {
    ...base,
    vector_id: "explicit-id/a/pass",
    status: "pass",
    raw_status: "pass",
    result: { kind: "ok", output: {} },
    transcript: { request: "{}", response: "{}" },
  },
  {
    ...base,
    vector_id: "explicit-id/a/<fail>",
    status: "fail",
    raw_status: "fail",
    note: 'got "x" & <y>',
    result: { kind: "ok", output: {} },
    transcript: { request: '{"a":"<b>"}', response: "{}" },
  },
  {
    ...base,
    vector_id: "explicit-id/a/gap",
    status: "known_gap",
    raw_status: "fail",
    gap: { id: "g", status: "fail", reason: "SDK quirk" },
    result: { kind: "ok", output: {} },
    transcript: { request: "{}", response: "{}" },
  },
] as unknown as CaseRecord[];
const report = { started_at: "2026-11-29T00:00:00.000Z", cases } as unknown as Report;

describe("JUnit view", () => {
  const xml = renderJUnit(report, "python");
  it("counts failures and skips per suite", () => {
    expect(xml).toContain('<testsuite name="python.explicit-id" tests="3" failures="1" errors="0" skipped="1"');
    expect(xml).toContain('<skipped message="known gap: SDK quirk" type="known_gap">');
  });
  it("escapes everything that came from vectors and adapters", () => {
    expect(xml).toContain('name="explicit-id/a/&lt;fail&gt;"');
    expect(xml).toContain('message="got &quot;x&quot; &amp; &lt;y&gt;"');
    expect(xml).not.toContain("<b>");
  });
  it("gathers a suite whose cases are split apart into one testsuite, counted whole", () => {
    const other = { ...cases[0]!, suite: "bundle-id", vector_id: "bundle-id/a/pass" };
    const split = renderJUnit({ ...report, cases: [cases[0]!, other, cases[1]!, cases[2]!] } as unknown as Report, "python");
    expect(split.match(/<testsuite name="python.explicit-id"/g)).toHaveLength(1);
    expect(split).toContain('<testsuite name="python.explicit-id" tests="3" failures="1" errors="0" skipped="1"');
    expect(split).toContain('<testsuite name="python.bundle-id" tests="1" failures="0"');
    expect(split.indexOf("python.explicit-id")).toBeLessThan(split.indexOf("python.bundle-id"));
    expect(split).toContain('<testsuites name="smcp-conformance python" tests="4" failures="1" errors="0">');
  });
  it("drops characters XML 1.0 cannot carry", () => {
    expect(xmlText("a\u0000b\uD800c")).toBe("a\uFFFDb\uFFFDc");
  });
});

describe("badge", () => {
  it("shows the pass count and colours by outcome, escaping the name", async () => {
    const { renderBadge } = await import("../../harness/report/badge.ts");
    const { countsOf } = await import("../../harness/model/report.ts");
    const counts = countsOf({
      pass: 7,
      fail: 0,
      unsupported: 1,
      observed: 1,
      crash: 0,
      timeout: 0,
      protocol_error: 0,
      known_gap: 1,
      stale: 0,
    });
    const svg = renderBadge("py<thon>", counts);
    expect(svg).toContain("smcp py&lt;thon&gt;");
    expect(svg).toContain("7/8 pass, 1 known gap<");
    expect(svg).toContain('fill="#dfb317"');
    expect(renderBadge("x", countsOf({ ...counts, known_gap: 0, fail: 1 }))).toContain('fill="#e05d44"');
  });
});
