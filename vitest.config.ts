import { readFileSync } from "node:fs";
import { configDefaults, defineConfig } from "vitest/config";

// Two stages (tests/slow-stage.json says why): `npm test` runs every file but the slow ones,
// SMCP_TEST_STAGE=slow (`npm run test:slow`) exactly those; .ci/run runs both. A run naming files
// or folders itself (the SDK stage) gets what it names.
const slow: string[] = JSON.parse(readFileSync(new URL("./tests/slow-stage.json", import.meta.url), "utf8")).files;
const stage = process.env.SMCP_TEST_STAGE;
const sdkStage = process.env.SMCP_SDK_TESTS === "1";

export default defineConfig({
  test: {
    include: stage === "slow" ? slow : ["tests/**/*.test.ts"],
    exclude: stage === "slow" || sdkStage ? [...configDefaults.exclude] : [...configDefaults.exclude, ...slow],
    // The fast stage imports the harness once per worker instead of once per file (most of its
    // time was imports); the slow stage keeps isolation for the files that mock modules.
    isolate: stage === "slow",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
