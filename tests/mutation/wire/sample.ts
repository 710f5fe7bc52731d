/**
 * The fixed-seed sample the wire campaign runs (MUTATION.md §Wire kill rate says why this shape):
 * the sample split over the three roles by square-root allocation (Kish's compromise between
 * proportional, best for the overall score, and equal, best for each role's own score), then over
 * each role's files in proportion to their mutants, at least one per file. Within a file the
 * mutants are taken in a shuffled order seeded by the seed and the file's path, skipping those that
 * do not compile, so a file's draw does not move when another file changes.
 */

/** A deterministic generator of floats in [0, 1) from a text seed (xmur3 hash, mulberry32 stream). */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Fisher–Yates shuffle of a copy, driven by the seed. */
export function shuffled<T>(items: readonly T[], seed: string): T[] {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * `total` slots over strata in proportion to `weight`, largest remainder first (ties by name); a
 * stratum whose share is under `floor` gets the floor, one whose share is over its population gets
 * its population, and the rest is shared again among the others. A floor the total cannot give
 * every stratum is dropped.
 */
export function allocate(
  total: number,
  strata: Readonly<Record<string, { readonly population: number; readonly weight: number }>>,
  floor = 0,
): Record<string, number> {
  if (Object.keys(strata).length * floor > total) floor = 0;
  const fixed = new Map<string, number>();
  const open = () => Object.keys(strata).filter((n) => !fixed.has(n));
  const left = () => total - [...fixed.values()].reduce((a, b) => a + b, 0);
  const share = (n: string) => (left() * strata[n]!.weight) / open().reduce((sum, o) => sum + strata[o]!.weight, 0);
  for (let changed = true; changed; ) {
    changed = false;
    for (const n of open()) {
      const { population } = strata[n]!;
      const bound = share(n) < Math.min(floor, population) ? Math.min(floor, population) : share(n) > population ? population : undefined;
      if (bound !== undefined) {
        fixed.set(n, bound);
        changed = true;
        break;
      }
    }
  }
  const shares = open().map((n) => ({ n, exact: share(n) }));
  const quota: Record<string, number> = Object.fromEntries(fixed);
  for (const { n, exact } of shares) quota[n] = Math.floor(exact);
  const spare = left() - shares.reduce((sum, { n }) => sum + quota[n]!, 0);
  const byRemainder = [...shares].sort((a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)) || a.n.localeCompare(b.n));
  for (const { n } of byRemainder.slice(0, spare)) quota[n]! += 1;
  return Object.fromEntries(
    Object.keys(strata)
      .sort()
      .map((n) => [n, quota[n]!]),
  );
}

/** How many items fall under each key. */
export function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

/** Per file, how many mutants to draw: roles by the square root of their mutant counts, files in proportion, one at least. */
export function sampleQuotas<M extends { readonly file: string; readonly role: string }>(
  mutants: readonly M[],
  size: number,
): Record<string, number> {
  const perRole = countBy(mutants, (m) => m.role);
  const perFile = countBy(mutants, (m) => m.file);
  const roleQuota = allocate(
    size,
    Object.fromEntries(Object.entries(perRole).map(([r, n]) => [r, { population: n, weight: Math.sqrt(n) }])),
  );
  const quotas: Record<string, number> = {};
  for (const [role, quota] of Object.entries(roleQuota)) {
    const files = Object.keys(perFile).filter((f) => mutants.find((m) => m.file === f)!.role === role);
    Object.assign(quotas, allocate(quota, Object.fromEntries(files.map((f) => [f, { population: perFile[f]!, weight: perFile[f]! }])), 1));
  }
  return quotas;
}

/** What a draw took and what it skipped on the way (each with why it is not valid). */
export interface Draw<M> {
  readonly drawn: readonly M[];
  readonly skipped: readonly { readonly mutant: M; readonly why: string }[];
}

/** The sample: each file's quota taken from its seeded order, skipping mutants `invalid` gives a reason for. */
export function drawSample<M extends { readonly file: string; readonly role: string }>(
  mutants: readonly M[],
  size: number,
  seed: string,
  invalid: (m: M) => string | undefined,
): Draw<M> {
  const quotas = sampleQuotas(mutants, size);
  const drawn: M[] = [];
  const skipped: { mutant: M; why: string }[] = [];
  for (const file of Object.keys(quotas).sort()) {
    let need = quotas[file]!;
    for (const m of shuffled(
      mutants.filter((x) => x.file === file),
      `${seed}:${file}`,
    )) {
      if (need === 0) break;
      const why = invalid(m);
      if (why === undefined) {
        drawn.push(m);
        need--;
      } else skipped.push({ mutant: m, why });
    }
  }
  return { drawn, skipped };
}
