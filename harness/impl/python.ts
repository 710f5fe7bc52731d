/**
 * The Python SDK (a2c-smcp from PyPI) behind adapters/python/adapter.py. Each SDK version runs in
 * its own cached virtual environment, so versions run side by side in one matrix.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { cacheRoot } from "../bootstrap/cache-dir.ts";
import { DEFAULT_PYTHON_SDK, PYTHON_DIR, pythonEnv, pythonVersions } from "../bootstrap/python-env.ts";
import { minimalEnv } from "../driver/adapter-env.ts";
import { SubprocessImplementation, type DriverOptions } from "../driver/subprocess-implementation.ts";

export const PYTHON_FAMILY = {
  defaultVersion: DEFAULT_PYTHON_SDK,
  versions: pythonVersions,
  expectationsFile: (version: string) => join(PYTHON_DIR, version === DEFAULT_PYTHON_SDK ? "expectations.yaml" : `expectations@${version}.yaml`),
  create(name: string, version: string, options: Partial<DriverOptions>): SubprocessImplementation {
    return new SubprocessImplementation(
      name,
      async () => {
        const env = await pythonEnv(version);
        // An empty HOME: the SDK must never see the real user's files or settings.
        const home = join(cacheRoot(), "empty-home");
        mkdirSync(home, { recursive: true });
        return {
          file: env.python,
          args: ["-X", "utf8", join(PYTHON_DIR, "adapter.py")],
          env: minimalEnv({ HOME: home, A2C_SMCP_LOG_SILENT: "1", PYTHONDONTWRITEBYTECODE: "1", PYTHONIOENCODING: "utf-8" }),
        };
      },
      options,
    );
  },
};
