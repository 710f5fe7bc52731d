// Properties of the reference's SKILL MIME rules (skill.md §6.4, the kit's reading): a baseline
// extension decides in any ASCII case and after any stem; anything else falls back; a MIME's
// parameters and ASCII case never change whether it is text; a string without '/' is never text.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as ref from "../../adapters/reference/src/index.ts";

const RUNS = { seed: 20_261_207, numRuns: 500 };
const flipCase = (text: string, flags: boolean[]) =>
  [...text].map((c, i) => (flags[i % Math.max(flags.length, 1)] ? c.toUpperCase() : c)).join("");
const stem = fc.string({ minLength: 1, maxLength: 8 }).filter((s) => !s.includes("/") && !s.startsWith("."));

describe("inferSkillMime", () => {
  it("gives the baseline row for its extension, after any stem, in any ASCII case", () => {
    const ext = fc.constantFrom(...Object.keys(ref.BASELINE_MIME));
    fc.assert(
      fc.property(stem, ext, fc.array(fc.boolean()), (s, e, flags) => {
        expect(ref.inferSkillMime(`${s}.${flipCase(e, flags)}`)).toBe(ref.BASELINE_MIME[e]);
      }),
      RUNS,
    );
  });

  it("falls back for a name without a baseline extension: none, a leading or trailing dot, an unknown one", () => {
    for (const name of ["Makefile", ".md", "md.", "a.md.", "a.mdx", "a.md ", "a.png", "a.ｍｄ"])
      expect(ref.inferSkillMime(name)).toBe(ref.FALLBACK_MIME);
    expect(ref.inferSkillMime("a\\.md")).toBe("text/markdown");
  });
});

describe("isTextMime", () => {
  const params = fc.constantFrom("", "; charset=utf-8", ";q=1", ";");
  it("ignores parameters and ASCII case", () => {
    const mime = fc.constantFrom("text/plain", "application/json", "image/svg+xml", "image/png", "application/x-yaml", "application/jsonl");
    fc.assert(
      fc.property(mime, params, fc.array(fc.boolean()), (m, p, flags) => {
        expect(ref.isTextMime(flipCase(m, flags) + p)).toBe(ref.isTextMime(m));
      }),
      RUNS,
    );
  });

  it("takes the three criteria of §6.4 (2) and nothing else", () => {
    for (const m of [
      "text/x-anything",
      "text/",
      "application/ld+json",
      "model/x3d+xml",
      "application/a+yaml",
      "application/toml",
      "application/javascript",
    ])
      expect(ref.isTextMime(m), m).toBe(true);
    for (const m of [
      "application/x-yaml",
      "application/json+zip",
      "application/vnd.oasis.opendocument.text",
      "textual/plain",
      "+json",
      "text",
      "\u00a0text/plain",
    ])
      expect(ref.isTextMime(m), m).toBe(false);
  });
});
