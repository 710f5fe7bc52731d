/**
 * An SDK adapter process whose command needs set-up first (a venv, a build). It runs with a
 * minimal environment and an empty HOME, so the SDK never sees the real user's files or secrets.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { cacheRoot } from "../bootstrap/cache-dir.ts";
import { minimalEnv } from "../driver/adapter-env.ts";
import { type DriverOptions, SubprocessImplementation } from "../driver/subprocess-implementation.ts";

export interface PreparedCommand {
  readonly file: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

export function sdkAdapter(
  name: string,
  prepare: () => Promise<PreparedCommand>,
  options: Partial<DriverOptions>,
): SubprocessImplementation {
  return new SubprocessImplementation(
    name,
    async () => {
      const command = await prepare();
      const home = join(cacheRoot(), "empty-home");
      mkdirSync(home, { recursive: true });
      return { file: command.file, args: command.args, env: minimalEnv({ HOME: home, ...command.env }) };
    },
    options,
  );
}
