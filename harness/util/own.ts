/**
 * Records keyed by names that come from vectors and adapters (an implementation called
 * `constructor`, a suite called `__proto__`): created without a prototype, read through own keys
 * only, so a name never resolves to, or writes onto, Object.prototype.
 */

/** An empty record with no prototype. */
export function record<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** The value stored under `key` itself, never one inherited. */
export function own<T>(rec: Readonly<Record<string, T>> | undefined | null, key: string): T | undefined {
  return rec != null && Object.hasOwn(rec, key) ? rec[key] : undefined;
}
