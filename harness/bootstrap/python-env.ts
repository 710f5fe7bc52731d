/**
 * The Python SDK's virtual environment: created on first use from a hash-locked requirements file
 * (adapters/python/locks/<version>.txt), with pip's progress shown, in the cache folder keyed by
 * the lock's content, and reused from then on.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sha256Hex } from "../util/canonical-json.ts";
import { cacheRoot } from "./cache-dir.ts";
import { withDirLock } from "./dir-lock.ts";
import { BootstrapError, streamCommand as stream } from "./stream-command.ts";

export const PYTHON_DIR = fileURLToPath(new URL("../../adapters/python/", import.meta.url));
const LOCKS = join(PYTHON_DIR, "locks");
export const DEFAULT_PYTHON_SDK = "0.4.2";

export function pythonVersions(): string[] {
  return readdirSync(LOCKS)
    .filter((f) => f.endsWith(".txt"))
    .map((f) => f.slice(0, -4))
    .sort();
}

export interface PythonEnv {
  readonly version: string;
  readonly python: string;
  readonly dir: string;
}

function progress(message: string): void {
  process.stderr.write(`[python] ${message}\n`);
}

/** Finds or builds the environment for one SDK version; `log` receives pip's output lines. */
export async function pythonEnv(
  version: string,
  log: (line: string) => void = (l) => process.stderr.write(`[python] ${l}\n`),
): Promise<PythonEnv> {
  const lockFile = join(LOCKS, `${version}.txt`);
  if (!existsSync(lockFile)) throw new BootstrapError(`no lock file for a2c-smcp ${version} (have: ${pythonVersions().join(", ")})`);
  const lock = readFileSync(lockFile, "utf8");
  const dir = join(cacheRoot(), "python", `a2c-smcp-${version}-${sha256Hex(lock).slice(0, 12)}`);
  const env = { version, python: join(dir, "bin", "python"), dir };
  const ready = join(dir, ".ready");
  if (existsSync(ready)) return env;
  return withDirLock(
    dir,
    async () => {
      if (existsSync(ready)) return env;
      const started = Date.now();
      progress(`first use of a2c-smcp ${version}: creating a virtual environment in ${dir}`);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      await stream(["python3", "-m", "venv", dir], log);
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
        log,
      );
      writeFileSync(ready, `${new Date().toISOString()}\n`);
      progress(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s; later runs reuse it`);
      return env;
    },
    () => progress(`waiting for another run that is building ${dir}`),
  );
}
