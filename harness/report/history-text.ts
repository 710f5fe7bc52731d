/** `history`'s text: per implementation, its statements in the order they were recorded, with the MUST change from the one before. */
import type { HistoryEntry } from "../model/history.ts";

const pct = (passed: number, required: number) => (required === 0 ? "–" : `${Math.floor((100 * passed) / required)} %`);

export function renderHistoryText(entries: readonly HistoryEntry[]): string {
  const byImpl = new Map<string, HistoryEntry[]>();
  for (const e of entries) byImpl.set(e.implementation, [...(byImpl.get(e.implementation) ?? []), e]);
  const lines: string[] = [];
  for (const [impl, list] of byImpl) {
    lines.push(`${impl} (${list.length} run${list.length === 1 ? "" : "s"})`);
    list.forEach((e, i) => {
      const before = list[i - 1];
      const delta = before
        ? ` (MUST passed ${signed(e.must.passed - before.must.passed)}, required ${signed(e.must.required - before.must.required)})`
        : "";
      lines.push(
        `  ${e.at.slice(0, 16).replace("T", " ")}  kit ${e.kit_version}  corpus ${e.corpus_sha256.slice(0, 8)}  ${e.sdk_version ?? "?"} @${e.protocol}  ` +
          `MUST ${e.must.passed}/${e.must.required} (${pct(e.must.passed, e.must.required)})  SHOULD ${e.should.passed}/${e.should.required}  ` +
          `gaps ${e.must.known_gaps + e.should.known_gaps}  unverified ${e.must.unverified + e.should.unverified}  ${e.level}${delta}`,
      );
    });
  }
  return `${lines.join("\n")}\n`;
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}
