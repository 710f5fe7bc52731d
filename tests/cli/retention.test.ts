// A run prunes the oldest run folders of --out after publishing its own (default 20, --keep N).
import { mkdirSync, readdirSync, readlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runCommand } from "../../harness/commands/run-command.ts";
import { RUN_MARKER } from "../../harness/report/out-dir.ts";
import { cli, tempOut } from "./cli-helpers.ts";

const ONE = "tlv/map-order/fullwidth-before-astral";

/** `count` run folders from an earlier year, as an older run would have left them. */
function oldRuns(out: string, count: number): string[] {
  const ids = Array.from(
    { length: count },
    (_, n) => `2020-01-01T00-00-${String(n).padStart(2, "0")}-000Z-${n.toString(16).padStart(6, "0")}`,
  );
  for (const id of ids) {
    mkdirSync(join(out, id));
    writeFileSync(join(out, id, "report.json"), "{}");
    writeFileSync(join(out, id, "index.html"), "");
    writeFileSync(join(out, id, RUN_MARKER), `${id}\n`);
  }
  return ids;
}

const runFolders = (out: string) =>
  readdirSync(out)
    .filter((n) => /^\d{4}-/.test(n))
    .sort();

describe("run folders kept", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps the 20 newest by default, its own among them, and says what it removed", async () => {
    const out = tempOut();
    const old = oldRuns(out, 22);
    mkdirSync(join(out, "kept-by-hand"));
    const result = await cli(["run", "--impl", "reference", "--filter", ONE, "--out", out]);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain("removed 3 run folders older than the 20 newest (--keep N sets how many; 0 keeps all)");
    const left = runFolders(out);
    expect(left).toHaveLength(20);
    expect(left.slice(0, 19)).toEqual(old.slice(3));
    expect(left[19]).toBe(readlinkSync(join(out, "latest")));
    expect(readdirSync(out)).toContain("kept-by-hand");
  }, 120_000);

  it("--keep N keeps N, --keep 0 keeps all, a bad --keep is a usage error before anything runs", async () => {
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const options = { impl: "reference", filter: ONE, adapter: [], vectors: [] };
    const out = tempOut();
    oldRuns(out, 4);
    expect(await runCommand({ ...options, out, keep: "0" })).toBe(0);
    expect(runFolders(out)).toHaveLength(5);
    expect(await runCommand({ ...options, out, keep: "2" })).toBe(0);
    expect(runFolders(out)).toEqual(
      readdirSync(out)
        .filter((n) => n.startsWith("20") && !n.startsWith("2020"))
        .sort(),
    );
    expect(runFolders(out)).toHaveLength(2);
    expect(stderr.mock.calls.map((c) => String(c[0])).join("")).toContain("removed 4 run folders older than the 2 newest");
    const before = runFolders(out);
    await expect(runCommand({ ...options, out, keep: "many" })).rejects.toThrow("--keep needs a whole number");
    expect(runFolders(out)).toEqual(before);
  }, 120_000);
});
