// `--version` without loading the corpus: its text is cached under a key made from what it is
// computed from (the kit's package.json, the size and mtime of every file under vectors/ and of
// the code that loads and hashes it), so a warm `--version` is plain Node, no TypeScript loader and
// no corpus hash (issue 31: it took 4-7 s). Any change to those files is a new key, and the text
// is computed again. The cache lives where the SDK environments do (harness/util/cache-root.ts:
// SMCP_CONFORMANCE_CACHE, else $XDG_CACHE_HOME or ~/.cache, then smcp-conformance); a cache that
// cannot be read or written is no error, only a slow --version.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

function cacheFile() {
  const override = process.env.SMCP_CONFORMANCE_CACHE;
  const xdg = process.env.XDG_CACHE_HOME;
  const root = override || join(xdg && xdg.length > 0 ? xdg : join(homedir(), ".cache"), "smcp-conformance");
  return join(root, "version", "version.json");
}

/** `path size mtime` of every file below `dir`, sorted; a folder that is not there adds nothing. */
function statLines(kitRoot, dir, out) {
  let entries;
  try {
    entries = readdirSync(join(kitRoot, dir), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) statLines(kitRoot, rel, out);
    else if (entry.isFile()) {
      const s = statSync(join(kitRoot, rel));
      out.push(`${rel} ${s.size} ${s.mtimeMs}`);
    }
  }
}

/** The key of the kit as it is on disk now: package.json, vectors/, and the harness code (sources or dist). */
export function versionKey(kitRoot, codeRoot) {
  const lines = [readFileSync(join(kitRoot, "package.json"), "utf8")];
  statLines(kitRoot, "vectors", lines);
  statLines(kitRoot, `${codeRoot}harness`, lines);
  return createHash("sha256").update(lines.sort().join("\n")).digest("hex");
}

/** The cached `--version` text for this key, or undefined. */
export function cachedVersion(key) {
  try {
    const cached = JSON.parse(readFileSync(cacheFile(), "utf8"));
    return cached.key === key && typeof cached.text === "string" ? cached.text : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the text for the key (one entry: the newest kit wins); written whole or not at all. */
export function storeVersion(key, text) {
  const file = cacheFile();
  try {
    mkdirSync(join(file, ".."), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ key, text }));
    renameSync(tmp, file);
  } catch {
    // a read-only cache only costs time
  }
}
