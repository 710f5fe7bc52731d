/**
 * The one builder of a report's derived parts: its summary, facts, conformance statements, spec
 * coverage and verdict. The run feeds it each case as the case completes; merge, the incomplete-run
 * path and tests feed it a finished list (`withDerived`). It keeps only what those parts read (the
 * counts, each case's status, each vector's distinct answers, the verdict tally), never the case
 * records themselves, so whoever holds the records decides where they live.
 */
import { CaseStatuses } from "./case-statuses.ts";
import { reportCoverage } from "./coverage.ts";
import { AnswerGroups, VerdictTally } from "./facts.ts";
import { type CaseRecord, copySummary, emptySummary, type Report, tallyCase, type VectorRecord } from "./report.ts";
import type { Requirement } from "./requirement.ts";
import { conformanceStatements } from "./statement.ts";
import { VectorPositions } from "./vector-positions.ts";
import { runVerdict } from "./verdict.ts";

/** A report before its derived parts: what the run, merge or a test assembled. */
export type ReportFrame = Omit<Report, "summary" | "facts" | "verdict" | "statements" | "coverage"> & {
  readonly coverage?: Report["coverage"];
};

export class ReportBuilder {
  private readonly summary = emptySummary();
  private readonly statuses: CaseStatuses;
  private readonly answers: AnswerGroups;
  private readonly verdicts: VerdictTally;

  /**
   * `vectors` gives the expected verdicts the tally compares with; `requirements` is the index
   * coverage is computed from (none: the report has no coverage, or keeps the one its frame carries).
   */
  constructor(
    vectors: ReadonlyArray<Pick<VectorRecord, "id" | "tier" | "expected">>,
    private readonly requirements: ReadonlyMap<string, Requirement> = new Map(),
    /** How many implementations answer every vector, when known (a run): what all of them agreed on is let go early. */
    implementations?: number,
  ) {
    const positions = VectorPositions.ofVectors(vectors);
    this.statuses = new CaseStatuses(positions);
    this.answers = new AnswerGroups(positions, implementations);
    this.verdicts = new VerdictTally(vectors);
  }

  add(c: CaseRecord): this {
    tallyCase(this.summary, c);
    this.statuses.add(c);
    this.answers.add(c);
    this.verdicts.add(c);
    return this;
  }

  /** The frame with every derived part computed from the cases added so far (the builder may go on). */
  finish<F extends ReportFrame>(frame: F): Report & { readonly cases: F["cases"] } {
    // `corpus` may be anything in a report audit re-derives (its frame check names that fault).
    const suites = (frame.corpus as Partial<ReportFrame["corpus"]> | null)?.suites ?? [];
    const summary = copySummary(this.summary, {
      suites: [...suites.map((x) => x.name), ...frame.vectors.map((v) => v.suite)],
      implementations: frame.implementations.map((i) => i.name),
    });
    const statements = conformanceStatements({ ...frame, cases: this.statuses });
    const coverage = reportCoverage(this.requirements, { ...frame, cases: this.statuses });
    const { coverage: carried, ...rest } = frame;
    const derived = coverage.length > 0 ? coverage : carried;
    return {
      ...rest,
      summary,
      facts: {
        disagreements: this.answers.disagreements(frame.implementations.map((i) => i.name)),
        verdict_agreement: this.verdicts.agreement(),
      },
      statements,
      verdict: runVerdict({ ...frame, summary, statements }),
      ...(derived !== undefined ? { coverage: derived } : {}),
    };
  }
}

/** A finished list of cases (the frame's) through the builder: merge, the incomplete-run path, tests. */
export function withDerived<F extends ReportFrame>(
  frame: F,
  requirements?: ReadonlyMap<string, Requirement>,
): Report & { readonly cases: F["cases"] } {
  const builder = new ReportBuilder(frame.vectors, requirements);
  for (const c of frame.cases) builder.add(c);
  return builder.finish(frame);
}
