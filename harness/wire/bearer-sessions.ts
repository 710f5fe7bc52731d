/**
 * Which planted credential each MCP session received (harness/wire/README.md, `bearer_sessions`): the
 * re-resolution duties (runtime-contract.md §5 item 13; conformance-tests.md §5 scenarios 1-3) are
 * about the value an actual start renders, and a running instance keeping what it started with. A
 * session begins at each `initialize` the MCP server received (a restart is a new client); in it, the
 * Authorization values of its requests in order of first appearance, by label: `planted` (the value
 * the call gave), `rotated` (a set_input act's value, secret-input.ts), `other`, `none`. Pure.
 */
import type { CaseEvidence, RpcMessage } from "../transport/index.ts";
import { bearerFingerprint, rotatedSecret } from "./secret-input.ts";

export type BearerLabel = "planted" | "rotated" | "other" | "none";

export function bearerSessions(record: CaseEvidence | undefined, planted: readonly string[]): BearerLabel[][] {
  const labels = new Map<string, BearerLabel>();
  for (const s of planted) {
    labels.set(bearerFingerprint(s), "planted");
    labels.set(bearerFingerprint(rotatedSecret(s)), "rotated");
  }
  const sessions: BearerLabel[][] = [];
  for (const ex of Array.isArray(record?.exchanges) ? record.exchanges : []) {
    const initialize = (Array.isArray(ex?.rpc) ? ex.rpc : []).some((m: RpcMessage) => m?.kind === "request" && m.method === "initialize");
    if (initialize || sessions.length === 0) sessions.push([]);
    const sha = ex?.authorization_sha256;
    const label: BearerLabel = typeof sha !== "string" ? "none" : (labels.get(sha) ?? "other");
    const current = sessions[sessions.length - 1]!;
    if (!current.includes(label)) current.push(label);
  }
  return sessions;
}
