/**
 * Parsed corpus files, kept between runs: the JSON value a YAML text converts to (yaml-source.ts),
 * keyed by the SHA-256 of the text and of the parser itself (this folder's YAML modules and the
 * yaml package's version), in the kit's cache folder. Parsing is most of a run's start: ~3 s of
 * YAML for a 2 MB corpus on the 2-core machine, against ~0.1 s to read the JSON back.
 *
 * Only a file that converted without a problem is kept, so a corpus error is always found by a
 * fresh parse, and a changed file or a changed parser misses. The cache is an optimisation only:
 * a folder it cannot read or write, or an entry it cannot read back, means a parse as before.
 *
 * An entry is not trusted because it reads as JSON: an edited one changed a vector's expected
 * value (and `audit`, reading the same cache, agreed), and a malformed one failed every run blaming
 * a sound YAML file. Each entry opens with a line holding the SHA-256 of its key and its payload;
 * one that fails that check, or does not read back as a parse, is removed, said in one line on
 * stderr, and missed (parsed afresh and written again). This catches corruption and edits, not a
 * forger who recomputes the digest: one who can write the cache can edit the kit as well.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cacheRoot } from "../util/cache-root.ts";
import { terminalSafe } from "../util/terminal-text.ts";

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

/** An entry's key (its file name): the parser and the text. */
function entryKey(text: string): string {
  return createHash("sha256").update(parser()).update(text).digest("hex");
}

/** The first line of an entry: its format and the digest binding the payload to the key. */
const HEADER = "smcp-corpus-parse/1 ";

function digest(key: string, payload: string): string {
  return createHash("sha256").update(key).update("\n").update(payload).digest("hex");
}

/** What is kept of a parse: the value, and the line of each shallow pointer. */
export interface KeptParse {
  readonly data: unknown;
  readonly lines: Readonly<Record<string, number>>;
}

/** What `text` parsed to before, if kept and intact. */
export function cachedParse(text: string): KeptParse | undefined {
  const key = entryKey(text);
  const path = join(folder(), `${key}.json`);
  let entry: string;
  try {
    entry = readFileSync(path, "utf8");
  } catch {
    return undefined; // not kept (or an unreadable folder): a plain miss
  }
  const checked = verified(key, entry);
  if (typeof checked !== "string") return checked;
  try {
    rmSync(path, { force: true });
  } catch {
    // a read-only cache: the fresh parse cannot be kept either, and this line comes again next run
  }
  process.stderr.write(terminalSafe(`corpus parse cache: discarded ${path} (${checked}); the corpus file is parsed afresh\n`));
  return undefined;
}

/** The parse an entry holds, or why it cannot be trusted. */
function verified(key: string, entry: string): KeptParse | string {
  const newline = entry.indexOf("\n");
  const header = newline < 0 ? entry : entry.slice(0, newline);
  if (!header.startsWith(HEADER)) return "no integrity line";
  const payload = entry.slice(newline + 1);
  if (header.slice(HEADER.length) !== digest(key, payload)) return "its digest does not match its key and content";
  let kept: Partial<KeptParse> | null;
  try {
    kept = JSON.parse(payload) as Partial<KeptParse> | null;
  } catch (error) {
    return `not JSON: ${(error as Error).message}`;
  }
  const lines = kept?.lines;
  if (kept?.data === undefined || typeof lines !== "object" || lines === null || Array.isArray(lines)) return "not a kept parse";
  return kept as KeptParse;
}

/** Keeps what `text` parsed to (written whole through a rename, so a reader never sees half). */
export function keepParse(text: string, kept: KeptParse): void {
  try {
    const key = entryKey(text);
    const path = join(folder(), `${key}.json`);
    mkdirSync(folder(), { recursive: true });
    const temp = `${path}.${process.pid}.tmp`;
    const payload = JSON.stringify(kept);
    writeFileSync(temp, `${HEADER}${digest(key, payload)}\n${payload}`);
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
