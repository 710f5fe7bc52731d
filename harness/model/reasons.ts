/**
 * The kit's closed taxonomy of reason codes and warning kinds (vectors/_schema/reasons.json): what
 * the corpus loader checks expected values against, what reports title and hint, and what
 * `--strict-protocol` holds every adapter's answers to.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { SHARED_SCHEMA_DIR } from "./kit-files.ts";

export interface TaxonomyEntry {
  readonly title: string;
  readonly hint: string;
  readonly spec: string;
}

interface Taxonomy {
  readonly reasons: Readonly<Record<string, TaxonomyEntry>>;
  readonly warnings: Readonly<Record<string, TaxonomyEntry>>;
}

export const REASONS_FILE = join(SHARED_SCHEMA_DIR, "reasons.json");

function loadTaxonomy(): Taxonomy {
  const validate = new Ajv({ allErrors: true }).compile(JSON.parse(readFileSync(join(SHARED_SCHEMA_DIR, "reasons.schema.json"), "utf8")));
  const data = JSON.parse(readFileSync(REASONS_FILE, "utf8")) as Taxonomy;
  if (!validate(data)) throw new Error(`${REASONS_FILE}: ${validate.errors?.map((e) => `${e.instancePath} ${e.message}`).join("; ")}`);
  return data;
}

const TAXONOMY = loadTaxonomy();
export const REASONS: Readonly<Record<string, TaxonomyEntry>> = TAXONOMY.reasons;
export const WARNINGS: Readonly<Record<string, TaxonomyEntry>> = TAXONOMY.warnings;

export function isReason(value: string): boolean {
  return Object.hasOwn(REASONS, value);
}

export function isWarningKind(value: string): boolean {
  return Object.hasOwn(WARNINGS, value);
}
