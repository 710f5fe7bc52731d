/**
 * What an answer says, as canonical text, so answers compare across implementations: evidence such
 * as a verdict's `detail` or raw SDK messages is left out, and only the output keys the operation
 * defines count. Shared by the run's disagreement facts and by fuzz.
 */
import { canonicalJson } from "../util/canonical-json.ts";
import type { CallResult } from "./implementation.ts";
import { opDefinition, outputKeys, parseJsonStringFields } from "./operations.ts";

const EVIDENCE_KEYS = new Set(["detail", "evidence", "message", "raw", "raw_type", "sdk_log", "sdk_messages"]);
const comparedKeys = new Map<string, ReadonlySet<string> | undefined>();

function keysOf(op: string): ReadonlySet<string> | undefined {
  if (!comparedKeys.has(op)) {
    const keys = outputKeys(op);
    const evidence = new Set([...EVIDENCE_KEYS, ...(opDefinition(op)?.evidence_keys ?? [])]);
    comparedKeys.set(op, keys && new Set([...keys].filter((k) => !evidence.has(k))));
  }
  return comparedKeys.get(op);
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

/** Canonical text of what an answer says; null when there is nothing to compare (unsupported or a fault). */
export function answerKey(op: string, result: CallResult): string | null {
  switch (result.kind) {
    case "ok": {
      const keys = keysOf(op);
      const parsed = parseJsonStringFields(op, result.output);
      if (parsed.problem) return `unparsable ${parsed.problem}`;
      const output = parsed.output;
      const kept =
        keys && output !== null && typeof output === "object" && !Array.isArray(output)
          ? Object.fromEntries(Object.entries(output).filter(([k]) => keys.has(k)))
          : output;
      return canonicalJson(withoutEvidence(kept));
    }
    case "error":
      return `error ${result.error.reason}`;
    default:
      return null;
  }
}
