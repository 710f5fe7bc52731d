// The slow stage's list names real test files, none of the SDK stage's, and CI runs that stage:
// a file moved out of `npm test` is never dropped from CI.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const list = JSON.parse(readFileSync("tests/slow-stage.json", "utf8")) as { why: string; files: string[] };

describe("the slow test stage", () => {
  it("lists existing test files once each, outside the SDK stage's folders", () => {
    expect(list.files.length).toBeGreaterThan(0);
    expect(new Set(list.files).size).toBe(list.files.length);
    for (const file of list.files) {
      expect(file).toMatch(/^tests\/.+\.test\.ts$/);
      expect(file).not.toMatch(/^tests\/(sdk|adapters)\//);
      expect(existsSync(file), file).toBe(true);
    }
  });

  it("holds every file that mocks a module: the fast stage shares modules between files (isolate: false)", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".test.ts") ? [join(dir, e.name)] : [],
      );
    const mocking = files("tests").filter((f) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(f, "utf8")));
    expect(mocking.length).toBeGreaterThan(0);
    for (const file of mocking) expect(list.files, file).toContain(file);
  });

  it("is run by CI after npm test", () => {
    const ci = readFileSync(".ci/run", "utf8");
    expect(ci.indexOf("npm run test:slow")).toBeGreaterThan(ci.indexOf("npm test"));
    expect(JSON.parse(readFileSync("package.json", "utf8")).scripts["test:slow"]).toBe("SMCP_TEST_STAGE=slow vitest run");
  });
});
