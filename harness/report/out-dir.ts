/**
 * The output folder (`--out`): checked before anything runs, and written so readers never see a
 * half-written report. A run writes every view into a staging folder, renames it to its run id, then
 * points `latest` at it by renaming a fresh symlink over the old one (atomic), so concurrent runs on
 * one `--out` never collide and `latest` is never missing or half-swapped. The kit replaces only a
 * `latest` it made: a symlink to a sibling run folder, or a `latest/` folder carrying the kit's run
 * marker (an older kit's unmarked `latest/` folder is refused like any other: move it away).
 */
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statfsSync,
  statSync,
  symlinkSync,
  unlinkSync,
} from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { RUN_ID_PATTERN } from "../model/run-id.ts";
import { OutputError } from "../util/output-error.ts";
import { describeIoError, writeFileChecked } from "../util/write-checked.ts";

/** statfs types of pseudo filesystems, where report files make no sense (or, as in /proc, never end). */
const PSEUDO_FILESYSTEMS: ReadonlyMap<number, string> = new Map([
  [0x9fa0, "proc"],
  [0x62656572, "sysfs"],
  [0x1cd1, "devpts"],
  [0x27e0eb, "cgroup"],
  [0x63677270, "cgroup2"],
  [0x64626720, "debugfs"],
  [0x74726163, "tracefs"],
  [0x73636673, "securityfs"],
  [0xcafe4a11, "bpf"],
  [0x62656570, "configfs"],
  [0x6165676c, "pstore"],
  [0x19800202, "mqueue"],
  [0x65735543, "fusectl"],
  [0x42494e4d, "binfmt_misc"],
]);

/** The files a kit's run folder holds: what an older kit's `latest/` folder may hold. */
const VIEW_FILE = /^(report\.json|matrix\.md|index\.html|history\.html|junit-.+\.xml|badge-.+\.(svg|json))$/;

function inside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !rel.startsWith(sep));
}

/** The real path of `path`, resolving its nearest existing ancestor (the rest does not exist yet). */
function realPathOf(path: string): { real: string; existing: string } {
  let existing = path;
  const rest: string[] = [];
  while (!existsSync(existing)) {
    rest.unshift(existing.slice(dirname(existing).length + 1));
    const up = dirname(existing);
    if (up === existing) break;
    existing = up;
  }
  const base = realpathSync(existing);
  return { real: rest.length ? join(base, ...rest) : base, existing: base };
}

/** Whether `<out>/latest` may be replaced by the kit: absent, or made by the kit. */
export function latestIsOurs(out: string): boolean {
  const latest = join(out, "latest");
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(latest);
  } catch {
    return true; // absent
  }
  if (stat.isSymbolicLink()) return RUN_ID_PATTERN.test(readlinkSync(latest));
  return isRunFolder(latest);
}

/**
 * The file each run folder carries, holding its run id: what marks a folder as the kit's. Names
 * alone were not enough: another tool's `report.json` and `index.html` in `latest/` were deleted.
 */
export const RUN_MARKER = ".smcp-conformance-run";

/** Writes the marker into a run folder being staged. */
export function markRunFolder(dir: string, runId: string): void {
  writeFileChecked(join(dir, RUN_MARKER), `${runId}\n`);
}

/**
 * A folder the kit wrote: a real folder (not a link) whose marker names `runId` (any run id when
 * not given), holding report.json and otherwise only regular files with report view names.
 */
export function isRunFolder(dir: string, runId?: string): boolean {
  try {
    if (!lstatSync(dir).isDirectory()) return false;
    const marker = join(dir, RUN_MARKER);
    if (!lstatSync(marker).isFile()) return false;
    const named = readFileSync(marker, "utf8").trim();
    if (runId === undefined ? !RUN_ID_PATTERN.test(named) : named !== runId) return false;
    const entries = readdirSync(dir).filter((e) => e !== RUN_MARKER);
    return entries.includes("report.json") && entries.every((e) => VIEW_FILE.test(e) && lstatSync(join(dir, e)).isFile());
  } catch {
    return false; // gone, unreadable or unmarked: not ours to touch
  }
}

