/** "Did you mean …?" for a mistyped name: the known names closest by edit distance, closest first. */

/** Levenshtein distance (insert, delete, substitute each cost 1), two rows at a time. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * Up to `max` known names within a third of the typed name's length (at least 2 edits), or that
 * contain it / are contained in it; closest first, ties in the order given.
 */
export function closest(typed: string, known: readonly string[], max = 3): string[] {
  const t = typed.toLowerCase();
  const limit = Math.max(2, Math.floor(t.length / 3));
  return known
    .map((name, order) => {
      const n = name.toLowerCase();
      const d = editDistance(t, n);
      const contains = t.length >= 3 && (n.includes(t) || t.includes(n));
      return { name, order, d: contains ? Math.min(d, limit) : d };
    })
    .filter((x) => x.d <= limit && x.name !== typed)
    .sort((x, y) => x.d - y.d || x.order - y.order)
    .slice(0, max)
    .map((x) => x.name);
}

/** `; did you mean "a" or "b"?`, or nothing when no known name is close. */
export function didYouMean(typed: string, known: readonly string[]): string {
  const near = closest(typed, known);
  if (near.length === 0) return "";
  return `; did you mean ${near.map((n) => `"${n}"`).join(" or ")}?`;
}
