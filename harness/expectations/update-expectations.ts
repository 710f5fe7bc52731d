/**
 * `--update-expectations`: rewrites an implementation's expectations file from a run. Entries that
 * still fail as listed keep their reason (and the file keeps its comments) and get the answer pinned
 * (an old status-only entry gains its `answer`); an entry whose answer changed keeps its reason and
 * is re-pinned, named in the summary so its reason is checked; stale entries are removed; new
 * failures are inserted beside their siblings (same group, else same suite) with their answer and
 * a reason to fill in. Only entries of vectors this run selected are touched: every other entry,
 * pinned or not, is left byte for byte (the summary counts them as left).
 * A crash, timeout or protocol error is a fault of the adapter run, not a known divergence of the
 * SDK: it is recorded only when asked (`--record-faults`), and a run whose adapter never started
 * updates nothing (see updateRefusal).
 */
import { existsSync, readFileSync } from "node:fs";
import { isMap, parseDocument, Scalar } from "yaml";
import type { CaseRecord } from "../model/report.ts";
import { isFault, isGapStatus } from "../model/status.ts";
import { writeAtomic } from "../util/write-atomic.ts";
import { blockSeq } from "../util/yaml-block-seq.ts";
import { holdBlockScalars, restoreBlockScalars } from "./keep-folded.ts";
import { dropChecked } from "./mark-unchecked.ts";

export const TODO_REASON = "TODO: say what the SDK does and what the spec says";

export interface UpdateSummary {
  readonly file: string;
  readonly added: readonly string[];
  readonly removed: readonly string[];
  /** Entries that got their answer pinned (an unpinned entry) or re-pinned (the answer changed: check the reason). */
  readonly pinned: readonly string[];
  readonly repinned: readonly string[];
  /** Entries for vectors this run did not select (a filtered run): kept as they are. */
  readonly left: readonly string[];
  /** Cases whose crash, timeout or protocol error was not recorded (no --record-faults). */
  readonly faults_not_recorded: readonly string[];
  /** Vectors marked unchecked for this implementation that this run checked: their marks are dropped. */
  readonly checked: readonly string[];
}

export interface UpdateOptions {
  /** Record crash, timeout and protocol_error cases as gaps too. */
  readonly recordFaults?: boolean;
  /** Whether a vector's tier allows a gap (observe does not: the kit refuses such an entry); default every vector. */
  readonly gapAllowed?: (vectorId: string) => boolean;
}

/** Why an implementation's expectations must not be rewritten from this run, if they must not. */
export function updateRefusal(record: {
  readonly name: string;
  readonly not_started?: string;
  readonly handshake: { readonly sdk: { readonly version: string } };
}): string | undefined {
  if (record.not_started !== undefined)
    return `${record.name} never started (${record.not_started}): its cases say nothing about the SDK, so its expectations are left as they are`;
  if (record.handshake.sdk.version === "unknown") return `${record.name} reported no SDK version: its expectations are left as they are`;
  return undefined;
}

/**
 * Where a new entry for `id` goes among the listed ids: beside its siblings, not at the end. Among
 * the entries of its group (`<suite>/<group>/`) in id order when they are listed in id order,
 * else after the last of them; with none of its group, after the last of its suite; else at the end.
 */
export function siblingIndex(ids: readonly string[], id: string): number {
  const parts = id.split("/");
  for (const depth of [parts.length - 1, 1]) {
    if (depth < 1) continue;
    const prefix = `${parts.slice(0, depth).join("/")}/`;
    const at = ids.flatMap((x, i) => (x.startsWith(prefix) ? [i] : []));
    if (at.length === 0) continue;
    const sorted = at.every((i, k) => k === 0 || ids[at[k - 1]!]! <= ids[i]!);
    if (depth === parts.length - 1 && sorted) {
      const after = at.find((i) => ids[i]! > id);
      if (after !== undefined) return after;
    }
    return at.at(-1)! + 1;
  }
  return ids.length;
}

