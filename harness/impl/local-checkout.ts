/**
 * A local SDK checkout as an implementation: `--impl <family>@path:<dir>` (e.g. `python@path:../python-sdk`,
 * `rust@path:../rust-sdk`). The SDK's adapter is set up against the checkout instead of a release
 * (Python: a venv with the adapter's locked packages and the checkout installed editable; Rust: the
 * adapter built with the checkout's crates patched in, in a target folder of its own). The handshake
 * carries the checkout's folder and git commit. Its known gaps default to the kit's expectations for
 * the nearest released version; `--expectations` replaces them.
 */
import { statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { cargoBuild } from "../bootstrap/cargo-build.ts";
import { writePatchedManifest } from "../bootstrap/cargo-patch.ts";
import { type CargoPackage, cargoPackages, gitDescription, pyprojectName, pyprojectVersion } from "../bootstrap/checkout-source.ts";
import { pythonVenv } from "../bootstrap/python-venv.ts";
import { BootstrapError } from "../bootstrap/stream-command.ts";
import { type DriverOptions, SubprocessImplementation } from "../driver/subprocess-implementation.ts";
import type { Handshake, Implementation } from "../model/implementation.ts";
import { cacheRoot } from "../util/cache-root.ts";
import { sha256Hex } from "../util/canonical-json.ts";
import { UsageError } from "../util/usage-error.ts";
import { nearestRelease } from "./nearest-version.ts";
import { launchCommand, type PreparedCommand } from "./sdk-launch.ts";
import { expectationsFile, type SdkManifest } from "./sdk-manifests.ts";

export const CHECKOUT_MARK = "@path:";

/** `python@path:../sdk` → { family: "python", dir: "../sdk" }; undefined for any other name. */
export function parseCheckoutName(name: string): { family: string; dir: string } | undefined {
  const at = name.indexOf(CHECKOUT_MARK);
  if (at <= 0) return undefined;
  return { family: name.slice(0, at), dir: name.slice(at + CHECKOUT_MARK.length) };
}

export interface Checkout {
  /** The folder as an absolute path. */
  readonly dir: string;
  /** The SDK's version as the checkout declares it (undefined when it cannot be read without building). */
  readonly version: string | undefined;
  /** The released version whose kit expectations and (Python) lock the checkout starts from. */
  readonly release: string;
  /** Rust: the checkout's crates that replace the registry's. */
  readonly crates: readonly CargoPackage[];
}

/** Reads what the checkout is without building it. A missing folder is a usage error. */
export function describeCheckout(manifest: SdkManifest, given: string): Checkout {
  if (given.trim() === "") throw new UsageError(`--impl ${manifest.implementation}${CHECKOUT_MARK}: the folder is empty`);
  const dir = isAbsolute(given) ? given : resolve(given);
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(`--impl ${manifest.implementation}${CHECKOUT_MARK}${given}: no such folder (${dir})`);
  let version: string | undefined;
  let crates: CargoPackage[] = [];
  if (manifest.build.kind === "python-venv") {
    const name = pyprojectName(dir);
    if (name !== undefined && canonical(name) !== canonical(manifest.sdk))
      throw new UsageError(`--impl ${manifest.implementation}${CHECKOUT_MARK}${given}: pyproject.toml names ${name}, not ${manifest.sdk}`);
    version = pyprojectVersion(dir);
  } else {
    crates = cargoPackages(dir);
    version = crates.find((c) => c.name === manifest.sdk)?.version;
  }
  const release = nearestRelease(Object.keys(manifest.versions), version) ?? manifest.default_version;
  return { dir, version, release, crates };
}

const canonical = (name: string) => name.toLowerCase().replace(/[-_.]+/g, "-");

/** A short stable key for the checkout's folder (cache folder names). */
const folderKey = (dir: string) => sha256Hex(dir).slice(0, 12);

/** Sets up the adapter against the checkout; returns the launch command. */
async function prepareCheckout(manifest: SdkManifest, checkout: Checkout, name: string): Promise<PreparedCommand> {
  const version = checkout.version ?? "unknown";
  const entry = manifest.versions[checkout.release];
  switch (manifest.build.kind) {
    case "python-venv": {
      if (!entry?.lock) throw new BootstrapError(`${join(manifest.dir, "sdk.yaml")}: version ${checkout.release} has no lock`);
      const venv = await pythonVenv({
        sdk: manifest.sdk,
        version,
        lockFile: join(manifest.dir, entry.lock),
        label: name,
        checkout: checkout.dir,
      });
      return launchCommand(manifest, { python: venv.python });
    }
    case "cargo": {
      if (!entry?.manifest) throw new BootstrapError(`${join(manifest.dir, "sdk.yaml")}: version ${checkout.release} has no manifest`);
      if (!checkout.crates.some((c) => c.name === manifest.sdk))
        throw new BootstrapError(`no crate ${manifest.sdk} in ${checkout.dir} (looked for Cargo.toml files up to 3 folders down)`);
      const key = folderKey(checkout.dir);
      const generated = writePatchedManifest({
        adapterDir: manifest.dir,
        manifest: join(manifest.dir, entry.manifest),
        crates: checkout.crates,
        outDir: join(cacheRoot(), manifest.implementation, `manifest-path-${key}`),
      });
      const binary = await cargoBuild({
        name: manifest.implementation,
        version: `${version} from ${checkout.dir}`,
        dir: manifest.dir,
        manifest: generated,
        binary: manifest.build.binary,
        inputs: manifest.build.inputs,
        target: join(cacheRoot(), manifest.implementation, `target-path-${key}`),
        locked: false,
        extraInputs: checkout.crates.map((c) => c.dir),
        ...(manifest.build.system_libraries ? { systemLibraries: manifest.build.system_libraries } : {}),
      });
      return launchCommand(manifest, { binary });
    }
  }
}

/** The handshake with the checkout's folder and commit beside the packages the adapter reported. */
export function withCheckout(handshake: Handshake, checkout: Checkout): Handshake {
  return {
    ...handshake,
    sdk: {
      ...handshake.sdk,
      packages: { ...handshake.sdk.packages, checkout: checkout.dir, commit: gitDescription(checkout.dir) },
    },
  };
}

/** The checkout's adapter as an Implementation: set up on first start, its handshake marked with the checkout. */
export function checkoutImplementation(
  name: string,
  manifest: SdkManifest,
  checkout: Checkout,
  options: Partial<DriverOptions>,
): Implementation {
  const inner = new SubprocessImplementation(name, () => prepareCheckout(manifest, checkout, name), options);
  return {
    name,
    transport: inner.transport,
    start: async () => withCheckout(await inner.start(), checkout),
    call: (op, input, callOptions) => inner.call(op, input, callOptions),
    stop: () => inner.stop(),
    kill: () => inner.kill(),
    statsNow: () => inner.statsNow(),
  };
}

/** The default expectations of a checkout: the kit's file for its nearest released version. */
export function checkoutExpectations(manifest: SdkManifest, checkout: Checkout): string {
  return expectationsFile(manifest, checkout.release);
}
