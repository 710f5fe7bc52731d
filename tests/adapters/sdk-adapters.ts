// The SDK adapters at their default versions, for tests gated like tests/sdk (SMCP_SDK_TESTS=1, after
// the main job has built the environments): their names, and their command lines for raw-pipe tests.
import { join } from "node:path";
import { cacheRoot } from "../../harness/bootstrap/cache-dir.ts";
import { DEFAULT_PYTHON_SDK, PYTHON_DIR, pythonEnv } from "../../harness/bootstrap/python-env.ts";
import { DEFAULT_RUST_SDK, rustAdapterBinary } from "../../harness/bootstrap/rust-build.ts";
import { minimalEnv } from "../../harness/driver/adapter-env.ts";

export const SDK_TESTS = process.env["SMCP_SDK_TESTS"] === "1";
export const SDK_ADAPTERS = ["python", "rust"] as const;
export type SdkAdapter = (typeof SDK_ADAPTERS)[number];

/** How the kit starts the adapter (harness/impl/python.ts, rust.ts), minus the driver around it. */
export async function adapterCommand(sdk: SdkAdapter): Promise<{ file: string; args: string[]; env: Record<string, string> }> {
  const env = minimalEnv({ HOME: join(cacheRoot(), "empty-home") });
  if (sdk === "rust") return { file: await rustAdapterBinary(DEFAULT_RUST_SDK), args: [], env };
  return { file: (await pythonEnv(DEFAULT_PYTHON_SDK)).python, args: ["-X", "utf8", join(PYTHON_DIR, "adapter.py")], env };
}
