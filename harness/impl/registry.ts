/**
 * Implementations by name, as `--impl` selects them: `reference`, `reference-subprocess`, and SDK
 * families with an optional version (`python`, `python@0.3.2`, `rust`, `rust@0.3.2`) or a local checkout
 * (`python@path:../python-sdk`, local-checkout.ts). User adapters come
 * from `--adapter name='command args…'`.
 */

import { minimalEnv } from "../driver/adapter-env.ts";
import { commandExists } from "../driver/find-command.ts";
import { type DriverOptions, SubprocessImplementation } from "../driver/subprocess-implementation.ts";
import type { Implementation } from "../model/implementation.ts";
import { ROLES, type Role } from "../model/operations.ts";
import { UsageError } from "../util/usage-error.ts";
import { checkoutExpectations, checkoutImplementation, describeCheckout, parseCheckoutName } from "./local-checkout.ts";
import { REFERENCE_READINGS, referenceInProcess, referenceReadingAt } from "./reference-in-process.ts";
import { referenceSubprocess } from "./reference-subprocess.ts";
import { sdkImplementation } from "./sdk-launch.ts";
import { declaredRoles, expectationsFile, SDK_MANIFESTS, type SdkManifest, sdkManifest } from "./sdk-manifests.ts";

interface Family {
  readonly defaultVersion: string;
  versions(): string[];
  expectationsFile(version: string): string;
  roles(version: string): readonly Role[];
  create(name: string, version: string, options: Partial<DriverOptions>): Implementation;
}

function familyOf(manifest: SdkManifest): Family {
  return {
    defaultVersion: manifest.default_version,
    versions: () => Object.keys(manifest.versions).sort(),
    expectationsFile: (version) => expectationsFile(manifest, version),
    roles: (version) => declaredRoles(manifest, version),
    create: (name, version, options) => sdkImplementation(name, manifest, version, options),
  };
}

/** What the run judges at, as far as choosing an implementation needs it. */
export interface SelectionContext {
  /** `--protocol`: plain `reference` at a draft is the reading that implements it (reference-in-process.ts). */
  readonly protocol?: string;
}

type Create = (options: Partial<DriverOptions>, context: SelectionContext) => Implementation;

/** The in-process reference's readings under their own names, plain `reference` following the run's protocol, and the subprocess reference. */
const FIXED: Readonly<Record<string, Create>> = {
  ...Object.fromEntries(
    Object.entries(REFERENCE_READINGS).map(([name, reading]): [string, Create] => [name, () => referenceInProcess(reading)]),
  ),
  reference: (_options, context) => referenceInProcess(referenceReadingAt(context.protocol)),
  "reference-subprocess": (options) => referenceSubprocess(options),
};

/** One family per SDK manifest (adapters/<sdk>/sdk.yaml). */
const FAMILIES: Readonly<Record<string, Family>> = Object.fromEntries(SDK_MANIFESTS.map((m) => [m.implementation, familyOf(m)]));

export interface Selected {
  readonly implementation: Implementation;
  /** Where this implementation's known gaps are listed, if it has such a file. */
  readonly expectationsFile?: string;
  /** The roles it offers, when its manifest declares fewer than all three (a role not offered is not claimed). */
  readonly roles?: readonly Role[];
}

/** The reference and every SDK family at its default (pinned) version: what fuzz, lint and generate compare. */
export function pinnedNames(): string[] {
  return ["reference", ...SDK_MANIFESTS.filter((m) => m.default_version in m.versions).map((m) => m.implementation)];
}

/**
 * The main job's matrix: the pinned set plus the older releases each manifest lists in
 * also_in_default_run, side by side (issue 29: what each release may claim). Fuzz, lint and generate
 * keep to the pinned set: their baselines and candidates are about the current releases.
 */
export function defaultNames(): string[] {
  return pinnedNames().flatMap((name) => {
    const m = SDK_MANIFESTS.find((x) => x.implementation === name);
    return [name, ...(m?.also_in_default_run ?? []).filter((v) => v !== m?.default_version).map((v) => `${name}@${v}`)];
  });
}

