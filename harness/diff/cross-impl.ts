/**
 * Implementations compared with each other, vector by vector: the only comparison for `observe`
 * vectors. Answers are grouped by what they say (evidence such as a verdict's `detail` or raw
 * SDK messages is left out), so each disagreement lists which implementations said what.
 */
import { readFileSync } from "node:fs";
import { SHARED_SCHEMA_DIR } from "../corpus/schema-registry.ts";
import type { CallResult } from "../impl/types.ts";
import type { CaseRecord } from "../report/model.ts";
import { canonicalJson } from "../util/canonical-json.ts";

const EVIDENCE_KEYS = new Set(["detail", "evidence", "message", "raw", "raw_type"]);

type Schema = { $ref?: string; properties?: Record<string, unknown> };
const OPS = JSON.parse(readFileSync(`${SHARED_SCHEMA_DIR}/ops.schema.json`, "utf8")) as {
  definitions: Record<string, Schema & { output?: Schema }>;
};

/** The top-level output keys an operation defines; anything else an adapter adds is evidence. */
function outputKeys(op: string): Set<string> | undefined {
  let schema = OPS.definitions[op]?.output;
  if (schema?.$ref) schema = OPS.definitions[schema.$ref.replace("#/definitions/", "")];
  return schema?.properties ? new Set(Object.keys(schema.properties).filter((k) => !EVIDENCE_KEYS.has(k))) : undefined;
}

export interface Disagreement {
  readonly vector_id: string;
  readonly tier: CaseRecord["tier"];
  /** One entry per distinct answer: the implementations that gave it. */
  readonly groups: ReadonlyArray<{ readonly answer: string; readonly implementations: readonly string[] }>;
}

function withoutEvidence(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEvidence);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !EVIDENCE_KEYS.has(k))
      .map(([k, v]) => [k, withoutEvidence(v)]),
  );
}

/** What an answer says, as canonical text; null when there is nothing to compare. */
export function answerKey(op: string, result: CallResult): string | null {
  switch (result.kind) {
    case "ok": {
      const keys = outputKeys(op);
      const output = result.output;
      const kept =
        keys && output !== null && typeof output === "object" && !Array.isArray(output)
          ? Object.fromEntries(Object.entries(output).filter(([k]) => keys.has(k)))
          : output;
      return canonicalJson(withoutEvidence(kept));
    }
    case "error":
      return `error ${result.error.reason}`;
    default:
      return null; // unsupported, crash, timeout, protocol_error: no answer to compare
  }
}

export function disagreements(cases: readonly CaseRecord[]): Disagreement[] {
  const byVector = new Map<string, CaseRecord[]>();
  for (const c of cases) byVector.set(c.vector_id, [...(byVector.get(c.vector_id) ?? []), c]);
  const out: Disagreement[] = [];
  for (const [vectorId, list] of byVector) {
    const groups = new Map<string, string[]>();
    for (const c of list) {
      const key = answerKey(c.op, c.result);
      if (key !== null) groups.set(key, [...(groups.get(key) ?? []), c.implementation]);
    }
    if (groups.size > 1) {
      out.push({
        vector_id: vectorId,
        tier: list[0]!.tier,
        groups: [...groups].map(([answer, implementations]) => ({ answer, implementations })),
      });
    }
  }
  return out;
}
