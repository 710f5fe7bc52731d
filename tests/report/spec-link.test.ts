// Spec references become links to the section on the published doc site; anything else stays text.
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { renderHtml } from "../../harness/report/html.ts";
import { SPEC_SITE, slugify, specUrl } from "../../harness/report/spec-link.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { tempCorpus } from "../corpus/temp-corpus.ts";

const at = (version: string, page: string, anchor?: string) =>
  `${SPEC_SITE}${version}/${page}/${anchor === undefined ? "" : `#${encodeURIComponent(anchor)}`}`;

describe("spec links", () => {
  // Expected anchors are the ids of the built pages (read from the upstream site and its in-page links).
  it("slugs a heading as the site's mkdocs build does", () => {
    expect(slugify("1.5 校验失败处理")).toBe("15-校验失败处理");
    expect(slugify("2.0 测试学硬条款（防「假绿」）")).toBe("20-测试学硬条款防假绿");
    expect(slugify("4006/4007 判定决策表")).toBe("40064007-判定决策表");
    expect(slugify("版本号语义（MAJOR.MINOR.PATCH）")).toBe("版本号语义majorminorpatch");
    expect(slugify("MCP 标准字段（`annotations`）")).toBe("mcp-标准字段annotations");
    expect(slugify("default_tool_meta 与 tool_meta 合并策略")).toBe("default_tool_meta-与-tool_meta-合并策略");
  });

  it("links a versioned page to that version's folder, an unversioned docs/ path to 0.3.0", () => {
    expect(specUrl({ file: "a2c-smcp-protocol@0.4.0:specification/skill.md", section: "1.5 校验失败处理" })).toBe(
      at("0.4.0", "specification/skill", "15-校验失败处理"),
    );
    expect(specUrl({ file: "a2c-smcp-protocol:docs/guides/computer-mcp-config-guide.md", section: "占位符语法" })).toBe(
      at("0.3.0", "guides/computer-mcp-config-guide", "占位符语法"),
    );
  });

  it("uses the page's explicit ids, and the note's `under <parent>` for a heading the page has twice", () => {
    expect(specUrl({ file: "a2c-smcp-protocol:docs/specification/data-structures.md", section: "缺省生成（确定性）" })).toBe(
      at("0.3.0", "specification/data-structures", "bundleid-缺省生成"),
    );
    const desktop = "a2c-smcp-protocol@0.4.0:specification/desktop.md";
    expect(specUrl({ file: desktop, section: "校验规则", note: "the list under Window 资源元数据, rule 2" })).toBe(
      at("0.4.0", "specification/desktop", "校验规则_1"),
    );
    expect(specUrl({ file: desktop, section: "校验规则", note: "the list under Window URI 规范" })).toBe(
      at("0.4.0", "specification/desktop", "校验规则"),
    );
    // Which of the two is meant is not said: the page, not a guessed section.
    expect(specUrl({ file: desktop, section: "校验规则" })).toBe(at("0.4.0", "specification/desktop"));
  });

  it("forms no URL for what is not a doc-site page", () => {
    expect(specUrl({ file: "seeds/002", section: "§5 ToolMeta" })).toBeUndefined();
    expect(
      specUrl({ file: "rust-sdk:crates/smcp-computer/tests/fixtures/env_segment_conformance_vectors.json", section: "x" }),
    ).toBeUndefined();
    expect(
      specUrl({ file: "a2c-smcp-protocol:docs/specification/fixtures/bundle_id_conformance_vectors.json", section: "x" }),
    ).toBeUndefined();
    expect(specUrl({ file: "javascript:alert(1)//a2c-smcp-protocol:x.md", section: "s" })).toBeUndefined();
    expect(specUrl({ file: "a2c-smcp-protocol:../../evil.md", section: "s" })).toBeUndefined();
  });

  it("index.html links the section and keeps the text of a reference without a page", async () => {
    const vector = (id: string, spec: string) =>
      [
        `  - id: explicit-id/spec/${id}`,
        "    description: wrong on purpose, so the case is listed",
        `    spec: ${spec}`,
        "    tier: must",
        "    op: bundle_id.validate",
        "    input: { bundle_id: abc }",
        "    expected: { accepted: false, reason: bundle_id.dot }",
        "    covers: [data-structures/bundleid/3]",
      ].join("\n");
    const file = [
      "suite: explicit-id",
      "provenance: { source: authored }",
      "vectors:",
      vector("linked", `{ file: "a2c-smcp-protocol@0.4.0:specification/skill.md", section: "1.5 校验失败处理", note: "a note" }`),
      vector("text", `{ file: "seeds/002", section: "§5 ToolMeta" }`),
    ].join("\n");
    const corpus = loadCorpus({ extraRoots: [tempCorpus({ "explicit-id/spec.yaml": file })] });
    const report = await runCorpus({
      corpus,
      vectors: selectVectors(corpus, { filter: "explicit-id/spec/" }),
      implementations: [referenceInProcess()],
    });
    const html = renderHtml(report);
    const url = at("0.4.0", "specification/skill", "15-校验失败处理");
    expect(html).toContain(
      `<a class="spec-link" href="${url}" target="_blank" rel="noopener">a2c-smcp-protocol@0.4.0:specification/skill.md § 1.5 校验失败处理</a> <span class="spec-note">(a note)</span>`,
    );
    expect(html).toContain(`<p class="spec">seeds/002 § §5 ToolMeta · `);
    expect(html.match(/class="spec-link"/g)).toHaveLength(1);
  });
});
