#!/usr/bin/env node
// `npm run build`: the installable kit in dist/, a root of its own. tsc compiles harness/ and the
// reference into dist/ (JavaScript and declarations); this script then copies what the compiled
// code reads at run time beside it, in the same layout as the repository, so every path the code
// finds from its own location (the corpus, the schemas, the SDK adapters and their locks, the kit's
// name and version) resolves inside dist/.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const dist = join(root, "dist");
/** Never shipped: build outputs, caches, editor files. */
const SKIP = new Set(["target", "__pycache__", "node_modules", ".DS_Store"]);
const keep = (source) => !SKIP.has(basename(source)) && !source.endsWith(".pyc");

rmSync(dist, { recursive: true, force: true });
const tsc = spawnSync(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", join(root, "tsconfig.build.json")], {
  stdio: "inherit",
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

// The corpus (vectors/, its schemas in _schema/ and the spec index in _spec/).
cpSync(join(root, "vectors"), join(dist, "vectors"), { recursive: true, filter: keep });
// The SDK adapters: sources, manifests, locks, expectations (the reference is compiled above).
for (const entry of ["python", "rust", "sdk.schema.json", "README.md"]) {
  cpSync(join(root, "adapters", entry), join(dist, "adapters", entry), { recursive: true, filter: keep });
}
// Data files harness modules read from their own folder (JSON Schemas).
cpSync(join(root, "harness"), join(dist, "harness"), {
  recursive: true,
  filter: (source) => keep(source) && !/\.(ts|md)$/.test(source),
});
// The kit's name and version, read from the kit root (dist/ for the compiled code).
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
writeFileSync(
  join(dist, "package.json"),
  `${JSON.stringify({ name: pkg.name, version: pkg.version, description: "compiled smcp-conformance (see ../package.json)", type: "module", private: true }, null, 2)}\n`,
);
if (!existsSync(join(dist, "harness", "cli", "main.js"))) {
  console.error("build: dist/harness/cli/main.js is missing");
  process.exit(1);
}
console.log(`build: ${dist}`);
