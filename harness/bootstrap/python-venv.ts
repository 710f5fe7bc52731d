/**
 * Build kind `python-venv`: a virtual environment created on first use from a hash-locked
 * requirements file, in the cache folder keyed by the lock's content, and reused from then on.
 * While it is set up one progress line counts the locked packages; pip's own output goes to a log
 * file that a failure names.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cacheRoot } from "../util/cache-root.ts";
import { sha256Hex } from "../util/canonical-json.ts";
import { withDirLock } from "./dir-lock.ts";
import { setupBoard } from "./progress-board.ts";
import { SetupLog, setupLogPath } from "./setup-log.ts";
import { BootstrapError, streamCommand as stream } from "./stream-command.ts";
import { countLockedRequirements, formatElapsed, PipProgress } from "./tool-progress.ts";
import { brokenVenv } from "./venv-health.ts";

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
  /**
   * A local checkout of the SDK: the venv gets the lock's other packages, then the checkout itself
   * (editable, so edits show without a rebuild), keyed by the checkout's path and project files.
   */
  readonly checkout?: string;
}

/** Files whose change means a checkout's environment must be built again. */
const CHECKOUT_PROJECT_FILES = ["pyproject.toml", "uv.lock", "poetry.lock", "setup.py", "setup.cfg", "requirements.txt"];

function checkoutKey(checkout: string, lock: string): string {
  const parts = CHECKOUT_PROJECT_FILES.map((f) => join(checkout, f))
    .filter((f) => existsSync(f))
    .map((f) => `${f}\0${sha256Hex(readFileSync(f))}`);
  return sha256Hex([checkout, sha256Hex(lock), ...parts].join("\n")).slice(0, 12);
}

/** The lock without the SDK's own entry (its requirement line and the hash lines continuing it). */
export function lockWithout(lock: string, sdk: string): string {
  const canonical = (name: string) => name.toLowerCase().replace(/[-_.]+/g, "-");
  const out: string[] = [];
  let skipping = false;
  for (const line of lock.split("\n")) {
    const requirement = /^([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?==/.exec(line);
    if (requirement) skipping = canonical(requirement[1]!) === canonical(sdk);
    else if (!/^\s/.test(line)) skipping = false;
    if (!skipping) out.push(line);
  }
  return out.join("\n");
}

/** Finds or builds the environment for one SDK version. */
export async function pythonVenv({ sdk, version, lockFile, log, label = "python", checkout }: PythonVenvRequest): Promise<PythonVenv> {
  if (!existsSync(lockFile)) throw new BootstrapError(`no lock file ${lockFile} for ${sdk} ${version}`);
  const lock = readFileSync(lockFile, "utf8");
  const name = checkout ? `${sdk}-path-${checkoutKey(checkout, lock)}` : `${sdk}-${version}-${sha256Hex(lock).slice(0, 12)}`;
  const dir = join(cacheRoot(), "python", name);
  const env = { python: join(dir, "bin", "python"), dir };
  const ready = join(dir, ".ready");
  if (existsSync(ready) && brokenVenv(dir) === undefined) return env;
  const board = setupBoard();
  const tag = `${label} ${version}`;
  return withDirLock(
    dir,
    async () => {
      if (existsSync(ready)) {
        const broken = brokenVenv(dir);
        if (broken === undefined) return env;
        // Self-heal: rebuilt below, with one line saying why (a restored CI cache whose Python moved).
        board.print(
          `[${tag}] the cached environment ${dir} cannot run: ${broken}; rebuilding it (a CI cache should key on the Python version)`,
        );
        rmSync(ready, { force: true });
      }
      const logFile = new SetupLog(setupLogPath(`python-${name}`));
      const packages = countLockedRequirements(lock);
      board.print(
        checkout
          ? `[${tag}] first use of the checkout ${checkout}: a virtual environment in ${dir} (the adapter's ${packages} locked packages, then the checkout; pip's output: ${logFile.path})`
          : `[${tag}] first use of ${sdk} ${version}: a virtual environment in ${dir} (${packages} locked packages; pip's output: ${logFile.path})`,
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
        const requirements = checkout ? join(dir, "adapter-lock.txt") : lockFile;
        if (checkout) writeFileSync(requirements, lockWithout(lock, sdk));
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
            requirements,
          ],
          { log: logFile, onLine },
        );
        if (checkout) {
          line.update({ step: "installing the checkout" });
          // With its dependencies: the locked ones are already there; only what the checkout adds is fetched.
          const pipInstall = [env.python, "-m", "pip", "install", "--disable-pip-version-check", "--no-input", "--progress-bar", "off"];
          await stream([...pipInstall, "--editable", checkout], { log: logFile, onLine });
        }
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
    { onWait: (holder) => board.print(`[${tag}] waiting for another run that is building ${dir}: ${holder}`) },
  );
}
