/** The reference implementation behind the adapter protocol, as a Node subprocess. */
import { fileURLToPath } from "node:url";
import { minimalEnv } from "../driver/adapter-env.ts";
import { type DriverOptions, SubprocessImplementation } from "../driver/subprocess-implementation.ts";

const ENTRY = fileURLToPath(new URL("../../adapters/reference/main.ts", import.meta.url));

/** `node --import <tsx loader> adapters/reference/main.ts`, with absolute paths so any cwd works. */
export function referenceSubprocess(options: Partial<DriverOptions> = {}): SubprocessImplementation {
  const tsx = import.meta.resolve("tsx");
  return new SubprocessImplementation(
    "reference-subprocess",
    { file: process.execPath, args: ["--import", tsx, ENTRY], env: minimalEnv() },
    options,
  );
}
