/** `smcp-conformance export --format upstream --out <dir>`: fixtures for SDK test suites. */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { loadCorpus } from "../corpus/load-corpus.ts";
import { exportUpstream } from "../export/upstream-format.ts";
import { UsageError } from "../util/usage-error.ts";
import { writeAtomic } from "../util/write-atomic.ts";
import { EXIT } from "./exit-code.ts";

export function exportCommand(options: { format: string; out: string; vectors: string[] }): number {
  if (options.format !== "upstream") throw new UsageError(`unknown export format "${options.format}" (known: upstream)`);
  const files = exportUpstream(loadCorpus({ extraRoots: options.vectors }));
  mkdirSync(options.out, { recursive: true });
  for (const { file, content } of files) {
    writeAtomic(join(options.out, file), `${JSON.stringify(content, null, 1)}\n`);
    process.stdout.write(`${join(options.out, file)}: ${(content as { vectors: unknown[] }).vectors.length} vectors\n`);
  }
  return EXIT.ok;
}
