// index.html in real headless Chromium (Debian's `chromium`, which .ci/run installs): the matrix
// and a drill-down render, filters work, and a screenshot is kept under reports/screenshots/.
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import puppeteer from "puppeteer-core";
import { describe, expect, it } from "vitest";
import { SPEC_SITE } from "../../harness/report/spec-link.ts";
import { cli, tempOut } from "../cli/cli-helpers.ts";
import { explicitIdFile, GOOD_VECTOR, tempCorpus } from "../corpus/temp-corpus.ts";

const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
const SCREENSHOTS = fileURLToPath(new URL("../../reports/screenshots/", import.meta.url));

describe.runIf(CHROMIUM !== undefined)("index.html in headless Chromium", () => {
  it("renders the matrix and a drill-down, and the filters hide rows", async () => {
    const wrong = GOOD_VECTOR.replace("id: explicit-id/extra/ok", "id: explicit-id/extra/wrong").replace(
      "accepted: true, reason: null",
      "accepted: false, reason: bundle_id.dot",
    );
    const extra = tempCorpus({ "explicit-id/extra.yaml": explicitIdFile(`${GOOD_VECTOR}\n${wrong}`) });
    const out = tempOut();
    const run = await cli([
      "run",
      "--impl",
      "reference,reference-subprocess",
      "--vectors",
      extra,
      "--suite",
      "explicit-id,upstream-bundle-id",
      "--out",
      out,
    ]);
    expect(run.exitCode).toBe(1); // the deliberately wrong vector
    const page = pathToFileURL(join(out, "latest", "index.html")).href;

    const browser = await puppeteer.launch({ executablePath: CHROMIUM!, headless: true, args: ["--no-sandbox", "--disable-gpu"] });
    try {
      const tab = await browser.newPage();
      await tab.setViewport({ width: 1400, height: 1000 });
      await tab.goto(page, { waitUntil: "load" });
      const matrix = await tab.$$eval("#matrix tr[data-suite]", (rows) =>
        rows.map((r) => [...r.querySelectorAll("td")].map((td) => `${td.className}:${td.textContent}`)),
      );
      expect(matrix.map((r) => r[0])).toEqual([":explicit-id", ":upstream-bundle-id"]);
      expect(matrix[0]![2]).toMatch(/^fail:.*1 failing/);
      expect(matrix[1]![2]).toBe("pass:16/16 #");
      expect(await tab.$eval("#matrix td a.permalink", (a) => a.getAttribute("href"))).toBe("#cell:explicit-id:reference");

      const summary = await tab.$("details.vector summary");
      expect(await summary!.evaluate((s) => s.textContent)).toContain("explicit-id/extra/wrong");
      await summary!.click();
      const opened = await tab.$eval("details.vector", (d) => ({
        open: d.hasAttribute("open"),
        text: d.textContent ?? "",
        height: d.getBoundingClientRect().height,
      }));
      expect(opened.open).toBe(true);
      expect(opened.text).toContain("/accepted: expected rejected, got accepted");
      expect(opened.text).toContain('"op":"bundle_id.validate"'); // the transcript's request line
      expect(opened.height).toBeGreaterThan(200);

      mkdirSync(SCREENSHOTS, { recursive: true });
      await tab.screenshot({ path: join(SCREENSHOTS, "index.png"), fullPage: true });
      expect(readdirSync(SCREENSHOTS)).toContain("index.png");

      // The banner says FAIL with the counts and what failed; a failing cell is never green.
      const banner = await tab.$eval("#verdict", (d) => ({ cls: d.className, text: d.textContent ?? "" }));
      expect(banner.cls).toBe("v-fail");
      expect(banner.text).toMatch(/^FAIL\d+ passed, 2 failed/);
      expect(banner.text).toContain("reference: 1 failing case");
      expect(banner.text).not.toContain("1 failing cases");
      const failHue = await tab.$eval("#matrix tr[data-suite] td.fail", (td) => td.getAttribute("style") ?? "");
      expect(failHue).toMatch(/hsl|rgb/);

      // Status filter, search and expand-all.
      await tab.select("#f-kind", "known_gap");
      expect(await tab.$$eval("details.vector:not(.hidden)", (d) => d.length)).toBe(0);
      await tab.select("#f-kind", "fail");
      expect(await tab.$$eval("details.vector:not(.hidden)", (d) => d.length)).toBe(1);
      await tab.select("#f-kind", "");
      await tab.type("#f-text", "no-such-text");
      expect(await tab.$$eval("details.vector:not(.hidden)", (d) => d.length)).toBe(0);
      await tab.$eval("#f-text", (i) => {
        (i as unknown as { value: string }).value = "";
        i.dispatchEvent(new Event("input"));
      });
      await tab.click("#f-expand");
      expect(await tab.$$eval("details.vector", (ds) => ds.every((d) => d.hasAttribute("open")))).toBe(true);

      // A permalink opens its case.
      const tab2 = await browser.newPage();
      await tab2.setViewport({ width: 1400, height: 900 });
      await tab2.goto(`${page}#explicit-id/extra/wrong`, { waitUntil: "load" });
      expect(await tab2.$eval("details.vector", (d) => d.hasAttribute("open"))).toBe(true);
      await tab2.screenshot({ path: join(SCREENSHOTS, "index-permalink.png") });

      await tab.select("#f-suite", "upstream-bundle-id");
      expect(await tab.$eval("details.vector", (d) => d.classList.contains("hidden"))).toBe(true);
      expect(await tab.$$eval("#matrix tr[data-suite]:not(.hidden)", (rows) => rows.length)).toBe(1);
    } finally {
      await browser.close();
    }
  }, 180_000);

  it("a green run: a PASS banner and green cells", async () => {
    const out = tempOut();
    const run = await cli(["run", "--impl", "reference,python", "--suite", "tlv,bundle-id", "--out", out]);
    expect(run.exitCode).toBe(0);
    const browser = await puppeteer.launch({ executablePath: CHROMIUM!, headless: true, args: ["--no-sandbox", "--disable-gpu"] });
    try {
      const tab = await browser.newPage();
      await tab.setViewport({ width: 1400, height: 1000 });
      await tab.goto(pathToFileURL(join(out, "latest", "index.html")).href, { waitUntil: "load" });
      expect(await tab.$eval("#verdict", (d) => d.className)).toBe("v-pass");
      expect(await tab.$eval("#verdict", (d) => d.textContent)).toMatch(/^PASS\d+ passed, 0 failed/);
      // Known gaps first in the list (nothing fails), and they carry their reason in the summary line.
      const first = await tab.$eval("details.vector", (d) => ({
        kind: d.getAttribute("data-kind"),
        text: d.querySelector("summary")!.textContent,
      }));
      expect(first.kind).toBe("known_gap");
      expect(first.text).toContain("known gap: ");
      mkdirSync(SCREENSHOTS, { recursive: true });
      await tab.screenshot({ path: join(SCREENSHOTS, "index-green.png") });
      // Opened, a case's spec reference is a link to the cited section of the published spec.
      await tab.click("details.vector summary");
      const spec = await tab.$eval("details.vector .spec a.spec-link", (a) => ({ href: a.getAttribute("href"), text: a.textContent }));
      expect(spec.href?.startsWith(`${SPEC_SITE}0.`)).toBe(true);
      expect(spec.href).toMatch(/\/#[^#]+$/);
      expect(spec.text).toContain(" § ");
      const opened = await tab.$("details.vector");
      await opened!.screenshot({ path: join(SCREENSHOTS, "index-green-case.png") });
    } finally {
      await browser.close();
    }
  }, 180_000);
});
