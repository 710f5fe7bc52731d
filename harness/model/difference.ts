/** One named difference between an expected and an actual value, by JSON pointer. */
export interface Difference {
  readonly path: string;
  readonly expected?: unknown;
  readonly actual?: unknown;
  /** Which side lacks the value at `path`, when one does. */
  readonly absent?: "expected" | "actual";
}
