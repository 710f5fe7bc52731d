// Builds throwaway corpus folders for loader tests.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { CorpusError, type CorpusProblem } from "../../harness/corpus/errors.ts";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";

export function tempCorpus(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "smcp-corpus-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** A valid one-vector explicit-id file, with `patch` applied to the vector's YAML lines. */
export function explicitIdFile(vectorLines: string): string {
  return ["suite: explicit-id", "provenance: { source: authored }", "vectors:", vectorLines].join("\n");
}

export const GOOD_VECTOR = [
  "  - id: explicit-id/extra/ok",
  "    description: a plain id",
  "    spec: { file: x.md, section: s }",
  "    tier: must",
  "    op: bundle_id.validate",
  "    input: { bundle_id: abc }",
  "    expected: { accepted: true, reason: null }",
  "    covers: [data-structures/bundleid/3]",
].join("\n");

/** The problems loading `files` (as an extra corpus root) reports; throws when it loads cleanly. */
export function problemsOf(files: Record<string, string>): CorpusProblem[] {
  try {
    loadCorpus({ extraRoots: [tempCorpus(files)] });
  } catch (error) {
    if (error instanceof CorpusError) return [...error.problems];
    throw error;
  }
  throw new Error("the corpus loaded without problems");
}
