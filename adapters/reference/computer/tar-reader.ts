/**
 * Reads a POSIX ustar archive (an archive-mode SKILL's tar.gz, once gunzipped) into its regular
 * files by relative path. A member whose path is absolute or climbs out with '..' refuses the whole
 * archive (skill.md §9: nothing is written outside the package root); links and other special
 * members are skipped, so the staged package holds plain files only.
 */
const BLOCK = 512;

const text = (block: Buffer, offset: number, length: number): string => {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString("utf8");
};

export function filesOfTar(tar: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (let at = 0; at + BLOCK <= tar.length; ) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break;
    const prefix = text(header, 345, 155);
    const path = prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100);
    const size = Number.parseInt(text(header, 124, 12).trim() || "0", 8);
    const type = text(header, 156, 1);
    if (!Number.isFinite(size) || size < 0 || at + BLOCK + size > tar.length) throw new Error("truncated tar member");
    const rel = path.replace(/^\.\//, "").replace(/\/+$/, "");
    if (path.startsWith("/") || rel.split("/").includes("..")) throw new Error(`tar member ${JSON.stringify(path)} leaves the package`);
    if ((type === "0" || type === "") && rel !== "") files.set(rel, Buffer.from(tar.subarray(at + BLOCK, at + BLOCK + size)));
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return files;
}