/**
 * The roles a known SDK release declares when fewer than all three (its manifest), undefined for
 * all three, a checkout, the reference or an unknown name: what `audit` holds a report's record to.
 */
export function declaredRolesFor(name: string): readonly Role[] | undefined {
  if (parseCheckoutName(name)) return undefined;
  const [familyName, requested] = name.split("@", 2) as [string, string | undefined];
  const family = FAMILIES[familyName];
  if (!family) return undefined;
  const version = requested ?? family.defaultVersion;
  if (!family.versions().includes(version)) return undefined;
  const roles = family.roles(version);
  return roles.length < ROLES.length ? roles : undefined;
}

export function knownNames(): string[] {
  return [...Object.keys(FIXED), ...Object.entries(FAMILIES).flatMap(([f, fam]) => [f, ...fam.versions().map((v) => `${f}@${v}`)])];
}

/** One name: a fixed implementation, a family (default version), family@version or family@path:<dir>. */
function selectOne(name: string, options: Partial<DriverOptions>, context: SelectionContext): Selected {
  const fixed = FIXED[name];
  if (fixed) return { implementation: fixed(options, context) };
  const local = parseCheckoutName(name);
  if (local) return selectCheckout(name, local.family, local.dir, options);
  const [familyName, requested] = name.split("@", 2) as [string, string | undefined];
  const family = FAMILIES[familyName];
  if (!family) throw new UsageError(`unknown implementation "${name}" (known: ${knownNames().join(", ")})`);
  const version = requested ?? family.defaultVersion;
  if (!family.versions().includes(version)) {
    throw new UsageError(`no ${familyName} version ${version} (have: ${family.versions().join(", ")})`);
  }
  const normalized = version === family.defaultVersion ? familyName : `${familyName}@${version}`;
  const roles = declaredRolesFor(name);
  return {
    implementation: family.create(normalized, version, options),
    expectationsFile: family.expectationsFile(version),
    ...(roles ? { roles } : {}),
  };
}

/** A local checkout of an SDK family (see local-checkout.ts). */
function selectCheckout(name: string, familyName: string, dir: string, options: Partial<DriverOptions>): Selected {
  const manifest = sdkManifest(familyName);
  if (!manifest)
    throw new UsageError(
      `unknown SDK family "${familyName}" in ${name} (local checkouts: ${SDK_MANIFESTS.map((m) => m.implementation).join(", ")})`,
    );
  const checkout = describeCheckout(manifest, dir);
  return {
    implementation: checkoutImplementation(name, manifest, checkout, options),
    expectationsFile: checkoutExpectations(manifest, checkout),
  };
}

export function selectImplementations(
  names: readonly string[],
  options: Partial<DriverOptions> = {},
  context: SelectionContext = {},
): Selected[] {
  const selected = names.map((n) => selectOne(n, options, context));
  const seen = new Set<string>();
  return selected.filter((s) => !seen.has(s.implementation.name) && seen.add(s.implementation.name));
}

/** `name=command arg…`: split on whitespace, with single or double quotes grouping. */
export function parseAdapterSpec(spec: string, options: Partial<DriverOptions> = {}): Selected {
  const eq = spec.indexOf("=");
  const name = eq > 0 ? spec.slice(0, eq).trim() : "";
  if (!/^[A-Za-z0-9][A-Za-z0-9._@-]*$/.test(name)) throw new UsageError(`--adapter needs name=command, got ${JSON.stringify(spec)}`);
  const words = splitWords(spec.slice(eq + 1));
  if (words.length === 0) throw new UsageError(`--adapter ${name}: the command is empty`);
  if (!commandExists(words[0]!))
    throw new UsageError(`--adapter ${name}: command "${words[0]}" not found (not an executable file, nor on PATH)`);
  return { implementation: new SubprocessImplementation(name, { file: words[0]!, args: words.slice(1), env: minimalEnv() }, options) };
}

function splitWords(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) words.push(match[1] ?? match[2] ?? match[3]!);
  return words;
}
