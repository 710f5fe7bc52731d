/** Mutation testing with the reference's own tests (property and unit tests) as the killer, measured apart from the corpus. */
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/reference/**/*.test.ts"],
    testTimeout: 60_000,
  },
});
