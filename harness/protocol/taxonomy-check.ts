/**
 * Under --strict-protocol an answer may only use the kit's codes: an error's reason, a verdict's
 * reason, each diagnostic's reason and each warning's kind must be in vectors/_schema/reasons.json.
 * A code outside it cannot be compared across implementations, so it is a protocol error.
 */
import { isReason, isWarningKind } from "../model/reasons.ts";

const TAXONOMY_FILE = "vectors/_schema/reasons.json";

/** The first code in the answer that the taxonomy lacks, as a problem text; undefined when all are known. */
/** The parts of an answer message this check reads (a result or an unsupported notice). */
type Answer =
  | { readonly type: "result"; readonly ok: true; readonly output: unknown }
  | { readonly type: "result"; readonly ok: false; readonly error: { readonly reason: string } }
  | { readonly type: "unsupported" };

export function unknownCode(message: Answer): string | undefined {
  if (message.type !== "result") return undefined;
  if (!message.ok) return isReason(message.error.reason) ? undefined : `error reason "${message.error.reason}" is not in ${TAXONOMY_FILE}`;
  const output = message.output;
  if (output === null || typeof output !== "object" || Array.isArray(output)) return undefined;
  const o = output as Record<string, unknown>;
  if ("accepted" in o && typeof o["reason"] === "string" && !isReason(o["reason"]))
    return `verdict reason "${o["reason"]}" is not in ${TAXONOMY_FILE}`;
  for (const d of Array.isArray(o["diagnostics"]) ? o["diagnostics"] : []) {
    const reason = (d as Record<string, unknown> | null)?.["reason"];
    if (typeof reason === "string" && !isReason(reason)) return `diagnostic reason "${reason}" is not in ${TAXONOMY_FILE}`;
  }
  for (const w of Array.isArray(o["warnings"]) ? o["warnings"] : []) {
    const kind = (w as Record<string, unknown> | null)?.["kind"];
    if (typeof kind === "string" && !isWarningKind(kind)) return `warning kind "${kind}" is not in ${TAXONOMY_FILE}`;
  }
  return undefined;
}
