/** Writes a file through a temp file and a rename, so a crash never leaves half a file in place. */
import { renameSync, writeFileSync } from "node:fs";

export function writeAtomic(path: string, text: string): void {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, path);
}
