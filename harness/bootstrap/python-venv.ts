/**
 * Build kind `python-venv`: a virtual environment created on first use from a hash-locked
 * requirements file, in the cache folder keyed by the lock's content, and reused from then on.
 * While it is set up one progress line counts the locked packages; pip's own output goes to a log
 * file that a failure names.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sha256Hex } from "../util/canonical-json.ts";
import { cacheRoot } from "./cache-dir.ts";
import { withDirLock } from "./dir-lock.ts";
import { setupBoard } from "./progress-board.ts";
import { SetupLog, setupLogPath } from "./setup-log.ts";
import { BootstrapError, streamCommand as stream } from "./stream-command.ts";
import { countLockedRequirements, formatElapsed, PipProgress } from "./tool-progress.ts";

export interface PythonVenv {
  readonly python: string;
  readonly dir: string;
}

export interface PythonVenvRequest {
  /** The package the venv is for, e.g. a2c-smcp: names the cache folder and the progress line. */
  readonly sdk: string;
  readonly version: string;
  readonly lockFile: string;
  /** Also receives every line of python's and pip's output (which always goes to the log file). */
  readonly log?: (line: string) => void;
  readonly label?: string;
}

/** Finds or builds the environment for one SDK version. */
export async function pythonVenv({ sdk, version, lockFile, log, label = "python" }: PythonVenvRequest): Promise<PythonVenv> {
  if (!existsSync(lockFile)) throw new BootstrapError(`no lock file ${lockFile} for ${sdk} ${version}`);
  const lock = readFileSync(lockFile, "utf8");
  const name = `${sdk}-${version}-${sha256Hex(lock).slice(0, 12)}`;
  const dir = join(cacheRoot(), "python", name);
  const env = { python: join(dir, "bin", "python"), dir };
  const ready = join(dir, ".ready");
  if (existsSync(ready)) return env;
  const board = setupBoard();
  const tag = `${label} ${version}`;
  return withDirLock(
    dir,
    async () => {
      if (existsSync(ready)) return env;
      const logFile = new SetupLog(setupLogPath(`python-${name}`));
      const packages = countLockedRequirements(lock);
      board.print(
        `[${tag}] first use of ${sdk} ${version}: a virtual environment in ${dir} (${packages} locked packages; pip's output: ${logFile.path})`,
      );
      const line = board.start(tag, { step: "creating the virtual environment" });
      const pip = new PipProgress(packages);
      const onLine = (text: string) => {
        log?.(text);
        if (pip.read(text)) line.update(pip.status);
      };
      const started = Date.now();
      try {
        rmSync(dir, { recursive: true, force: true });
        mkdirSync(dir, { recursive: true });
        await stream(["python3", "-m", "venv", dir], { log: logFile, onLine });
        line.update(pip.status);
        await stream(
          [
            env.python,
            "-m",
            "pip",
            "install",
            "--disable-pip-version-check",
            "--no-input",
            "--progress-bar",
            "off",
            "--require-hashes",
            "--no-deps",
            "-r",
            lockFile,
          ],
          { log: logFile, onLine },
        );
        writeFileSync(ready, `${new Date().toISOString()}\n`);
        line.end(`[${tag}] ready in ${formatElapsed(Date.now() - started)} (${packages} packages); later runs reuse it`);
        return env;
      } catch (error) {
        line.end(`[${tag}] set-up failed after ${formatElapsed(Date.now() - started)}; pip's output: ${logFile.path}`);
        throw error;
      } finally {
        logFile.close();
      }
    },
    () => board.print(`[${tag}] waiting for another run that is building ${dir}`),
  );
}
