/** Mutation testing with the corpus alone as the killer (stryker.config.json). */
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/mutation/corpus-kills.mutation.ts"],
    globalSetup: ["tests/mutation/global-setup.ts"],
    testTimeout: 60_000,
  },
});
