/**
 * A live case's recorded HTTP exchanges as text, one request and its response after another, with
 * every header and each body as the case kept it (a cut body says how many bytes it had): what
 * `show` prints and the HTML shows under a transport case.
 */
import type { BodyText, CaseEvidence, Exchange } from "./evidence.ts";

function bodyLine(body: BodyText | undefined, maxChars: number): string[] {
  if (!body) return [];
  const cut = body.cut ? `, ${body.cut} not kept (the case's body budget)` : "";
  const text =
    body.text.length > maxChars
      ? `${body.text.slice(0, maxChars)}… (${body.text.length - maxChars} more characters in report.json)`
      : body.text;
  return [`    body (${body.bytes} bytes${cut}): ${text}`];
}

const headerLines = (headers: Readonly<Record<string, string>> | undefined) =>
  Object.entries(headers ?? {}).map(([name, value]) => `    ${name}: ${value}`);

function exchangeLines(ex: Exchange, maxChars: number): string[] {
  const took = ex.duration_ms === null ? "" : `, ${ex.duration_ms} ms`;
  return [
    `#${ex.seq} +${ex.t_ms} ms → ${ex.http_method} ${ex.path}`,
    ...headerLines(ex.request_headers),
    ...bodyLine(ex.request_body, maxChars),
    `#${ex.seq} ← ${ex.status ?? "no status line"} (answered by ${ex.answered_by}${took}, ${ex.outcome})`,
    ...headerLines(ex.response_headers),
    ...bodyLine(ex.response_text, maxChars),
  ];
}

/** Every exchange of the case; what the case's budgets left out is said at the end. */
export function httpExchangeLines(evidence: CaseEvidence, maxChars: number): string[] {
  const out = (evidence.exchanges ?? []).flatMap((ex) => exchangeLines(ex, maxChars));
  if (evidence.not_kept?.exchanges) out.push(`(${evidence.not_kept.exchanges} more exchanges counted, not kept)`);
  return out;
}
