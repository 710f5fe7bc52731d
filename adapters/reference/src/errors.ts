import type { Reason } from "./reasons.ts";
import type { Json } from "./types.ts";

/**
 * Raised when an operation's input cannot be processed at all (e.g. a lone surrogate, a config
 * without the fields an identity needs). A rejected-but-well-formed value is a verdict, not this.
 */
export class InvalidInputError extends Error {
  override readonly name = "InvalidInputError";
  constructor(
    readonly reason: Reason,
    message: string,
    /** Structured fields the spec names for this error, e.g. {id} of input.missing_input, {candidates} of addressing.ambiguous. */
    readonly details?: Readonly<Record<string, Json>>,
  ) {
    super(message);
  }
}
