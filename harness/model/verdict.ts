/**
 * The run's verdict, derived from the report like its summary, so every view, `--json`, the exit
 * code and `audit` read one answer. A run fails on failing cases, and also on what no case count
 * shows: an implementation that never started, one with no judged case or no passing one (unless
 * the run allowed it), expectations entries naming no vector or an observe-tier vector (which can never be judged).
 */
import { own } from "../util/own.ts";
import { plural } from "../util/plural.ts";
import { stoppedByInterrupt } from "./implementation.ts";
import { inGridWords } from "./interop.ts";
import { CONFORMANCE_LEVELS, type ConformanceLevel } from "./statement.ts";
import { type FinalStatus, isFailing } from "./status.ts";

/** The counts the verdict reads (a report's Counts). */
interface Counts {
  readonly total: number;
  readonly pass: number;
  readonly judged: number;
  readonly failed: number;
  readonly known_gap: number;
  readonly unsupported: number;
  readonly observed: number;
  readonly not_applicable: number;
  readonly flaky?: number;
}

export type RunFailureKind =
  | "failing_cases"
  | "not_started"
  | "no_judged_cases"
  | "no_judged_pass"
  | "orphan_gap"
  | "observe_gap"
  | "interop_cell"
  | "broken"
  | "below_required_level";

export interface RunFailure {
  readonly kind: RunFailureKind;
  readonly implementation: string;
  readonly message: string;
  /** The expectations entry, for orphan_gap and observe_gap. */
  readonly vector_id?: string;
}

export interface Verdict {
  /** incomplete: interrupted or ended by an internal error; never a pass. */
  readonly status: "pass" | "fail" | "incomplete";
  readonly failures: readonly RunFailure[];
}

/** What the verdict reads of a report. */
export interface VerdictInput {
  readonly implementations: ReadonlyArray<{
    readonly name: string;
    readonly not_started?: string;
    /** An adapter given up on, or one that did not stop cleanly (a stop never answered, processes left behind). */
    readonly stats?: { readonly broken?: string };
    /** Read to tell the kit's own reference offering none of the selected operations (see outOfScope). */
    readonly handshake?: { readonly sdk: { readonly name: string }; readonly operations: readonly string[] };
    readonly expectations?: { readonly file: string; readonly orphans: readonly string[]; readonly observe?: readonly string[] };
  }>;
  readonly summary: { readonly by_implementation: Readonly<Record<string, Counts>> };
  readonly run?: {
    readonly allow_empty?: boolean;
    readonly require?: ConformanceLevel;
    readonly tiers?: readonly string[];
    readonly older_releases?: readonly string[];
  };
  /** The conformance statements, read only when the run asked for a level (--require). */
  readonly statements?: ReadonlyArray<{
    readonly implementation: string;
    readonly level: ConformanceLevel;
    readonly protocol: string;
    readonly scope?: { readonly selected: number; readonly corpus: number };
  }>;
  readonly incomplete?: unknown;
  /** The operations of the selected vectors are read from here (see outOfScope). */
  readonly vectors?: ReadonlyArray<{ readonly op: string }>;
  readonly interop?: ReadonlyArray<{
    readonly vector_id: string;
    readonly agent: string;
    readonly server: string;
    readonly computer: string;
    readonly raw_status: string;
    readonly status: FinalStatus;
    readonly cause?: string;
    readonly gap?: { readonly implementation: string };
  }>;
}

/** The kit's own reference, by implementation name and the SDK its handshake names. */
const KIT_REFERENCE_NAME = /^reference(-subprocess)?(@[0-9.]+)?$/;
const KIT_REFERENCE_SDK = "smcp-conformance/reference";

/**
 * The kit's reference offering none of the selected operations (it answers no transport case): the
 * default matrix with --suite transport failed "reference: no case was judged". That is the kit's
 * scope, not a failure of the run; any other implementation, an --adapter that claims no
 * operation included, still fails with nothing judged.
 */
function outOfScope(impl: VerdictInput["implementations"][number], report: VerdictInput): boolean {
  const ops = new Set((report.vectors ?? []).map((v) => v.op));
  return (
    KIT_REFERENCE_NAME.test(impl.name) &&
    impl.handshake?.sdk.name === KIT_REFERENCE_SDK &&
    ops.size > 0 &&
    [...ops].every((op) => !impl.handshake!.operations.includes(op))
  );
}

/**
 * An older release the default matrix added, for which no selected vector applies at the protocol it
 * claims (every case not applicable): out of the selection's scope, like the reference above. Named
 * with --impl it is not in older_releases, and a selection with nothing judged fails as ever.
 */
function olderReleaseOutOfScope(name: string, counts: Counts | undefined, report: VerdictInput): boolean {
  return (
    (report.run?.older_releases ?? []).includes(name) && counts !== undefined && counts.total > 0 && counts.not_applicable === counts.total
  );
}

