/**
 * How far V8 lets the heap grow past what survived its last full collection. By default a process
 * that allocates fast may grow to several times its live size before collecting; a run's live set
 * is small (slim vectors, counts, one page of records) and its garbage short-lived, so a 100k-vector
 * run's RSS was about three times its heap. Growing by 30 % at most keeps RSS near the live set, at
 * the cost of more frequent collections (BENCHMARKS.md, "The corpus on disk": at 50 % a 100k-vector
 * run peaked at 283–303 MB, at 30 % at 275 MB, for no CPU difference the runs could show). The flag
 * is read at each collection, so setting it once the process runs takes effect.
 */
import { setFlagsFromString } from "node:v8";

export const HEAP_GROWING_PERCENT = 30;

export function boundHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
