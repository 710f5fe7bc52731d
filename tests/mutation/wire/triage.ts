/**
 * The triage of the wire campaign's survivors (tests/mutation/wire/triage.yaml), keyed like the data
 * rules' triage. equivalent: no run of any scene can tell it from the original (the reason says
 * why); spec silent: only a reading the spec leaves open tells it apart (the reason names the
 * statement); gap: the spec decides it and the live corpus does not pin it (`vector` says what
 * vector would kill it; `written`, once it exists, lists the vectors written for it, each seen to fail
 * with the mutant applied by hand: a campaign's score counts them only when it is run again).
 * Gaps and spec-silent survivors stay in the strict score's denominator.
 */
import { existsSync, readFileSync } from "node:fs";
import { parse } from "yaml";

export type WireTriage =
  | { readonly mutant: string; readonly triage: "equivalent"; readonly reason: string }
  | { readonly mutant: string; readonly triage: "spec silent"; readonly reason: string }
  | {
      readonly mutant: string;
      readonly triage: "gap";
      readonly reason: string;
      readonly vector: string;
      readonly written?: readonly string[];
    };

export const TRIAGE_FILE = "tests/mutation/wire/triage.yaml";

/** The entries, checked: each names a mutant, a known class and a reason (a gap also the vector that would kill it). */
export function parseTriage(text: string, where = TRIAGE_FILE): WireTriage[] {
  const list = (parse(text) as { survivors?: unknown } | null)?.survivors ?? [];
  if (!Array.isArray(list)) throw new Error(`${where}: survivors must be a list`);
  return list.map((entry: Record<string, unknown>, i) => {
    const at = `${where}: survivors[${i}]`;
    if (typeof entry.mutant !== "string") throw new Error(`${at}: mutant must be a string`);
    if (typeof entry.reason !== "string" || entry.reason.trim() === "") throw new Error(`${at} (${entry.mutant}): a reason is needed`);
    const { mutant, reason } = entry;
    if (entry.triage === "equivalent" || entry.triage === "spec silent") return { mutant, triage: entry.triage, reason };
    if (entry.triage === "gap") {
      if (typeof entry.vector !== "string" || entry.vector.trim() === "")
        throw new Error(`${at} (${mutant}): a gap names the vector that would kill it`);
      const written = entry.written;
      if (written === undefined) return { mutant, triage: "gap", reason, vector: entry.vector };
      if (!Array.isArray(written) || written.length === 0 || !written.every((id) => typeof id === "string" && id !== ""))
        throw new Error(`${at} (${mutant}): written must list the ids of the vectors written for the gap`);
      return { mutant, triage: "gap", reason, vector: entry.vector, written };
    }
    throw new Error(`${at} (${mutant}): triage must be "equivalent", "spec silent" or "gap"`);
  });
}

export function readTriage(file = TRIAGE_FILE): WireTriage[] {
  return existsSync(file) ? parseTriage(readFileSync(file, "utf8"), file) : [];
}
