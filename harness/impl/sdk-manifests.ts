/**
 * The SDKs the kit can run, one folder each under adapters/ with a manifest (sdk.yaml): the
 * implementation name, its versions, how its adapter is built (a build kind) and launched. The
 * registry, the tests and the benchmark all start adapters from these manifests.
 */

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { parse } from "yaml";
import type { SystemLibrary } from "../bootstrap/cargo-build.ts";
import { ADAPTERS_DIR } from "../model/kit-files.ts";
import { ROLES, type Role } from "../model/operations.ts";

export type BuildSpec =
  | { readonly kind: "python-venv" }
  | {
      readonly kind: "cargo";
      readonly binary: string;
      readonly inputs: readonly string[];
      readonly system_libraries?: readonly SystemLibrary[];
    };

export interface SdkManifest {
  /** The folder holding sdk.yaml; relative paths in the manifest are relative to it. */
  readonly dir: string;
  readonly implementation: string;
  readonly title: string;
  readonly language: string;
  readonly sdk: string;
  readonly default_version: string;
  /** Older releases the default run also judges, beside default_version (each against the protocol it claims). */
  readonly also_in_default_run?: readonly string[];
  /** Per version: its lock or manifest, and the roles it offers (absent: all three). */
  readonly versions: Readonly<Record<string, { readonly lock?: string; readonly manifest?: string; readonly roles?: readonly Role[] }>>;
  readonly build: BuildSpec;
  readonly launch: { readonly command: readonly string[]; readonly env?: Readonly<Record<string, string>> };
}

export const MANIFEST_FILE = "sdk.yaml";

/** The roles a release offers, as its manifest declares them (all three when it says nothing). */
export function declaredRoles(manifest: SdkManifest, version: string): readonly Role[] {
  return manifest.versions[version]?.roles ?? ROLES;
}

function loadManifests(): readonly SdkManifest[] {
  const validate = new Ajv({ allErrors: true, allowUnionTypes: true }).compile(
    JSON.parse(readFileSync(join(ADAPTERS_DIR, "sdk.schema.json"), "utf8")),
  );
  return readdirSync(ADAPTERS_DIR)
    .sort()
    .filter((entry) => existsSync(join(ADAPTERS_DIR, entry, MANIFEST_FILE)))
    .map((entry) => {
      const file = join(ADAPTERS_DIR, entry, MANIFEST_FILE);
      const data = parse(readFileSync(file, "utf8")) as Omit<SdkManifest, "dir">;
      if (!validate(data)) throw new Error(`${file}: ${validate.errors?.map((e) => `${e.instancePath || "/"} ${e.message}`).join("; ")}`);
      if (!(data.default_version in data.versions))
        throw new Error(`${file}: default_version ${data.default_version} is not among its versions`);
      for (const v of data.also_in_default_run ?? [])
        if (!(v in data.versions)) throw new Error(`${file}: also_in_default_run names ${v}, which is not among its versions`);
      return Object.freeze({ ...data, dir: join(ADAPTERS_DIR, entry) });
    });
}

export const SDK_MANIFESTS: readonly SdkManifest[] = loadManifests();

export function sdkManifest(implementation: string): SdkManifest | undefined {
  return SDK_MANIFESTS.find((m) => m.implementation === implementation);
}

/** Where an SDK version's known gaps are listed: expectations.yaml for the default version, expectations@<v>.yaml otherwise. */
export function expectationsFile(manifest: SdkManifest, version: string): string {
  return join(manifest.dir, version === manifest.default_version ? "expectations.yaml" : `expectations@${version}.yaml`);
}
