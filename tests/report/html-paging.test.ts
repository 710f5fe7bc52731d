// "Cases to look at" in pages (issue 30: index.html stays usable at 100k vectors), in headless
// Chromium: one page laid out at a time, next/previous, a filter or search looks through every
// page, and a permalink to a case on a later page opens it.
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import puppeteer from "puppeteer-core";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { renderHtml } from "../../harness/report/html.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { explicitIdFile, GOOD_VECTOR, tempCorpus } from "../corpus/temp-corpus.ts";

const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));

/** Seven vectors the reference fails (each says a good id is rejected): seven cases to look at. */
const wrong = Array.from({ length: 7 }, (_, i) =>
  GOOD_VECTOR.replace("id: explicit-id/extra/ok", `id: explicit-id/extra/wrong${i}`).replace(
    "accepted: true, reason: null",
    "accepted: false, reason: bundle_id.dot",
  ),
).join("\n");

describe.runIf(CHROMIUM !== undefined)("index.html pages its cases", () => {
  it("shows one page, pages on, and a filter or a permalink reaches every page", async () => {
    const corpus = loadCorpus({ extraRoots: [tempCorpus({ "explicit-id/extra.yaml": explicitIdFile(wrong) })] });
    const vectors = selectVectors(corpus, { filter: "explicit-id/extra/" });
    const report = await runCorpus({ corpus, vectors, implementations: [referenceInProcess()] });
    const file = join(mkdtempSync(join(tmpdir(), "paged-")), "index.html");
    writeFileSync(file, renderHtml(report, { casesPerPage: 3 }));
    const page = pathToFileURL(file).href;
    const visible = (tab: puppeteer.Page) =>
      tab.$$eval("div.page:not(.hidden) details.vector:not(.hidden)", (ds) => ds.map((d) => d.id).sort());

    const browser = await puppeteer.launch({ executablePath: CHROMIUM!, headless: true, args: ["--no-sandbox", "--disable-gpu"] });
    try {
      const tab = await browser.newPage();
      await tab.goto(page, { waitUntil: "load" });
      expect(await tab.$eval("#p-at", (s) => s.textContent)).toBe("page 1 of 3");
      const first = await visible(tab);
      expect(first).toHaveLength(3);
      expect(await tab.$$eval("template.page", (t) => t.length)).toBe(2); // the other pages are not laid out
      await tab.click("#p-next");
      const second = await visible(tab);
      expect(second).toHaveLength(3);
      expect(second.some((id) => first.includes(id))).toBe(false);
      await tab.click("#p-next");
      expect(await visible(tab)).toHaveLength(1);
      await tab.click("#p-next"); // past the last page: stays there
      expect(await tab.$eval("#p-at", (s) => s.textContent)).toBe("page 3 of 3");
      await tab.click("#p-prev");
      expect(await visible(tab)).toEqual(second);

      // A filter looks through every page, and hides the pager; cleared, the page comes back.
      await tab.select("#f-kind", "fail");
      expect(await visible(tab)).toHaveLength(7);
      expect(await tab.$eval("#pager", (p) => p.classList.contains("hidden"))).toBe(true);
      await tab.select("#f-kind", "");
      expect(await visible(tab)).toEqual(second);

      // A permalink to a case on the last page opens that page and the case.
      const last = await browser.newPage();
      await last.goto(`${page}#explicit-id/extra/wrong6`, { waitUntil: "load" });
      expect(await last.$eval("#p-at", (s) => s.textContent)).toBe("page 3 of 3");
      expect(await last.$eval("details.vector[id='explicit-id/extra/wrong6']", (d) => d.hasAttribute("open"))).toBe(true);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