export function runVerdict(report: VerdictInput): Verdict {
  const failures: RunFailure[] = [];
  for (const impl of report.implementations) {
    const counts = own(report.summary.by_implementation, impl.name);
    const name = impl.name;
    if (impl.not_started !== undefined)
      failures.push({ kind: "not_started", implementation: name, message: `${name} never started: ${impl.not_started}` });
    // A broken adapter fails the run whatever its cases say: its answers came from a process the kit could not run cleanly.
    const broken = impl.stats?.broken;
    if (impl.not_started === undefined && broken !== undefined && !stoppedByInterrupt(broken))
      failures.push({ kind: "broken", implementation: name, message: `${name} is broken: ${broken}` });
    if (counts && counts.failed > 0)
      failures.push({
        kind: "failing_cases",
        implementation: name,
        message: `${name}: ${plural(counts.failed, "failing case")}`,
      });
    // A known gap was judged too: its case still fails exactly as its expectations entry says (else it
    // would be stale). What must not pass is a selection where nothing was compared at all.
    // An interop cell the implementation played a role in was judged too.
    const cells = (report.interop ?? []).filter((c) => c.agent === name || c.server === name || c.computer === name).length;
    const judged = (counts ? counts.judged : 0) + cells;
    // `--tier observe` alone asks for nothing judged: a selection of observe vectors is valid on its own.
    const observeOnly = report.run?.tiers !== undefined && report.run.tiers.length > 0 && report.run.tiers.every((t) => t === "observe");
    if (
      judged === 0 &&
      impl.not_started === undefined &&
      report.run?.allow_empty !== true &&
      !observeOnly &&
      !report.incomplete &&
      !outOfScope(impl, report) &&
      !olderReleaseOutOfScope(name, counts, report)
    )
      failures.push({
        kind: "no_judged_cases",
        implementation: name,
        message: `${name}: no case was judged (${counts?.total ?? 0} cases: ${describeUnjudged(counts)}); --allow-empty accepts this`,
      });
    // Judged cases that are all known gaps (every call crashed, and --record-faults listed the crashes): nothing conforms.
    // (Corpus cases only: interop cells are judged on their own lines.)
    if (
      counts &&
      counts.judged > 0 &&
      counts.pass === 0 &&
      counts.failed === 0 &&
      impl.not_started === undefined &&
      report.run?.allow_empty !== true &&
      !report.incomplete
    )
      failures.push({
        kind: "no_judged_pass",
        implementation: name,
        message: `${name}: no case passed (${counts.judged} judged: ${counts.failed} failing, ${plural(counts.known_gap, "known gap")}${counts.flaky ? `, ${counts.flaky} flaky` : ""}); an implementation with nothing passing is never green`,
      });
    for (const id of impl.expectations?.orphans ?? [])
      failures.push({
        kind: "orphan_gap",
        implementation: name,
        vector_id: id,
        message: `${name}: ${impl.expectations!.file} lists ${id}, but no such vector exists`,
      });
    for (const id of impl.expectations?.observe ?? [])
      failures.push({
        kind: "observe_gap",
        implementation: name,
        vector_id: id,
        message: `${name}: ${impl.expectations!.file} lists ${id}, an observe-tier vector that is never judged, so the gap could never go stale`,
      });
  }
  // An interop case fails the run by the status classes every case has (a failure, a fault, a stale gap).
  for (const c of report.interop ?? []) {
    if (!isFailing(c.status)) continue;
    const what =
      c.status === "stale"
        ? c.raw_status === "pass"
          ? `passes, but ${c.gap?.implementation}'s expectations still list it (stale)`
          : `${inGridWords(c.raw_status)} not as ${c.gap?.implementation}'s expectations list it (stale)${c.cause ? ` (${c.cause})` : ""}`
        : `${inGridWords(c.status)}${c.cause ? ` (${c.cause})` : ""}`;
    failures.push({
      kind: "interop_cell",
      implementation: `${c.agent}/${c.server}/${c.computer}`,
      vector_id: c.vector_id,
      message: `interop agent ${c.agent} × server ${c.server} × computer ${c.computer}: ${what}`,
    });
  }
  const required = report.run?.require;
  if (required !== undefined)
    for (const s of report.statements ?? [])
      if (CONFORMANCE_LEVELS.indexOf(s.level) > CONFORMANCE_LEVELS.indexOf(required))
        failures.push({
          kind: "below_required_level",
          implementation: s.implementation,
          message: `${s.implementation} is ${s.level} at ${s.protocol}${
            s.scope ? ` (${s.scope.selected} of ${s.scope.corpus} required MUST vectors ran; a level needs them all)` : ""
          }; --require ${required} asks for ${required} or better`,
        });
  const status = report.incomplete ? "incomplete" : failures.length > 0 ? "fail" : "pass";
  return { status, failures };
}

function describeUnjudged(c: Counts | undefined): string {
  if (!c || c.total === 0) return "none";
  const parts = (
    [
      ["unsupported", c.unsupported],
      ["observed", c.observed],
      ["not applicable", c.not_applicable],
    ] as const
  ).filter(([, n]) => n > 0);
  return parts.map(([label, n]) => `${n} ${label}`).join(", ");
}

/** The failures that are not failing cases: what a count of cases alone would not show. */
export function runLevelFailures(verdict: Verdict): RunFailure[] {
  return verdict.failures.filter((f) => f.kind !== "failing_cases");
}

/** Implementations whose adapter never started: a set-up failure is said once (a run failure), not once per case. */
export function neverStarted(report: {
  readonly implementations: ReadonlyArray<{ readonly name: string; readonly not_started?: string }>;
}): ReadonlySet<string> {
  return new Set(report.implementations.filter((i) => i.not_started !== undefined).map((i) => i.name));
}
