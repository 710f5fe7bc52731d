/** Where the kit's own data lives (its corpus, shared schemas, package manifest), found from this file. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const KIT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const KIT_VECTORS_DIR = join(KIT_ROOT, "vectors");
export const SHARED_SCHEMA_DIR = join(KIT_VECTORS_DIR, "_schema");
export const ADAPTERS_DIR = join(KIT_ROOT, "adapters");

/** The kit's own name and version (package.json), recorded in every report. */
export function kitPackage(): { readonly name: string; readonly version: string } {
  const pkg = JSON.parse(readFileSync(join(KIT_ROOT, "package.json"), "utf8")) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}
