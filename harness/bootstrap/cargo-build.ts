/**
 * Build kind `cargo`: a release binary built on first use into a persistent target folder in the
 * cache, one per SDK version, so reruns and CI on the same machine are incremental. A stamp of the
 * build's inputs skips cargo entirely when nothing changed.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { sha256Hex } from "../util/canonical-json.ts";
import { cacheRoot } from "./cache-dir.ts";
import { withDirLock } from "./dir-lock.ts";
import { BootstrapError, streamCommand } from "./stream-command.ts";

export interface CargoBuildRequest {
  /** Names the cache folder (<name>/target-<version>) and the progress lines. */
  readonly name: string;
  readonly version: string;
  /** The crate folder: inputs are relative to it. */
  readonly dir: string;
  /** The Cargo.toml to build; its Cargo.lock beside it is an input too. */
  readonly manifest: string;
  readonly binary: string;
  /** Files or folders (relative to dir) whose content the build reads, besides manifest and lock. */
  readonly inputs: readonly string[];
  readonly log?: (line: string) => void;
}

function files(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((entry) => files(join(path, entry)));
}

/** Everything the build reads: the listed inputs, the manifest and its lock file. */
function sourceStamp(request: CargoBuildRequest): string {
  const inputs = [
    ...request.inputs.flatMap((i) => files(join(request.dir, i))),
    request.manifest,
    join(dirname(request.manifest), "Cargo.lock"),
  ]
    .filter((p) => existsSync(p))
    .sort();
  return sha256Hex(inputs.map((p) => `${relative(request.dir, p)}\0${sha256Hex(readFileSync(p))}`).join("\n"));
}

/** Returns the binary for `version`, building it first if its inputs changed. */
export async function cargoBuild(request: CargoBuildRequest): Promise<string> {
  const { name, version, manifest, binary: binaryName } = request;
  const progress = (message: string) => process.stderr.write(`[${name}] ${message}\n`);
  const log = request.log ?? ((line: string) => process.stderr.write(`[${name}] ${line}\n`));
  if (!existsSync(manifest)) throw new BootstrapError(`no Cargo manifest ${manifest} for ${name} ${version}`);
  const target = join(cacheRoot(), name, `target-${version}`);
  const binary = join(target, "release", binaryName);
  const stampFile = join(target, ".smcp-conformance-stamp");
  const stamp = sourceStamp(request);
  const fresh = () => existsSync(binary) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp;
  if (fresh()) return binary;
  return withDirLock(
    target,
    async () => {
      if (fresh()) return binary;
      const started = Date.now();
      progress(`building the adapter for ${version} into ${target} (a cold build takes several minutes; later runs reuse it)`);
      await streamCommand(["cargo", "build", "--release", "--locked", "--manifest-path", manifest], log, {
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
