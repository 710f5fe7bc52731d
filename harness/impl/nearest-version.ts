/**
 * The released version whose expectations a local checkout is judged by: the newest release the
 * kit has that is not newer than the checkout, else the oldest it has. Variants of a release (a
 * `+` suffix, such as `0.4.2+mcp1.29.0`) are never chosen: they pin something besides the SDK.
 */

/** Numeric parts of `1.2.3` (a pre-release `-…` sorts before its release; anything after `+` is ignored). */
function parts(version: string): { nums: number[]; pre: string | undefined } {
  const [core = "", pre] = version.split("+", 1)[0]!.split(/-(.*)/s, 2);
  return { nums: core.split(".").map((n) => (/^\d+$/.test(n) ? Number(n) : 0)), pre: pre || undefined };
}

export function compareVersions(a: string, b: string): number {
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < Math.max(x.nums.length, y.nums.length); i++) {
    const d = (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre < y.pre ? -1 : 1;
}

export function nearestRelease(released: readonly string[], version: string | undefined): string | undefined {
  const plain = released.filter((v) => !v.includes("+")).sort(compareVersions);
  if (version === undefined) return plain.at(-1);
  return plain.filter((v) => compareVersions(v, version) <= 0).at(-1) ?? plain[0];
}
