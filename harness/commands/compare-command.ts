/**
 * `smcp-conformance compare old.json new.json`: exit 1 on regressions, removed implementations or
 * missing cases. With `--pair`, only the paired implementations are compared; the others are named
 * on one line and do not count.
 */
import { compareReports, pairReports, renderComparison } from "../report/compare-reports.ts";
import { terminalSafe } from "../util/terminal-text.ts";
import { UsageError } from "../util/usage-error.ts";
import { EXIT } from "./exit-code.ts";
import { readReportFile } from "./read-report.ts";

/** `--pair old=new` values: each side an implementation of its report, each named once. */
export function parsePairs(
  values: readonly string[],
  oldNames: readonly string[],
  newNames: readonly string[],
  paths: readonly [string, string],
): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const value of values) {
    const at = value.indexOf("=");
    const [old, now] = at > 0 ? [value.slice(0, at), value.slice(at + 1)] : ["", ""];
    if (old === "" || now === "") throw new UsageError(`--pair ${JSON.stringify(value)}: needs old=new, e.g. python=python@path:.`);
    if (!oldNames.includes(old))
      throw new UsageError(`--pair ${value}: ${paths[0]} has no implementation ${old} (it has ${oldNames.join(", ")})`);
    if (!newNames.includes(now))
      throw new UsageError(`--pair ${value}: ${paths[1]} has no implementation ${now} (it has ${newNames.join(", ")})`);
    if (pairs.has(old)) throw new UsageError(`--pair ${value}: ${old} is paired twice`);
    pairs.set(old, now);
  }
  return pairs;
}

export function compareCommand(oldPath: string, newPath: string, json: boolean, pair: readonly string[] = []): number {
  const before = readReportFile(oldPath);
  const after = readReportFile(newPath);
  const names = (r: typeof before) => r.implementations.map((i) => i.name);
  const pairs = parsePairs(pair, names(before), names(after), [oldPath, newPath]);
  const paired = pairs.size > 0 ? pairReports(before, after, pairs) : { before, after, ignored: { before: [], after: [] } };
  const comparison = compareReports(paired.before, paired.after);
  const { ignored } = paired;
  const setAside = [
    ...(ignored.before.length > 0 ? [`${ignored.before.join(", ")} of ${oldPath}`] : []),
    ...(ignored.after.length > 0 ? [`${ignored.after.join(", ")} of ${newPath}`] : []),
  ];
  const note = setAside.length > 0 ? `not compared (not named by --pair): ${setAside.join("; ")}\n` : "";
  process.stdout.write(
    json
      ? `${JSON.stringify(pairs.size > 0 ? { ...comparison, not_paired: ignored } : comparison)}\n`
      : `${terminalSafe(`${note}${renderComparison(comparison)}`)}\n`,
  );
  const lost = comparison.regressions.length + comparison.removed_implementations.length + comparison.missing_cases.length;
  return lost > 0 ? EXIT.failures : EXIT.ok;
}
