/** Medians with their spread: one number per measurement, robust to the odd noisy repetition. */

export interface Spread {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly samples: readonly number[];
}

export function spread(samples: readonly number[]): Spread {
  if (samples.length === 0) throw new Error("spread of no samples");
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, samples };
}

/** Runs `measure` `times` times in a row and keeps every result. */
export async function repeat<T>(times: number, measure: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < times; i++) results.push(await measure(i));
  return results;
}
