/**
 * Inputs exactly as fast-check's runner produces them for a seed and path. Values are collected
 * through `fc.check` itself (a property that records and passes), not `fc.sample`: with a path,
 * the two walk fast-check's lazy random stream differently and give different values, and only
 * `fc.check`'s walk is the one its shrinker and its counterexample paths refer to.
 */
import fc, { type Arbitrary } from "fast-check";

/** `count` values from run `path` on (a run index, or a full shrink path for one value). */
export function valuesAt<T>(arbitrary: Arbitrary<T>, seed: number, path: string, count: number): T[] {
  const values: T[] = [];
  fc.check(
    fc.property(arbitrary, (value) => {
      values.push(value);
      return true;
    }),
    { seed, path, numRuns: count },
  );
  return values.slice(0, count);
}
