/**
 * A report or output file that could not be written (a full disk, a read-only or pseudo
 * filesystem, an --out that is a file): exit code 2, naming the file. The previous report is left
 * as it was.
 */
export class OutputError extends Error {
  override readonly name = "OutputError";
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`cannot write ${file}: ${reason}`);
  }
}
