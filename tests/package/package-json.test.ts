// The package as npm ships it: built by prepare, bin and exports point into dist/ at modules that
// exist as sources here, and `files` ships dist/ (which holds the corpus, schemas, adapters and
// locks, copied by scripts/build-dist.js). The packed install itself runs in .ci/run.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
const source = (target: string) => join(ROOT, target.replace(/^\.\/dist\//, "").replace(/\.d\.ts$|\.js$/, ".ts"));

describe("package.json", () => {
  it("is publishable, built by prepare, and ships bin, dist and the README", () => {
    expect(pkg.private).toBeUndefined();
    expect(pkg.scripts.prepare).toBe("npm run build");
    expect(pkg.scripts.build).toBe("node scripts/build-dist.js");
    expect(pkg.files).toEqual(["bin/smcp-conformance.js", "bin/version-cache.js", "dist/", "README.md"]);
    expect(existsSync(join(ROOT, pkg.bin["smcp-conformance"]))).toBe(true);
  });

  it("exports the reference, the corpus loader and the report model, each a compiled module with declarations", () => {
    expect(Object.keys(pkg.exports)).toEqual(["./reference", "./corpus", "./report", "./package.json"]);
    for (const [name, target] of Object.entries(pkg.exports) as [string, string | { types: string; default: string }][]) {
      if (typeof target === "string") continue;
      expect(target.types, name).toMatch(/^\.\/dist\/.+\.d\.ts$/);
      expect(target.default, name).toBe(target.types.replace(/\.d\.ts$/, ".js"));
      expect(existsSync(source(target.default)), `${name}: ${source(target.default)}`).toBe(true);
    }
  });

  it("the build compiles the sources the CLI runs and copies what they read", () => {
    const build = readFileSync(join(ROOT, "scripts", "build-dist.js"), "utf8");
    for (const copied of ['"vectors"', '"python", "rust", "sdk.schema.json"', '"harness"']) expect(build).toContain(copied);
    const tsconfig = JSON.parse(readFileSync(join(ROOT, "tsconfig.build.json"), "utf8"));
    expect(tsconfig.compilerOptions).toMatchObject({
      outDir: "dist",
      rootDir: ".",
      declaration: true,
      rewriteRelativeImportExtensions: true,
    });
    expect(tsconfig.include).toEqual(["harness/**/*.ts", "adapters/reference/**/*.ts"]);
    expect(readFileSync(join(ROOT, ".gitignore"), "utf8")).toMatch(/^dist\/$/m);
  });
});
