// `--version` answers from a cache keyed by the kit's files (bin/version-cache.js): the first run
// computes the corpus hash and stores the text, a run with the same key prints the stored text
// without loading the corpus, and a stored text under another key is never printed.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cli, tempOut } from "./cli-helpers.ts";

const KIT = fileURLToPath(new URL("../../", import.meta.url));
const CACHE_MODULE: string = "../../bin/version-cache.js"; // plain JS without declarations
const { versionKey } = (await import(CACHE_MODULE)) as { versionKey: (kitRoot: string, codeRoot: string) => string };

describe("--version cache", () => {
  it("stores the computed text, prints a stored text for the same key only", async () => {
    const cache = tempOut();
    const file = join(cache, "version", "version.json");
    const cold = await cli(["--version"], { SMCP_CONFORMANCE_CACHE: cache });
    expect(cold.exitCode, cold.stderr).toBe(0);
    expect(cold.stdout).toMatch(/^smcp-conformance \d+\.\d+\.\d+\ncorpus: .*sha256 [0-9a-f]{64}\nadapter protocol: 2 \(also speaks 1\)$/);
    expect(existsSync(file)).toBe(true);
    const stored = JSON.parse(readFileSync(file, "utf8"));
    expect(stored).toEqual({ key: versionKey(KIT, ""), text: cold.stdout });

    // The same key: the stored text is what is printed (a planted one proves nothing was recomputed).
    writeFileSync(file, JSON.stringify({ key: stored.key, text: "planted" }));
    expect((await cli(["--version"], { SMCP_CONFORMANCE_CACHE: cache })).stdout).toBe("planted");

    // Another key (the kit's files changed since): computed again and stored under the new key.
    writeFileSync(file, JSON.stringify({ key: "0".repeat(64), text: "planted" }));
    const again = await cli(["-V"], { SMCP_CONFORMANCE_CACHE: cache });
    expect(again.stdout).toBe(cold.stdout);
    expect(JSON.parse(readFileSync(file, "utf8")).key).toBe(stored.key);
  }, 60_000);

  it("a cache folder that cannot be written only costs time", async () => {
    const cache = tempOut();
    writeFileSync(join(cache, "blocker"), ""); // a file where the cache folder would be
    const result = await cli(["--version"], { SMCP_CONFORMANCE_CACHE: join(cache, "blocker") });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^smcp-conformance /);
  }, 60_000);
});
