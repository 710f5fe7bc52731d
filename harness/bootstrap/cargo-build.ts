/**
 * Build kind `cargo`: a release binary built on first use into a persistent target folder in the
 * cache, one per SDK version, so reruns and CI on the same machine are incremental. A stamp of the
 * build's inputs skips cargo entirely when nothing changed. While cargo runs, one progress line
 * counts the crates compiled; cargo's own output goes to a log file that a failure names.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { cacheRoot } from "../util/cache-root.ts";
import { sha256Hex } from "../util/canonical-json.ts";
import { withDirLock } from "./dir-lock.ts";
import { setupBoard } from "./progress-board.ts";
import { SetupLog, setupLogPath } from "./setup-log.ts";
import { BootstrapError, failure, streamCommand } from "./stream-command.ts";
import { CargoProgress, countCargoLockPackages, formatElapsed } from "./tool-progress.ts";

/** A vendored C library the build may take from the system instead: sdk.yaml `system_libraries`. */
export interface SystemLibrary {
  readonly pkg_config: string;
  readonly env: Readonly<Record<string, string>>;
}

export interface CargoBuildRequest {
  /** Names the cache folder (<name>/target-<version>) and the progress line. */
  readonly name: string;
  readonly version: string;
  /** The crate folder: inputs are relative to it. */
  readonly dir: string;
  /** The Cargo.toml to build; its Cargo.lock beside it is an input too. */
  readonly manifest: string;
  readonly binary: string;
  /** Files or folders (relative to dir) whose content the build reads, besides manifest and lock. */
  readonly inputs: readonly string[];
  /** Also receives every line of cargo's output (which always goes to the log file). */
  readonly log?: (line: string) => void;
  /** The target folder (default: <cache>/<name>/target-<version>). */
  readonly target?: string;
  /** Build with --locked (default). A generated manifest whose lock cargo completes builds without it. */
  readonly locked?: boolean;
  /** Absolute files or folders the build also reads (a local checkout's crates). */
  readonly extraInputs?: readonly string[];
  /** Vendored C libraries to link from the system when pkg-config finds them (sdk.yaml `system_libraries`). */
  readonly systemLibraries?: readonly SystemLibrary[];
  /**
   * Build at a lower CPU priority (`nice -n 10`): an older release the default run adds. Cold, the
   * two Rust builds run at once on two cores; niced, the latest release's build takes nearly all of
   * the CPU and is judged first, while the older one fills what it leaves (its serial tail).
   */
  readonly background?: boolean;
}

/** How much lower a background build runs: weight 110 against 1024, so about a tenth of a contended core. */
const BACKGROUND_NICENESS = "10";

/** Build outputs and VCS folders are never inputs (a checkout's crate folder may hold them). */
const NOT_INPUTS = new Set(["target", ".git", "node_modules"]);

function files(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((entry) => !NOT_INPUTS.has(entry))
    .flatMap((entry) => files(join(path, entry)));
}

/**
 * The env that links each listed library from the system, for those pkg-config finds here. Building
 * a vendored C library (OpenSSL above all) is minutes of a cold build on two cores; a machine with the
 * -dev package skips it. Without pkg-config or the package the build vendors, as before.
 */
export function systemLibraryEnv(libraries: readonly SystemLibrary[] = []): { env: Record<string, string>; found: string[] } {
  const env: Record<string, string> = {};
  const found: string[] = [];
  for (const library of libraries) {
    const probe = spawnSync("pkg-config", ["--exists", library.pkg_config], { stdio: "ignore", timeout: 10_000 });
    if (probe.status !== 0) continue;
    Object.assign(env, library.env);
    found.push(library.pkg_config);
  }
  return { env, found };
}

/** Everything the build reads: the listed inputs, the manifest and its lock file; and the env that changes what it links. */
function sourceStamp(request: CargoBuildRequest, env: Readonly<Record<string, string>>): string {
  const inputs = [
    ...request.inputs.flatMap((i) => files(join(request.dir, i))),
    ...(request.extraInputs ?? []).flatMap((p) => files(p)),
    request.manifest,
    join(dirname(request.manifest), "Cargo.lock"),
  ]
    .filter((p) => existsSync(p))
    .sort();
  const lines = inputs.map((p) => `${relative(request.dir, p)}\0${sha256Hex(readFileSync(p))}`);
  // A binary linked to the system's library must be rebuilt when that library goes away, and back.
  for (const key of Object.keys(env).sort()) lines.push(`env\0${key}=${env[key]}`);
  return sha256Hex(lines.join("\n"));
}

function lockPackages(manifest: string): number {
  try {
    return countCargoLockPackages(readFileSync(join(dirname(manifest), "Cargo.lock"), "utf8"));
  } catch {
    return 0;
  }
}

/** Returns the binary for `version`, building it first if its inputs changed. */
export async function cargoBuild(request: CargoBuildRequest): Promise<string> {
  const { name, version, manifest, binary: binaryName } = request;
  if (!existsSync(manifest)) throw new BootstrapError(`no Cargo manifest ${manifest} for ${name} ${version}`);
  const target = request.target ?? join(cacheRoot(), name, `target-${version}`);
  const binary = join(target, "release", binaryName);
  const stampFile = join(target, ".smcp-conformance-stamp");
  const { env: libraryEnv, found: systemLibraries } = systemLibraryEnv(request.systemLibraries);
  const stamp = sourceStamp(request, libraryEnv);
  const fresh = () => existsSync(binary) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp;
  if (fresh()) return binary;
  const board = setupBoard();
  const tag = `${name} ${version}`;
  return withDirLock(
    target,
    async () => {
      if (fresh()) return binary;
      const log = new SetupLog(setupLogPath(`${name}-${version}-build`));
      board.print(
        `[${tag}] building the adapter into ${target} (a cold build takes several minutes; later runs reuse it;${systemLibraries.length > 0 ? ` ${systemLibraries.join(", ")} from the system;` : ""}${request.background === true ? " at a lower priority than the latest release's build;" : ""} cargo's output: ${log.path})`,
      );
      const cargo = new CargoProgress(lockPackages(manifest));
      const line = board.start(tag, cargo.status);
      const started = Date.now();
      try {
        const locked = request.locked === false ? [] : ["--locked"];
        const niced = request.background === true && process.platform !== "win32" ? ["nice", "-n", BACKGROUND_NICENESS] : [];
        await streamCommand([...niced, "cargo", "build", "--release", ...locked, "--manifest-path", manifest], {
          log,
          onLine: (text) => {
            request.log?.(text);
            if (cargo.read(text)) line.update(cargo.status);
          },
          env: {
            ...process.env,
            ...libraryEnv,
            CARGO_TARGET_DIR: target,
            CARGO_TERM_COLOR: "never",
            CARGO_TERM_PROGRESS_WHEN: "never",
          } as Record<string, string>,
        });
        if (!existsSync(binary)) throw failure(`cargo finished but ${binary} is missing`, log.path);
        // Read again: without --locked cargo may have completed the lock, which is an input too.
        writeFileSync(stampFile, request.locked === false ? sourceStamp(request, libraryEnv) : stamp);
        line.end(`[${tag}] built in ${formatElapsed(Date.now() - started)} (${cargo.compiledCount} crates compiled)`);
        return binary;
      } catch (error) {
        line.end(`[${tag}] build failed after ${formatElapsed(Date.now() - started)}; cargo's output: ${log.path}`);
        throw error;
      } finally {
        log.close();
      }
    },
    { onWait: (holder) => board.print(`[${tag}] waiting for another run that is building ${target}: ${holder}`) },
  );
}
