/**
 * The shape of vectors written for review (harness/fuzz/vector-yaml.ts writes the file), and JSON
 * text with every character a reviewer could not see escaped: zero-width and format characters,
 * combining marks, unusual spaces, private-use characters, controls and lone surrogates become
 * `\uXXXX`, so an NFD pair or a U+200B in a shrunk counterexample is visible in the diff.
 */
import type { Provenance, Vector } from "../model/vector.ts";

/** A vector as authored in a file: the loaded form without what the loader adds. */
export type VectorToWrite = Pick<Vector, "id" | "description" | "spec" | "tier" | "op" | "input" | "expected" | "expected_error"> & {
  readonly provenance?: Provenance;
  /** Requirement ids (vectors/_spec/); a candidate's are proposals awaiting review. */
  readonly covers?: readonly string[];
};

export interface VectorFileToWrite {
  readonly suite: string;
  readonly description: string;
  readonly provenance: Provenance;
  readonly vectors: readonly VectorToWrite[];
}

/**
 * Characters a reader cannot see or tell apart: controls, format, private use, combining marks,
 * line and paragraph separators, lone surrogates, unusual spaces, and unassigned code points and
 * noncharacters (U+FFFE, U+FFFF, U+10FFFF, U+FDD0…: Cn) that a terminal shows as nothing or a box.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Mn}\p{Me}\p{Zl}\p{Zp}\p{Cs}\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/gu;

/** Every UTF-16 unit of the character: an astral one (e.g. plane-15 private use) is a surrogate pair. */
function escapeUnits(ch: string): string {
  let out = "";
  for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, "0")}`;
  return out;
}

/** Prose (a description) with each invisible character written as its `\uXXXX` escape. */
export function visibleText(text: string): string {
  return text.replace(INVISIBLE, escapeUnits);
}

/** JSON text with invisible characters escaped; still valid JSON (and YAML). */
export function visibleJson(value: unknown): string {
  return JSON.stringify(value).replace(INVISIBLE, escapeUnits);
}
