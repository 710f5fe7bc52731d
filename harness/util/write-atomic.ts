/** Writes a file through a temp file and a rename, checked end to end (see write-checked.ts). */
import { writeFileChecked } from "./write-checked.ts";

export function writeAtomic(path: string, text: string): void {
  writeFileChecked(path, text);
}
