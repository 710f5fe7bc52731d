/**
 * The answer a known gap pins: what the implementation said, short enough to read and review in a
 * YAML file. A gap that matched on status alone stayed green when the SDK started failing for
 * another reason (its written reason then false); with the answer pinned, that case is reported.
 * Pure, so `audit` re-derives it.
 */
import { canonicalJson, sha256Hex } from "../util/canonical-json.ts";
import { answerKey } from "./answer-key.ts";
import type { Difference } from "./difference.ts";
import type { CallResult } from "./implementation.ts";
import { answerChanged, type CaseStatus, type Gap } from "./status.ts";

/** Past this length an answer is pinned by its fingerprint. */
const READABLE = 160;

/**
 * An error pins its reason code (`error bundle_id.charset`); a wrong output its differences by
 * pointer (`/reason=bundle_id.charset`); an output where an error was expected `output <hash>` of
 * what it says (evidence such as SDK log lines left out, answer-key.ts). Faults (crash, timeout,
 * protocol error) pin nothing: their messages are evidence, not answers.
 */
export function gapAnswer(op: string, status: CaseStatus, result: CallResult, diffs: readonly Difference[]): string | undefined {
  if (status !== "fail") return undefined;
  const text =
    result.kind === "error"
      ? `error ${result.error.reason}`
      : diffs.length > 0
        ? diffs.map((d) => `${d.path}=${d.absent === "actual" ? "absent" : canonicalJson(d.actual ?? null)}`).join(", ")
        : result.kind === "ok"
          ? `output ${fingerprint(answerKey(op, result) ?? "")}`
          : result.kind;
  return text.length <= READABLE ? text : fingerprint(text);
}

function fingerprint(text: string): string {
  return `sha256:${sha256Hex(Buffer.from(text, "utf8")).slice(0, 16)}`;
}

/** Why a listed case is stale, in one line: it passes now, fails another way, or answers something else. */
export function staleReason(c: { readonly gap?: Gap; readonly raw_status: CaseStatus; readonly answer?: string }): string {
  if (answerChanged(c.raw_status, c.gap, c.answer))
    return `listed as a known ${c.gap?.status} answering ${c.gap?.answer}, but the answer changed to ${c.answer ?? "nothing"}`;
  return `listed as a known ${c.gap?.status} gap but the case is now ${c.raw_status}`;
}
