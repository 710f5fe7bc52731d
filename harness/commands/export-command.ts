/**
 * `smcp-conformance export --format upstream --out <dir>`: the versioned export for SDK test suites
 * (harness/export/export-bundle.ts): upstream-shaped fixtures, one file per pure operation, and a
 * manifest with each file's sha256 and count.
 */
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { loadCorpus } from "../corpus/load-corpus.ts";
import { buildExport } from "../export/export-bundle.ts";
import { KIT_VECTORS_DIR } from "../model/kit-files.ts";
import { prepareOutDir } from "../report/out-dir.ts";
import { OutputError } from "../util/output-error.ts";
import { UsageError } from "../util/usage-error.ts";
import { writeAtomic } from "../util/write-atomic.ts";
import { EXIT } from "./exit-code.ts";

export function exportCommand(options: { format: string; out: string; vectors: string[] }): number {
  if (options.format !== "upstream") throw new UsageError(`unknown export format "${options.format}" (known: upstream)`);
  const out = exportDir(options.out, options.vectors);
  const { files, manifest } = buildExport(loadCorpus({ extraRoots: options.vectors }));
  writeAtomic(join(out, EXPORT_MARKER), "smcp-conformance export\n");
  for (const { file, text } of files) {
    const path = join(out, file);
    mkdirSync(dirname(path), { recursive: true });
    writeAtomic(path, text);
  }
  for (const entry of manifest.files) process.stdout.write(`${join(options.out, entry.file)}: ${entry.count} vectors\n`);
  process.stdout.write(
    `${join(options.out, "manifest.json")}: ${manifest.files.length} files, kit ${manifest.kit.version}, corpus sha256 ${manifest.corpus.sha256}\n`,
  );
  return EXIT.ok;
}

/** The file an export folder carries: a later export may write over it, and over nothing else. */
export const EXPORT_MARKER = ".smcp-conformance-export";

/**
 * `--out` gets run's checks (not the root, a file, a pseudo filesystem, inside a corpus, read-only),
 * and must be empty or an earlier export: `--out vectors/upstream-bundle-id` overwrote an upstream
 * fixture and broke every later command.
 */
function exportDir(out: string, vectors: readonly string[]): string {
  const dir = prepareOutDir(out, [KIT_VECTORS_DIR, ...vectors]);
  const entries = readdirSync(dir);
  if (entries.length > 0 && !existsSync(join(dir, EXPORT_MARKER)))
    throw new OutputError(out, "--out holds files the kit did not export; export writes only into an empty folder or an earlier export");
  return dir;
}