export function updateExpectations(
  file: string,
  implementation: string,
  sdkVersion: string,
  cases: Iterable<CaseRecord>,
  options: UpdateOptions = {},
): UpdateSummary {
  const text = existsSync(file) ? readFileSync(file, "utf8") : undefined;
  const doc =
    text !== undefined
      ? parseDocument(text)
      : parseDocument(
          `# Known gaps of ${implementation} against the corpus: each case below fails for the reason given.\n# A listed case that passes is stale and fails the run; an unlisted failure fails the run.\nimplementation: ${implementation}\nsdk_version: "${sdkVersion}"\ngaps: []\n`,
        );
  const seq = blockSeq(doc, "gaps");
  const allowed = options.gapAllowed ?? (() => true);
  // Every case of this implementation is read once; only the ones an entry can change are kept.
  const ran = new Set<string>();
  const byId = new Map<string, CaseRecord>();
  for (const c of cases) {
    if (c.implementation !== implementation || !allowed(c.vector_id)) continue;
    ran.add(c.vector_id);
    if (c.status === "known_gap" || c.status === "stale" || isGapStatus(c.status)) byId.set(c.vector_id, c);
  }
  const mine = [...byId.values()];
  const removed: string[] = [];
  const pinned: string[] = [];
  const repinned: string[] = [];
  const left: string[] = [];
  const faultsNotRecorded: string[] = [];
  const recordable = (c: CaseRecord) => options.recordFaults === true || !isFault(c.raw_status);
  seq.items = seq.items.filter((item) => {
    if (isMap(item) && item.has("role")) return true; // an interop entry: its cases are not this implementation's alone
    // Another transport's entry (mcp_transport: stdio): a run that may update is a streamable HTTP one, which did not judge it.
    if (isMap(item) && item.has("mcp_transport") && item.get("mcp_transport") !== "streamable_http") return true;
    const id = isMap(item) ? String(item.get("id")) : "";
    const c = byId.get(id);
    if (c === undefined) left.push(id);
    const entry = item as { get(k: string): unknown; set(k: string, v: unknown): void; delete(k: string): boolean };
    if (c?.status === "known_gap" && c.answer !== undefined && entry.get("answer") === undefined) {
      entry.set("answer", c.answer);
      pinned.push(id);
    }
    if (c?.status !== "stale") return true;
    if (!recordable(c)) {
      faultsNotRecorded.push(id); // left as listed: the case stays stale and the run fails until someone looks
      return true;
    }
    if (isGapStatus(c.raw_status)) {
      // fails differently now: keep the reason, fix the status and the answer
      entry.set("status", c.raw_status);
      if (c.answer === undefined) entry.delete("answer");
      else entry.set("answer", c.answer);
      repinned.push(id);
      return true;
    }
    removed.push(id);
    return false;
  });
  const added: string[] = [];
  for (const c of mine) {
    if (isGapStatus(c.status) && !recordable(c)) faultsNotRecorded.push(c.vector_id);
    else if (isGapStatus(c.status)) {
      const node = doc.createNode({
        id: c.vector_id,
        status: c.raw_status,
        ...(c.answer !== undefined ? { answer: c.answer } : {}),
        reason: TODO_REASON,
      });
      node.flow = false;
      const ids = seq.items.map((item) => (isMap(item) ? String(item.get("id")) : ""));
      const at = siblingIndex(ids, c.vector_id);
      // Placed first in its group: the comment heading the group moves up to head the new entry.
      const group = `${c.vector_id.split("/").slice(0, -1).join("/")}/`;
      const next = seq.items[at] as { commentBefore?: string | null } | undefined;
      if (next?.commentBefore && ids[at]!.startsWith(group) && !(ids[at - 1] ?? "").startsWith(group)) {
        node.commentBefore = next.commentBefore;
        next.commentBefore = null;
      }
      seq.items.splice(at, 0, node);
      added.push(c.vector_id);
    }
  }
  // Vectors marked unchecked (never run for this implementation) that this run ran are checked now.
  const unchecked = dropChecked(doc, ran);
  const version = new Scalar(sdkVersion);
  version.type = Scalar.QUOTE_DOUBLE; // "1.0" must stay a string
  doc.set("sdk_version", version);
  // Folded and literal reasons are printed as they were written (lineWidth 0 would flatten them).
  const held = text === undefined ? new Map<string, string>() : holdBlockScalars(doc, text);
  writeAtomic(file, restoreBlockScalars(doc.toString({ lineWidth: 0 }), held));
  return { file, added, removed, pinned, repinned, left, faults_not_recorded: faultsNotRecorded, checked: unchecked };
}
