/**
 * The Python SDK (the published a2c-smcp package) behind adapters/python/adapter.py. Each SDK version runs in
 * its own cached virtual environment, so versions run side by side in one matrix.
 */
import { join } from "node:path";
import { DEFAULT_PYTHON_SDK, PYTHON_DIR, pythonEnv, pythonVersions } from "../bootstrap/python-env.ts";
import type { DriverOptions } from "../driver/subprocess-implementation.ts";
import { sdkAdapter } from "./sdk-adapter.ts";

export const PYTHON_FAMILY = {
  defaultVersion: DEFAULT_PYTHON_SDK,
  versions: pythonVersions,
  expectationsFile: (version: string) =>
    join(PYTHON_DIR, version === DEFAULT_PYTHON_SDK ? "expectations.yaml" : `expectations@${version}.yaml`),
  create: (name: string, version: string, options: Partial<DriverOptions>) =>
    sdkAdapter(
      name,
      async () => ({
        file: (await pythonEnv(version)).python,
        args: ["-X", "utf8", join(PYTHON_DIR, "adapter.py")],
        env: { A2C_SMCP_LOG_SILENT: "1", PYTHONDONTWRITEBYTECODE: "1", PYTHONIOENCODING: "utf-8" },
      }),
      options,
    ),
};
