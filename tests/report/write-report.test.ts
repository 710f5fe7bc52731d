// Reports on disk (issue 20, items 4 and 9): writes checked end to end, --out checked before
// anything runs, `latest` swapped atomically and only when the kit made it.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmdirSync,
  statfsSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { KIT_VECTORS_DIR } from "../../harness/model/kit-files.ts";
import { latestIsOurs, prepareOutDir, RUN_MARKER } from "../../harness/report/out-dir.ts";
import { WriteInterrupted, writeReport, writeReportInterruptible } from "../../harness/report/views.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { OutputError } from "../../harness/util/output-error.ts";
import { CheckedFile, NODE_IO, type WriteIo, writeFileChecked } from "../../harness/util/write-checked.ts";
import { BIN, cli, tempOut } from "../cli/cli-helpers.ts";

/** Node's file calls, except that writes stop after `room` bytes: a short write, then ENOSPC. */
function fullDisk(room: number): WriteIo {
  let left = room;
  return {
    ...NODE_IO,
    writeSync: (fd, buffer, offset, length) => {
      if (left <= 0) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
      const n = Math.min(length, left);
      left -= n;
      return NODE_IO.writeSync(fd, buffer, offset, n);
    },
  };
}

describe("checked writes (item 4)", () => {
  it("a short write followed by ENOSPC is an error naming the file; the previous file is untouched and no temp is left", () => {
    const dir = tempOut();
    const target = join(dir, "report.json");
    writeFileSync(target, "the previous report\n");
    const attempt = () => writeFileChecked(target, "x".repeat(100_000), fullDisk(4096));
    expect(attempt).toThrow(OutputError);
    expect(attempt).toThrow(`cannot write ${target}: ENOSPC: no space left on device`);
    expect(readFileSync(target, "utf8")).toBe("the previous report\n");
    expect(readdirSync(dir)).toEqual(["report.json"]);
  });

  it("a write that makes no progress, or a size on disk that differs, is an error, never a rename", () => {
    const dir = tempOut();
    const stalled: WriteIo = { ...NODE_IO, writeSync: () => 0 };
    expect(() => writeFileChecked(join(dir, "a.txt"), "abc", stalled)).toThrow(/a write made no progress after 0 bytes/);
    const lying: WriteIo = { ...NODE_IO, fstatSync: () => ({ size: 1 }) };
    expect(() => writeFileChecked(join(dir, "b.txt"), "abc", lying)).toThrow(/wrote 3 bytes but the file holds 1/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("a file written in many pieces holds exactly what was written", () => {
    const path = join(tempOut(), "big.txt");
    const file = new CheckedFile(path);
    for (let i = 0; i < 3000; i++) file.write(`${"é".repeat(500)}\n`);
    file.commit();
    expect(readFileSync(path, "utf8")).toBe(`${"é".repeat(500)}\n`.repeat(3000));
  });
});

describe("--out is checked before anything runs (item 9)", () => {
  it.each([
    ["/", /--out is the root of the file system/],
    ["/proc/x", /--out is on the proc pseudo filesystem/],
    ["/sys/x", /--out is on the sysfs pseudo filesystem/],
    [join(KIT_VECTORS_DIR, "reports"), /--out is inside the corpus folder/],
  ])("%s is refused", (out, message) => {
    const started = performance.now();
    expect(() => prepareOutDir(out, [KIT_VECTORS_DIR])).toThrow(message);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("a file as --out is refused", () => {
    const file = join(tempOut(), "a-file");
    writeFileSync(file, "x");
    expect(() => prepareOutDir(file)).toThrow(/--out is a file, not a folder/);
  });

  it("a latest the kit did not make is never deleted: the run is refused", () => {
    const out = tempOut();
    mkdirSync(join(out, "latest"));
    writeFileSync(join(out, "latest", "notes.txt"), "mine");
    expect(latestIsOurs(out)).toBe(false);
    expect(() => prepareOutDir(out)).toThrow(/latest: exists and was not made by smcp-conformance/);
    expect(readFileSync(join(out, "latest", "notes.txt"), "utf8")).toBe("mine");
  });

  it("a latest/ folder holding another tool's report.json and index.html (the view names, no marker) is never deleted (issue 32)", () => {
    const out = tempOut();
    mkdirSync(join(out, "latest"));
    writeFileSync(join(out, "latest", "report.json"), '{"tool":"another"}');
    writeFileSync(join(out, "latest", "index.html"), "<p>their page</p>");
    expect(latestIsOurs(out)).toBe(false);
    expect(() => prepareOutDir(out)).toThrow(/latest: exists and was not made by smcp-conformance/);
    expect(readFileSync(join(out, "latest", "index.html"), "utf8")).toBe("<p>their page</p>");
  });

  it("a latest link the kit did not make (not to a run folder) is never replaced", () => {
    const out = tempOut();
    symlinkSync("/etc", join(out, "latest"));
    expect(latestIsOurs(out)).toBe(false);
    expect(() => prepareOutDir(out)).toThrow(/latest: exists and was not made by smcp-conformance/);
    expect(readlinkSync(join(out, "latest"))).toBe("/etc");
  });

  it("the CLI exits 2 naming --out before running anything", async () => {
    const file = join(tempOut(), "a-file");
    writeFileSync(file, "x");
    const started = Date.now();
    const result = await cli(["run", "--impl", "reference", "--out", file]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/output error: cannot write .*a-file: --out is a file, not a folder/);
    expect(Date.now() - started).toBeLessThan(15_000);
    const proc = await cli(["run", "--impl", "reference", "--out", "/proc/x"]);
    expect(proc.exitCode).toBe(2);
    expect(proc.stderr).toMatch(/--out is on the proc pseudo filesystem/);
  });
});

describe("run folders and latest (item 9)", async () => {
  const corpus = loadCorpus();
  const vectors = selectVectors(corpus, { suites: ["explicit-id"] });
  const report = () => runCorpus({ corpus, vectors, implementations: [referenceInProcess()] });

  it("latest is a link to the newest run folder, replaced by an atomic rename; a latest/ folder carrying the kit's marker is replaced", async () => {
    const out = tempOut();
    mkdirSync(join(out, "latest"));
    writeFileSync(join(out, "latest", "report.json"), "{}");
    writeFileSync(join(out, "latest", "matrix.md"), "");
    writeFileSync(join(out, "latest", RUN_MARKER), "2026-11-30T10-00-00-000Z-a00000\n");
    expect(latestIsOurs(out)).toBe(true);
    const first = await report();
    writeReport(first, out);
    expect(lstatSync(join(out, "latest")).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(out, "latest"))).toBe(first.run_id);
    const second = await report();
    writeReport(second, out);
    expect(readlinkSync(join(out, "latest"))).toBe(second.run_id);
    expect(readdirSync(out).sort()).toEqual([first.run_id, second.run_id, "latest"].sort());
  });

  it("a write interrupted between views publishes nothing and leaves no staging folder", async () => {
    const out = tempOut();
    const first = await report();
    writeReport(first, out);
    await expect(writeReportInterruptible(await report(), out, () => true)).rejects.toThrow(WriteInterrupted);
    expect(readdirSync(out).sort()).toEqual([first.run_id, "latest"].sort());
    expect(readlinkSync(join(out, "latest"))).toBe(first.run_id);
  });

  it("two runs on one --out both finish, each with a whole run folder, and latest is one of them", async () => {
    const out = tempOut();
    const args = ["run", "--impl", "reference", "--suite", "explicit-id,tlv", "--out", out];
    const [a, b] = await Promise.all([cli(args), cli(args)]);
    expect([a.exitCode, b.exitCode]).toEqual([0, 0]);
    const runs = readdirSync(out).filter((d) => d !== "latest");
    expect(runs).toHaveLength(2);
    for (const run of runs) expect(readdirSync(join(out, run)).sort()).toContain("report.json");
    expect(runs).toContain(readlinkSync(join(out, "latest")));
  }, 60_000);
});

/** A tmpfs of `size`, when this process may mount one (root in a container that allows it). */
function mountTmpfs(size: string, flags: readonly string[] = []): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const dir = tempOut();
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", [`size=${size}`, ...flags].join(","), "tmpfs", dir], { stdio: "ignore" });
    return dir;
  } catch {
    return undefined;
  }
}

const mounted: string[] = [];
afterAll(() => {
  for (const dir of mounted) {
    try {
      execFileSync("umount", [dir], { stdio: "ignore" });
      rmdirSync(dir);
    } catch {
      // left for the OS
    }
  }
});

describe("a read-only --out (item 9, by a real read-only tmpfs when one can be mounted)", () => {
  const disk = mountTmpfs("1m", ["ro"]);
  if (disk) mounted.push(disk);

  it.runIf(disk !== undefined)("is refused before anything runs, naming the folder (root may write anywhere else)", async () => {
    expect(() => prepareOutDir(join(disk!, "reports"))).toThrow(/reports: EROFS: read-only file system/);
    const result = await cli(["run", "--impl", "reference", "--out", join(disk!, "reports")]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^output error: cannot write .*reports: EROFS: read-only file system/m);
    expect(result.stdout).toBe("");
  });
});

describe("a full disk (item 4, by a real tmpfs when one can be mounted)", () => {
  // Room for one report (1.3 MiB for this suite, most of it the spec coverage of every revision, the 0.5.0-dev draft included).
  const disk = mountTmpfs("4m");
  if (disk) mounted.push(disk);

  it.runIf(disk !== undefined)(
    "exit 2 naming the file; the previous latest/ is intact",
    async () => {
      const out = join(disk!, "reports");
      const first = await cli(["run", "--impl", "reference", "--suite", "explicit-id", "--out", out]);
      expect(first.exitCode).toBe(0);
      const before = readlinkSync(join(out, "latest"));
      const report = readFileSync(join(out, "latest", "report.json"), "utf8");
      // Fill the disk, leaving less room than the next report needs.
      const free = Number(statfsSync(disk!).bavail) * Number(statfsSync(disk!).bsize);
      writeFileSync(join(disk!, "filler"), Buffer.alloc(Math.max(0, free - 48 * 1024)));
      const second = await cli(["run", "--impl", "reference", "--suite", "explicit-id", "--out", out]);
      expect(second.exitCode).toBe(2);
      // The first file that does not fit is named: the run's spool (the vectors' payloads, the case
      // records) when the disk fills while the run goes, else the report itself.
      expect(second.stderr).toMatch(
        /output error: cannot write .*reports\/(?:[0-9T-]+Z-[0-9a-f]{6}\/report\.json|\.cases-\d+-[0-9a-f]+\/[\w.]+): ENOSPC: no space left on device/,
      );
      expect(readlinkSync(join(out, "latest"))).toBe(before);
      expect(readFileSync(join(out, "latest", "report.json"), "utf8")).toBe(report);
      expect(readdirSync(out).filter((d) => d.startsWith("."))).toEqual([]);
      expect(existsSync(BIN)).toBe(true);
    },
    60_000,
  );
});
