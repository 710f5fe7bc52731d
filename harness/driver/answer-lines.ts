/** Reading an adapter's lines once it said hello: an answer, a batch of answers (protocol 2), or a line no call can own. */
import { scanBatchLine } from "../protocol/batch-line.ts";

export type AnswerLine =
  | { readonly kind: "answer" }
  | { readonly kind: "batch"; readonly answers: readonly string[] }
  | { readonly kind: "violation"; readonly problem: string };

const ANSWER: AnswerLine = { kind: "answer" };

/** A line skipped unread. An answer starts with "{", so most lines skip the trim. */
export function isBlank(line: string): boolean {
  return line.charCodeAt(0) !== 0x7b && line.trim() === "";
}

/** What a line is, for an adapter speaking `protocol`; `strict` refuses a batch line with keys besides its own. */
export function answerLine(line: string, protocol: number, strict: boolean): AnswerLine {
  // Only a line that names "batch" can be one: the others skip the scan (a native search is far cheaper).
  const scan = protocol >= 2 && line.includes('"batch"') ? scanBatchLine(line) : undefined;
  if (scan?.kind === "bad") return { kind: "violation", problem: scan.problem };
  if (scan?.kind === "batch" && strict && scan.others.length > 0)
    return { kind: "violation", problem: `a batch line with keys besides type and answers: ${scan.others.join(", ")}` };
  if (scan?.kind === "batch") return { kind: "batch", answers: scan.answers };
  return ANSWER;
}

/** The call id a line names, if it is JSON with an integer id: whose case a malformed answer is. */
export function idIn(line: string): number | undefined {
  try {
    const id = (JSON.parse(line) as { id?: unknown }).id;
    return Number.isInteger(id) ? (id as number) : undefined;
  } catch {
    return undefined;
  }
}
