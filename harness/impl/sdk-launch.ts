/**
 * Starting an SDK's adapter from its manifest: build it with its build kind (a venv from a lock, a
 * cargo build), fill the launch command's placeholders, and run it with a minimal environment and an
 * empty HOME, so the SDK never sees the real user's files or secrets. The harness and the tests use
 * this same code.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { cargoBuild } from "../bootstrap/cargo-build.ts";
import { pythonVenv } from "../bootstrap/python-venv.ts";
import { minimalEnv } from "../driver/adapter-env.ts";
import { type DriverOptions, SubprocessImplementation } from "../driver/subprocess-implementation.ts";
import { cacheRoot } from "../util/cache-root.ts";
import type { SdkManifest } from "./sdk-manifests.ts";

export interface PreparedCommand {
  readonly file: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
}

/** Runs the manifest's build kind for one version; returns the values its launch placeholders name. */
async function build(manifest: SdkManifest, version: string): Promise<Record<string, string>> {
  const entry = manifest.versions[version];
  if (!entry) throw new Error(`${manifest.implementation} has no version ${version}`);
  const path = (relative: string | undefined, what: string) => {
    if (!relative) throw new Error(`${join(manifest.dir, "sdk.yaml")}: version ${version} needs ${what}`);
    return join(manifest.dir, relative);
  };
  switch (manifest.build.kind) {
    case "python-venv": {
      const venv = await pythonVenv({ sdk: manifest.sdk, version, lockFile: path(entry.lock, "a lock"), label: manifest.implementation });
      return { python: venv.python };
    }
    case "cargo": {
      const { binary, inputs, system_libraries } = manifest.build;
      const built = await cargoBuild({
        name: manifest.implementation,
        version,
        dir: manifest.dir,
        manifest: path(entry.manifest, "a manifest"),
        binary,
        inputs,
        ...(system_libraries ? { systemLibraries: system_libraries } : {}),
        // An older release the default run adds yields the CPU to the latest one's build.
        ...(version !== manifest.default_version ? { background: true } : {}),
      });
      return { binary: built };
    }
  }
}

/** Builds the adapter if needed and returns the exact command the harness runs. */
export async function prepareLaunch(manifest: SdkManifest, version: string): Promise<PreparedCommand> {
  return launchCommand(manifest, await build(manifest, version));
}

/** The manifest's launch command with its placeholders filled from a build's values. */
export function launchCommand(manifest: SdkManifest, built: Readonly<Record<string, string>>): PreparedCommand {
  const values: Record<string, string> = { dir: manifest.dir, ...built };
  const fill = (word: string) => word.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
  const [file, ...args] = manifest.launch.command.map(fill);
  const home = join(cacheRoot(), "empty-home");
  mkdirSync(home, { recursive: true });
  return { file: file!, args, env: minimalEnv({ HOME: home, ...manifest.launch.env }) };
}

/** The adapter of one SDK version as an Implementation (built on first start). */
export function sdkImplementation(
  name: string,
  manifest: SdkManifest,
  version: string,
  options: Partial<DriverOptions>,
): SubprocessImplementation {
  return new SubprocessImplementation(name, () => prepareLaunch(manifest, version), options);
}
