/**
 * Writes vectors as a corpus YAML file meant for review. Values are JSON flow (YAML 1.2 reads
 * JSON), with every character a reviewer could not see escaped: zero-width and format
 * characters, combining marks, unusual spaces, private-use characters, controls and lone surrogates become `\uXXXX`, so an
 * NFD pair or a U+200B in a shrunk counterexample is visible in the diff.
 */
import type { Provenance, Vector } from "../model/vector.ts";

/** A vector as authored in a file: the loaded form without what the loader adds. */
export type VectorToWrite = Pick<Vector, "id" | "description" | "spec" | "tier" | "op" | "input" | "expected" | "expected_error"> & {
  readonly provenance?: Provenance;
};

export interface VectorFileToWrite {
  readonly suite: string;
  readonly description: string;
  readonly provenance: Provenance;
  readonly vectors: readonly VectorToWrite[];
}

const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Mn}\p{Me}\p{Zl}\p{Zp}\p{Cs}\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/gu;

/** Every UTF-16 unit of the character: an astral one (e.g. plane-15 private use) is a surrogate pair. */
function escapeUnits(ch: string): string {
  let out = "";
  for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, "0")}`;
  return out;
}

/** JSON text with invisible characters escaped; still valid JSON (and YAML). */
export function visibleJson(value: unknown): string {
  return JSON.stringify(value).replace(INVISIBLE, escapeUnits);
}

export function vectorFileText(file: VectorFileToWrite): string {
  const lines = [
    `suite: ${file.suite}`,
    `description: ${visibleJson(file.description)}`,
    `provenance: ${visibleJson(file.provenance)}`,
    "vectors:",
  ];
  for (const v of file.vectors) {
    lines.push(
      `  - id: ${v.id}`,
      `    description: ${visibleJson(v.description)}`,
      `    spec: ${visibleJson(v.spec)}`,
      `    tier: ${v.tier}`,
      `    op: ${v.op}`,
    );
    lines.push(`    input: ${visibleJson(v.input)}`);
    if (v.expected !== undefined) lines.push(`    expected: ${visibleJson(v.expected)}`);
    if (v.expected_error !== undefined) lines.push(`    expected_error: ${visibleJson(v.expected_error)}`);
    if (v.provenance !== undefined) lines.push(`    provenance: ${visibleJson(v.provenance)}`);
  }
  return `${lines.join("\n")}\n`;
}
