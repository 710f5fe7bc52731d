/**
 * Build kind `python-venv`: a virtual environment created on first use from a hash-locked
 * requirements file, with pip's progress shown, in the cache folder keyed by the lock's content,
 * and reused from then on.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sha256Hex } from "../util/canonical-json.ts";
import { cacheRoot } from "./cache-dir.ts";
import { withDirLock } from "./dir-lock.ts";
import { BootstrapError, streamCommand as stream } from "./stream-command.ts";

export interface PythonVenv {
  readonly python: string;
  readonly dir: string;
}

export interface PythonVenvRequest {
  /** The package the venv is for, e.g. a2c-smcp: names the cache folder and the progress lines. */
  readonly sdk: string;
  readonly version: string;
  readonly lockFile: string;
  /** Receives pip's output lines (default: stderr with a [<label>] prefix). */
  readonly log?: (line: string) => void;
  readonly label?: string;
}

/** Finds or builds the environment for one SDK version. */
export async function pythonVenv({ sdk, version, lockFile, log, label = "python" }: PythonVenvRequest): Promise<PythonVenv> {
  const progress = (message: string) => process.stderr.write(`[${label}] ${message}\n`);
  const write = log ?? ((line: string) => process.stderr.write(`[${label}] ${line}\n`));
  if (!existsSync(lockFile)) throw new BootstrapError(`no lock file ${lockFile} for ${sdk} ${version}`);
  const lock = readFileSync(lockFile, "utf8");
  const dir = join(cacheRoot(), "python", `${sdk}-${version}-${sha256Hex(lock).slice(0, 12)}`);
  const env = { python: join(dir, "bin", "python"), dir };
  const ready = join(dir, ".ready");
  if (existsSync(ready)) return env;
  return withDirLock(
    dir,
    async () => {
      if (existsSync(ready)) return env;
      const started = Date.now();
      progress(`first use of ${sdk} ${version}: creating a virtual environment in ${dir}`);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      await stream(["python3", "-m", "venv", dir], write);
      progress(`installing the locked requirements (${lock.match(/^\S+==/gm)?.length ?? "?"} packages, hashes required)`);
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
        write,
      );
      writeFileSync(ready, `${new Date().toISOString()}\n`);
      progress(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s; later runs reuse it`);
      return env;
    },
    () => progress(`waiting for another run that is building ${dir}`),
  );
}
