/**
 * `npm run mutation:file -- adapters/reference/src/<file>.ts`: Stryker on one source file, with the
 * corpus as the killer, then MUTATION.md again. The whole run takes about 70 minutes on two cores;
 * a file alone takes minutes, so corpus authors can measure the vectors they add for one rule.
 * The run is not incremental and uses its own temp dir and report, so it never touches the
 * whole run's incremental file. Exit: the summary step's (0 target met, 1 short, 2 bad input).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";

const file = process.argv[2];
if (!file || !/^adapters\/reference\/src\/[\w-]+\.ts$/.test(file) || !existsSync(file)) {
  process.stderr.write(
    `mutation:file: expected one file of adapters/reference/src/ (e.g. adapters/reference/src/tlv.ts), got ${JSON.stringify(file ?? "")}\n`,
  );
  process.exit(2);
}
const name = basename(file, ".ts");
const dir = "reports/mutation/files";
mkdirSync(dir, { recursive: true });
const base = JSON.parse(readFileSync("stryker.config.json", "utf8")) as Record<string, unknown>;
const config = {
  ...base,
  mutate: [file],
  // One worker: the machine is shared, and a single file is quick.
  concurrency: 1,
  incremental: false,
  tempDirName: `reports/mutation/.stryker-tmp-${name}`,
  reporters: ["html", "json", "clear-text"],
  htmlReporter: { fileName: `${dir}/${name}.html` },
  jsonReporter: { fileName: `${dir}/${name}.json` },
};
delete (config as { incrementalFile?: string }).incrementalFile;
delete (config as { $schema?: string }).$schema;
const configFile = `${dir}/${name}.config.json`;
writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);
const stryker = spawnSync("npx", ["stryker", "run", configFile], { stdio: "inherit" });
if (stryker.status !== 0) {
  process.stderr.write(`mutation:file: stryker exited ${stryker.status ?? stryker.signal}; MUTATION.md not rewritten\n`);
  process.exit(2);
}
const summary = spawnSync(process.execPath, ["--import", "tsx", "tests/mutation/write-summary.ts"], { stdio: "inherit" });
process.exit(summary.status ?? 2);
