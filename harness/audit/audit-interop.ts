/**
 * Interop cases re-derived from their evidence alone: the raw status, diffs, cause and blamed role by the judge
 * the run used, then the status by the expectations the run recorded, applied by the rule every
 * case follows (model/interop.ts `withGaps`).
 */
import { diffValues } from "../diff/compare.ts";
import { interopRecord } from "../live/evidence.ts";
import { isInteropGap, withGaps } from "../model/interop.ts";
import { isComposedOp } from "../model/operations.ts";
import type { ImplementationRecord, ParsedReport, VectorRecord } from "../model/report.ts";
import type { Gap } from "../model/status.ts";
import { judgeInterop } from "../run/interop-phase.ts";
import { checkSealed } from "./scene-check.ts";

/** The interop entries each implementation's expectations record lists. */
function interopGaps(implementations: readonly ImplementationRecord[]): Map<string, readonly Gap[]> {
  return new Map(implementations.map((impl) => [impl.name, (impl.expectations?.listed ?? []).filter(isInteropGap)] as const));
}

export function auditInterop(report: ParsedReport, vectors: ReadonlyMap<string, VectorRecord>, problems: string[]): void {
  const listed = interopGaps(report.implementations);
  for (const c of report.interop ?? []) {
    const where = `interop ${c.vector_id} agent ${c.agent} × server ${c.server} × computer ${c.computer}`;
    const vector = vectors.get(c.vector_id);
    if (!vector || !isComposedOp(vector.op)) {
      problems.push(`${where}: no such interop vector in the report`);
      continue;
    }
    const evidence = interopRecord(c.evidence);
    if (!evidence) {
      problems.push(`${where}: its evidence is not an interop record`);
      continue;
    }
    const { roles } = evidence;
    if (roles.agent !== c.agent || roles.server !== c.server || roles.computer !== c.computer)
      problems.push(`${where}: the case's roles differ from those its evidence records`);
    checkSealed(evidence.relay, (p) => problems.push(`${where}: relay: ${p}`));
    const derived = withGaps(judgeInterop(vector, evidence, c.duration_ms), listed);
    for (const key of ["raw_status", "status", "diffs", "cause", "blamed", "gap"] as const)
      if (diffValues(derived[key] ?? null, c[key] ?? null).length > 0)
        problems.push(
          `${where}: its evidence gives ${key} ${JSON.stringify(derived[key] ?? null)}, the report says ${JSON.stringify(c[key] ?? null)}`,
        );
  }
}
