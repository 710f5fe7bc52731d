/**
 * Parsed corpus files, kept between runs: the JSON value a YAML text converts to (yaml-source.ts),
 * keyed by the SHA-256 of the text and of the parser itself (this folder's YAML modules and the
 * yaml package's version), in the kit's cache folder. Parsing is most of a run's start: ~3 s of
 * YAML for a 2 MB corpus on the 2-core machine, against ~0.1 s to read the JSON back.
 *
 * Only a file that converted without a problem is kept, so a corpus error is always found by a
 * fresh parse, and a changed file or a changed parser misses. The cache is an optimisation only:
 * a folder it cannot read or write, or an entry it cannot read back, means a parse as before.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cacheRoot } from "../util/cache-root.ts";

/** Entries not written for this long are removed (a corpus author's edits leave old ones behind). */
const KEEP_MS = 14 * 24 * 3600 * 1000;

let parserKey: string | undefined;
let pruned = false;

/** The modules the conversion runs (its depth bound included), relative to this one. */
const PARSER_MODULES = ["./yaml-source", "./yaml-json", "./parse-cache", "../util/json-depth"];

/** What the conversion depends on besides the text: the parser's own code and the yaml package. */
function parser(): string {
  if (parserKey !== undefined) return parserKey;
  const hash = createHash("sha256");
  const ext = import.meta.url.endsWith(".ts") ? "ts" : "js"; // the clone runs sources, the package dist/
  for (const module of PARSER_MODULES) hash.update(readFileSync(fileURLToPath(new URL(`${module}.${ext}`, import.meta.url))));
  hash.update(String((createRequire(import.meta.url)("yaml/package.json") as { version: string }).version));
  parserKey = hash.digest("hex");
  return parserKey;
}

function folder(): string {
  return join(cacheRoot(), "corpus-parse");
}

function entryPath(text: string): string {
  return join(folder(), `${createHash("sha256").update(parser()).update(text).digest("hex")}.json`);
}

/** What is kept of a parse: the value, and the line of each shallow pointer. */
export interface KeptParse {
  readonly data: unknown;
  readonly lines: Readonly<Record<string, number>>;
}

/** What `text` parsed to before, if kept. */
export function cachedParse(text: string): KeptParse | undefined {
  try {
    const kept = JSON.parse(readFileSync(entryPath(text), "utf8")) as KeptParse;
    return typeof kept === "object" && kept !== null && typeof kept.lines === "object" ? kept : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps what `text` parsed to (written whole through a rename, so a reader never sees half). */
export function keepParse(text: string, kept: KeptParse): void {
  try {
    const path = entryPath(text);
    mkdirSync(folder(), { recursive: true });
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(kept));
    renameSync(temp, path);
    pruneOnce();
  } catch {
    // an unwritable cache costs only the next parse
  }
}

function pruneOnce(): void {
  if (pruned) return;
  pruned = true;
  const now = Date.now();
  for (const name of readdirSync(folder())) {
    const path = join(folder(), name);
    try {
      if (now - statSync(path).mtimeMs > KEEP_MS) rmSync(path, { force: true });
    } catch {
      // removed by another run meanwhile
    }
  }
}