/** The run folder `<out>/latest` points at, if it is a link the kit made. */
export function latestTarget(out: string): string | undefined {
  try {
    const target = readlinkSync(join(out, "latest"));
    return RUN_ID_PATTERN.test(target) ? target : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks `--out` before anything runs: not the root, not a file, not inside a corpus folder, not on
 * a pseudo filesystem, creatable and writable (a probe file is written, fsync'd and removed), and
 * holding no `latest` the kit did not make. Returns the folder's absolute path.
 */
export function prepareOutDir(out: string, corpusRoots: readonly string[] = []): string {
  const absolute = resolve(out);
  const { real, existing } = realPathOf(absolute);
  if (real === sep) throw new OutputError(out, "--out is the root of the file system; choose a folder for reports");
  if (existsSync(absolute) && !statSync(absolute).isDirectory()) throw new OutputError(out, "--out is a file, not a folder");
  const fs = PSEUDO_FILESYSTEMS.get(Number(statfsSync(existing).type));
  if (fs) throw new OutputError(out, `--out is on the ${fs} pseudo filesystem, where reports cannot be kept`);
  if (inside(real, "/dev") && !inside(real, "/dev/shm")) throw new OutputError(out, "--out is under /dev, where reports cannot be kept");
  for (const root of corpusRoots) {
    const corpus = existsSync(root) ? realpathSync(root) : resolve(root);
    if (inside(real, corpus)) throw new OutputError(out, `--out is inside the corpus folder ${root}: reports would be read as vectors`);
  }
  try {
    // The nearest existing folder first: on a read-only mount a recursive mkdir says ENOENT, not why.
    accessSync(existing, constants.W_OK);
    mkdirSync(absolute, { recursive: true });
  } catch (error) {
    throw new OutputError(out, describeIoError(error));
  }
  const probe = join(absolute, `.smcp-probe-${process.pid}`);
  writeFileChecked(probe, "smcp-conformance checks that --out is writable\n");
  unlinkSync(probe);
  if (!latestIsOurs(absolute))
    throw new OutputError(
      join(out, "latest"),
      "exists and was not made by smcp-conformance; the kit replaces only a latest it made (move it away or choose another --out)",
    );
  return absolute;
}

/** A staging folder for one write of a run folder, inside `out`. */
export function stagingDir(out: string, runId: string): string {
  return join(out, `.${runId}.partial-${process.pid}-${Math.random().toString(16).slice(2, 8)}`);
}

/** Creates a fresh, empty staging folder. */
export function makeStaging(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new OutputError(dir, describeIoError(error));
  }
}

/** Removes a staging folder that will not be published (a failed or abandoned write). */
export function discardStaging(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {
    // best effort: a leftover `.…partial-…` folder is ignored by readers
  }
}

/** Renames the finished staging folder to `<out>/<run-id>` and points `latest` at it. Returns the run folder. */
export function publish(out: string, staging: string, runId: string): string {
  const dir = join(out, runId);
  try {
    renameSync(staging, dir);
  } catch (error) {
    discardStaging(staging);
    throw new OutputError(dir, describeIoError(error));
  }
  swapLatest(out, runId);
  syncDir(out);
  return dir;
}

/** Points `<out>/latest` at `runId` by renaming a new symlink over it (atomic); replaces only a latest the kit made. */
function swapLatest(out: string, runId: string): void {
  const latest = join(out, "latest");
  if (!latestIsOurs(out))
    throw new OutputError(latest, "exists and was not made by smcp-conformance; the run folder was written, latest was left alone");
  const link = join(out, `.latest-${process.pid}-${Math.random().toString(16).slice(2, 8)}`);
  try {
    symlinkSync(runId, link);
    let legacy: string | undefined;
    const stat = lstatSync(latest, { throwIfNoEntry: false });
    if (stat?.isDirectory()) {
      // An older kit's latest/ folder: moved aside first (a rename cannot replace a folder with a link).
      legacy = join(out, `.latest-legacy-${process.pid}`);
      renameSync(latest, legacy);
    }
    renameSync(link, latest);
    if (legacy) rmSync(legacy, { recursive: true, force: true });
  } catch (error) {
    try {
      unlinkSync(link);
    } catch {
      // not created
    }
    throw new OutputError(latest, describeIoError(error));
  }
}

/** fsync a folder so its renames are on disk (best effort: not every filesystem allows it). */
function syncDir(dir: string): void {
  try {
    const fd = openSync(dir, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // not supported here
  }
}
