/**
 * The Rust SDK (crates smcp / smcp-computer from crates.io) behind the adapter binary built from
 * adapters/rust/. Each SDK version has its own manifest and target folder, so versions run side by side.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { cacheRoot } from "../bootstrap/cache-dir.ts";
import { DEFAULT_RUST_SDK, RUST_DIR, rustAdapterBinary, rustVersions } from "../bootstrap/rust-build.ts";
import { minimalEnv } from "../driver/adapter-env.ts";
import { SubprocessImplementation, type DriverOptions } from "../driver/subprocess-implementation.ts";

export const RUST_FAMILY = {
  defaultVersion: DEFAULT_RUST_SDK,
  versions: rustVersions,
  expectationsFile: (version: string) => join(RUST_DIR, version === DEFAULT_RUST_SDK ? "expectations.yaml" : `expectations@${version}.yaml`),
  create(name: string, version: string, options: Partial<DriverOptions>): SubprocessImplementation {
    return new SubprocessImplementation(
      name,
      async () => {
        const binary = await rustAdapterBinary(version);
        const home = join(cacheRoot(), "empty-home");
        mkdirSync(home, { recursive: true });
        return { file: binary, args: [], env: minimalEnv({ HOME: home }) };
      },
      options,
    );
  },
};
