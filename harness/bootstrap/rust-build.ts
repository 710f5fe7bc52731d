/**
 * The Rust adapter binary: built on first use with cargo (progress shown) into a persistent target
 * folder in the cache, one per SDK version, so reruns and CI on the same machine are incremental.
 * A stamp of the sources skips cargo entirely when nothing changed.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { sha256Hex } from "../util/canonical-json.ts";
import { cacheRoot } from "./cache-dir.ts";
import { withDirLock } from "./dir-lock.ts";
import { BootstrapError, streamCommand } from "./stream-command.ts";

export const RUST_DIR = fileURLToPath(new URL("../../adapters/rust/", import.meta.url));
export const DEFAULT_RUST_SDK = "0.4.1";
const BINARY = "smcp-conformance-rust-adapter";

/** The default version builds adapters/rust/Cargo.toml; others adapters/rust/versions/<v>/Cargo.toml. */
function manifestFor(version: string): string {
  return version === DEFAULT_RUST_SDK ? join(RUST_DIR, "Cargo.toml") : join(RUST_DIR, "versions", version, "Cargo.toml");
}

export function rustVersions(): string[] {
  const others = existsSync(join(RUST_DIR, "versions"))
    ? readdirSync(join(RUST_DIR, "versions")).filter((v) => existsSync(manifestFor(v)))
    : [];
  return [...(existsSync(manifestFor(DEFAULT_RUST_SDK)) ? [DEFAULT_RUST_SDK] : []), ...others].sort();
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Everything the build reads: sources, build script, manifests and lock files. */
function sourceStamp(version: string): string {
  const inputs = [
    ...files(join(RUST_DIR, "src")),
    manifestFor(version),
    join(manifestFor(version), "../Cargo.lock"),
    join(RUST_DIR, "build.rs"),
  ]
    .filter((p) => existsSync(p))
    .sort();
  return sha256Hex(inputs.map((p) => `${relative(RUST_DIR, p)}\0${sha256Hex(readFileSync(p))}`).join("\n"));
}

function progress(message: string): void {
  process.stderr.write(`[rust] ${message}\n`);
}

/** Returns the adapter binary for `version`, building it first if its sources changed. */
export async function rustAdapterBinary(
  version: string,
  log: (line: string) => void = (l) => process.stderr.write(`[rust] ${l}\n`),
): Promise<string> {
  if (!rustVersions().includes(version))
    throw new BootstrapError(`no Rust adapter manifest for smcp-computer ${version} (have: ${rustVersions().join(", ")})`);
  const target = join(cacheRoot(), "rust", `target-${version}`);
  const binary = join(target, "release", BINARY);
  const stampFile = join(target, ".smcp-conformance-stamp");
  const stamp = sourceStamp(version);
  const fresh = () => existsSync(binary) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp;
  if (fresh()) return binary;
  return withDirLock(
    target,
    async () => {
      if (fresh()) return binary;
      const started = Date.now();
      progress(
        `building the adapter against smcp-computer ${version} into ${target} (a cold build takes several minutes; later runs reuse it)`,
      );
      await streamCommand(["cargo", "build", "--release", "--locked", "--manifest-path", manifestFor(version)], log, {
        ...process.env,
        CARGO_TARGET_DIR: target,
        CARGO_TERM_COLOR: "never",
        CARGO_TERM_PROGRESS_WHEN: "never",
      } as Record<string, string>);
      if (!existsSync(binary)) throw new BootstrapError(`cargo finished but ${binary} is missing`);
      writeFileSync(stampFile, stamp);
      progress(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return binary;
    },
    () => progress(`waiting for another run that is building ${target}`),
  );
}
