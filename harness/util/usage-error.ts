/** A mistake in how the kit was called (a flag, a name, a path): exit code 2 with its one-line message. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
