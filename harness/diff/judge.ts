/** Judges one implementation's answer to one vector. A failing case is a value, not an exception. */

import type { Difference } from "../model/difference.ts";
import type { CallResult } from "../model/implementation.ts";
import { narrowPartialFields, parseJsonStringFields } from "../model/operations.ts";
import type { CaseStatus } from "../model/status.ts";
import type { Vector } from "../model/vector.ts";
import { diffExpected } from "./compare.ts";

export interface Judgement {
  readonly status: CaseStatus;
  readonly diffs: readonly Difference[];
  readonly note?: string;
}

type Expectation = Pick<Vector, "tier" | "expected" | "expected_error"> & { readonly op?: string; readonly optional?: string };

export function judge(vector: Expectation, result: CallResult): Judgement {
  switch (result.kind) {
    case "crash":
    case "timeout":
    case "protocol_error":
      return { status: result.kind, diffs: [], note: result.message };
    case "unsupported":
      // A vector whose scenario an implementation may lack by design: not applicable, never a pass.
      if (vector.optional !== undefined)
        return { status: "not_applicable", diffs: [], note: `${vector.optional}; ${result.message ?? "unsupported"}` };
      return { status: "unsupported", diffs: [], ...(result.message ? { note: result.message } : {}) };
    case "not_applicable":
      return { status: "not_applicable", diffs: [], note: result.message };
  }
  if (vector.tier === "observe") return { status: "observed", diffs: [] };
  if (vector.expected_error) {
    if (result.kind === "error") return verdict(diffExpected(vector.expected_error, result.error));
    return { status: "fail", diffs: [], note: `expected error ${vector.expected_error.reason}, got an output` };
  }
  if (result.kind === "error") {
    return { status: "fail", diffs: [], note: `expected an output, got error ${result.error.reason}: ${result.error.message}` };
  }
  const parsed = vector.op === undefined ? { output: result.output } : parseJsonStringFields(vector.op, result.output);
  if (parsed.problem) return { status: "fail", diffs: [], note: parsed.problem };
  const judged = vector.op === undefined ? parsed.output : narrowPartialFields(vector.op, vector.expected, parsed.output);
  return verdict(diffExpected(vector.expected, judged));
}

function verdict(diffs: Difference[]): Judgement {
  return { status: diffs.length === 0 ? "pass" : "fail", diffs };
}
