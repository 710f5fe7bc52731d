// The HTML answers "why" on a case's collapsed line (issue 31, item 6): a failure's first
// difference, an observe-tier disagreement distilled to `impl → answer; …`; spec links go to the
// protocol version the run was judged at; source paths are relative to the corpus root.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { parseAdapterSpec } from "../../harness/impl/registry.ts";
import { escapeHtml, renderHtml } from "../../harness/report/html.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { explicitIdFile, tempCorpus } from "../corpus/temp-corpus.ts";

const vector = (id: string, tier: string, input: string, expected?: string) =>
  [
    `  - id: explicit-id/why/${id}`,
    "    description: d",
    "    spec: { file: a2c-smcp-protocol:specification/data-structures.md, section: BundleID（软件唯一标识）, note: scratch }",
    `    tier: ${tier}`,
    // What it covers follows its tier (the load check): a MUST for must, nothing for observe.
    `    covers: ${tier === "must" ? "[data-structures/bundleid/3]" : "[]"}`,
    "    op: bundle_id.validate",
    `    input: { bundle_id: ${input} }`,
    ...(expected ? [`    expected: ${expected}`] : []),
  ].join("\n");

const root = tempCorpus({
  "explicit-id/why.yaml": explicitIdFile(
    [vector("wrong", "must", "abc", "{ accepted: false, reason: bundle_id.dot }"), vector("split", "observe", "a__b")].join("\n"),
  ),
});
const corpus = loadCorpus({ extraRoots: [root] });
const buggy = fileURLToPath(new URL("../fixtures/buggy-adapter.ts", import.meta.url));

/** The collapsed line (the <summary>) of a vector's drill-down. */
function summaryOf(html: string, id: string): string {
  const start = html.indexOf(`<details class="vector" id="${id}"`);
  return html.slice(start, html.indexOf("</summary>", start));
}

describe("the HTML's why", () => {
  it("shows the first difference and the distilled disagreement collapsed, links the judged version, and relative sources", async () => {
    const adapter = parseAdapterSpec(`buggy=${process.execPath} --import ${import.meta.resolve("tsx")} ${buggy} --bug separator-charset`);
    const report = await runCorpus({
      corpus,
      vectors: selectVectors(corpus, { filter: "explicit-id/why/" }),
      implementations: [referenceInProcess(), adapter.implementation],
    });
    const html = renderHtml(report);
    expect(summaryOf(html, "explicit-id/why/wrong")).toContain(
      `<div class="why">${escapeHtml("reference: /accepted: expected rejected, got accepted; /reason: expected reason bundle_id.dot, got none")}</div>`,
    );
    expect(summaryOf(html, "explicit-id/why/split")).toContain(
      `<div class="why">${escapeHtml('reference → {"accepted":false,"reason":"bundle_id.reserved_separator"}; buggy → {"accepted":false,"reason":"bundle_id.charset"}')}</div>`,
    );
    // Judged at 0.4.0 (the reference's claim): the unversioned reference links to the 0.4.0 site.
    expect(report.implementations[0]!.protocol?.used).toBe("0.4.0");
    expect(html).toContain('href="https://a2c-smcp.github.io/a2c-smcp-protocol/0.4.0/specification/data-structures/#bundleid"');
    expect(html).not.toContain("/0.3.0/specification/");
    expect(html).toContain("· explicit-id/why.yaml:4</p>");
    expect(html).not.toContain(root);
  }, 60_000);
});
