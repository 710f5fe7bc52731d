/**
 * An operation, or a variant of one, the reference does not have: answered `unsupported` with the
 * reason (harness/protocol/README.md), never a failure, the way an SDK adapter answers what its SDK lacks.
 */
export class Unsupported extends Error {
  override readonly name = "Unsupported";
}
