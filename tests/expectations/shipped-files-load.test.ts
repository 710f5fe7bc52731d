// Every expectations file the kit ships loads through the run's own loader. A merge once left an
// entry without status and reason in rust's @0.3.2 file: npm test passed and the main job then
// refused the corpus 20 minutes into CI. Here it fails in seconds, naming the file and the entry.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadExpectations } from "../../harness/expectations/load-expectations.ts";

const ADAPTERS = join(import.meta.dirname, "..", "..", "adapters");
const shipped = readdirSync(ADAPTERS, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(join(ADAPTERS, d.name))
      .filter((f) => /^expectations(@[^/]+)?\.yaml$/.test(f))
      .map((f) => ({ sdk: d.name, file: join(ADAPTERS, d.name, f) })),
  );

describe("the shipped expectations files", () => {
  it("are there to check (python and rust, each with older releases)", () => {
    expect(shipped.filter((s) => s.sdk === "python").length).toBeGreaterThanOrEqual(2);
    expect(shipped.filter((s) => s.sdk === "rust").length).toBeGreaterThanOrEqual(2);
  });

  it.each(shipped)("$file loads for both MCP transports", ({ sdk, file }) => {
    for (const transport of ["streamable_http", "stdio"] as const) {
      const loaded = loadExpectations(file, sdk, transport);
      expect(loaded.gaps.size).toBeGreaterThan(0);
    }
  });
});
