/**
 * `smcp-conformance export --format upstream --out <dir>`: the versioned export for SDK test suites
 * (harness/export/export-bundle.ts): upstream-shaped fixtures, one file per pure operation, and a
 * manifest with each file's sha256 and count.
 */
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { loadCorpus } from "../corpus/load-corpus.ts";
import { buildExport } from "../export/export-bundle.ts";
import { UsageError } from "../util/usage-error.ts";
import { writeAtomic } from "../util/write-atomic.ts";
import { EXIT } from "./exit-code.ts";

export function exportCommand(options: { format: string; out: string; vectors: string[] }): number {
  if (options.format !== "upstream") throw new UsageError(`unknown export format "${options.format}" (known: upstream)`);
  const { files, manifest } = buildExport(loadCorpus({ extraRoots: options.vectors }));
  for (const { file, text } of files) {
    const path = join(options.out, file);
    mkdirSync(dirname(path), { recursive: true });
    writeAtomic(path, text);
  }
  for (const entry of manifest.files) process.stdout.write(`${join(options.out, entry.file)}: ${entry.count} vectors\n`);
  process.stdout.write(
    `${join(options.out, "manifest.json")}: ${manifest.files.length} files, kit ${manifest.kit.version}, corpus sha256 ${manifest.corpus.sha256}\n`,
  );
  return EXIT.ok;
}
