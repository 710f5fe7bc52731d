// index.html in real headless Chromium (Debian's `chromium`, which .ci/run installs): the matrix
// and a drill-down render, filters work, and a screenshot is kept under reports/screenshots/.
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import puppeteer from "puppeteer-core";
import { describe, expect, it } from "vitest";
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
      expect(matrix[1]![2]).toBe("pass:16/16");

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

      await tab.select("#f-suite", "upstream-bundle-id");
      expect(await tab.$eval("details.vector", (d) => d.classList.contains("hidden"))).toBe(true);
      expect(await tab.$$eval("#matrix tr[data-suite]:not(.hidden)", (rows) => rows.length)).toBe(1);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
