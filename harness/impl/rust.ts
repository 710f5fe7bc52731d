/**
 * The Rust SDK (the published crates smcp / smcp-computer) behind the adapter binary built from
 * adapters/rust/. Each SDK version has its own manifest and target folder, so versions run side by side.
 */
import { join } from "node:path";
import { DEFAULT_RUST_SDK, RUST_DIR, rustAdapterBinary, rustVersions } from "../bootstrap/rust-build.ts";
import type { DriverOptions } from "../driver/subprocess-implementation.ts";
import { sdkAdapter } from "./sdk-adapter.ts";

export const RUST_FAMILY = {
  defaultVersion: DEFAULT_RUST_SDK,
  versions: rustVersions,
  expectationsFile: (version: string) =>
    join(RUST_DIR, version === DEFAULT_RUST_SDK ? "expectations.yaml" : `expectations@${version}.yaml`),
  create: (name: string, version: string, options: Partial<DriverOptions>) =>
    sdkAdapter(name, async () => ({ file: await rustAdapterBinary(version), args: [] }), options),
};
