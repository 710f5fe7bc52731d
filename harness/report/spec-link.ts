/**
 * Where a vector's spec reference lives on the protocol's published doc site, so a report can link
 * to the section it cites. The site is the repository's mkdocs build, one folder per version
 * (mike); a heading's anchor is pymdownx.slugs.slugify(case=lower) of its text unless the page
 * gives it an explicit id. References to anything else (the config seed, an SDK's fixture file)
 * have no page to link: the report keeps their text.
 */
import type { SpecRef } from "../model/vector.ts";

/** The doc site of A2C-SMCP/a2c-smcp-protocol on GitHub Pages (its gh-pages branch), versions as folders. */
export const SPEC_SITE = "https://a2c-smcp.github.io/a2c-smcp-protocol/";

/** A reference without `@<version>` cites the repository's docs/ source as of v0.3.0, the site's `0.3.0/` folder. */
const UNVERSIONED = "0.3.0";

/** `a2c-smcp-protocol@0.4.0:specification/desktop.md` or `a2c-smcp-protocol:docs/guides/x.md`. */
const PAGE_REF = /^a2c-smcp-protocol(?:@(\d+\.\d+\.\d+))?:(?:docs\/)?((?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+)\.md$/;

/**
 * Headings whose anchor is not their slug, by page: an explicit `{ #id }` on the page, or a heading
 * used twice on one page (the second gets `_1`), told apart by the `under <parent heading>` the
 * vector's note names. Checked against the built 0.3.0 pages and the 0.4.0 text (same ids in both).
 */
const ANCHORS: Readonly<Record<string, Readonly<Record<string, string | Readonly<Record<string, string>>>>>> = {
  "specification/data-structures": {
    "MCP Tool 命名与路由（BundleID 模型）": "mcp-tool-命名与路由",
    "BundleID（软件唯一标识）": "bundleid",
    "身份正交性：bundle_id vs MCP host vs name": "identity-orthogonality",
    "缺省生成（确定性）": "bundleid-缺省生成",
    "connection-identity 字节串": "connection-identity",
    "一致性测试向量（规范夹具）": "bundleid-conformance",
    唯一性与可解析性: "bundleid-唯一性",
    "去重：no-double-open": "no-double-open",
    "配置诊断（Computer 本地，非协议错误码）": "config-diagnostics",
  },
  "specification/desktop": {
    校验规则: { "Window URI 规范": "校验规则", "Window 资源元数据": "校验规则_1" },
    概述: { "Desktop 桌面系统": "概述", "Desktop 组织策略": "概述_1" },
    示例: { "Desktop 内容格式": "示例", "指定窗口获取（window 参数）": "示例_1", 指定窗口获取: "示例_1" },
  },
  "specification/error-handling": {
    字段说明: { "协议版本不匹配（4008）": "字段说明", "MCP 上游授权错误响应": "字段说明_1" },
  },
};

/** pymdownx.slugs.slugify(case="lower"): NFC, lower case, only word characters, `-` and spaces kept, each space a `-`. */
export function slugify(heading: string): string {
  return heading
    .trim()
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{Mn}\p{Mc}\p{Pc}\- ]/gu, "")
    .replace(/ /g, "-");
}

/** The anchor of `section` on `page`; undefined when the heading is used twice and the note does not say which. */
function anchorOf(page: string, ref: SpecRef): string | undefined {
  const known = ANCHORS[page]?.[ref.section.trim()];
  if (known === undefined) return slugify(ref.section);
  if (typeof known === "string") return known;
  const under = Object.keys(known).find((parent) => ref.note?.includes(`under ${parent}`));
  return under === undefined ? undefined : known[under];
}

/**
 * The published URL of the section a spec reference cites, or undefined when it names no doc-site
 * page. An unversioned reference links to `judgedAt` (the released version the run judged against)
 * when given, so a run judged at 0.4.0 does not send its reader to the 0.3.0 site.
 */
export function specUrl(ref: SpecRef | undefined, judgedAt?: string): string | undefined {
  const m = ref ? PAGE_REF.exec(ref.file) : null;
  if (!ref || !m) return undefined;
  const [, version = judgedAt ?? UNVERSIONED, page] = m;
  const path = page!.endsWith("/index") ? page!.slice(0, -"index".length) : `${page}/`;
  const anchor = ref.section ? anchorOf(page!, ref) : undefined;
  return `${SPEC_SITE}${version}/${path}${anchor ? `#${encodeURIComponent(anchor)}` : ""}`;
}
