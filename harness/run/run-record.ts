/**
 * What a report says about the run itself, beside its cases: where it ran, which suites it read,
 * and each implementation's record (handshake, stats, protocol, expectations). run-corpus.ts
 * fills an ImplementationRun as the run goes; these turn it into the report's frame.
 */

import type { Expectations } from "../expectations/load-expectations.ts";
import { corpusRequired } from "../model/corpus-required.ts";
import type { Handshake, Implementation, ImplementationStats } from "../model/implementation.ts";
import { kitCommit } from "../model/kit-commit.ts";
import { isLiveOp, type Role } from "../model/operations.ts";
import { chooseProtocol, type ProtocolChoice } from "../model/protocols.ts";
import type { CaseRecord, ExpectationsRecord, ImplementationRecord, Report } from "../model/report.ts";
import type { Corpus, Tier, Vector } from "../model/vector.ts";
import { serverSdkVersions } from "../transport/index.ts";
import type { LiveSlots } from "./live-slots.ts";
import { mcpRevisions } from "./transport-cases.ts";

/** One implementation's part of the run, filled in as it goes. */
export interface ImplementationRun {
  readonly impl: Implementation;
  readonly expectations: Expectations | undefined;
  readonly expectationsRecord: ExpectationsRecord | undefined;
  handshake?: Handshake;
  protocol?: ProtocolChoice;
  stats?: ImplementationStats;
  notStarted?: string;
  started: boolean;
  /** Its position in the run's implementations (its place in the case store). */
  readonly position: number;
  /** The transcripts of its live transport cases (the MCP revisions its client used are read from them), by vector index. */
  readonly live: Map<number, CaseRecord["transcript"]>;
  /** Set when its records passed its share of the run's record budget: it was stopped, and why. */
  overBudget?: string;
  /** Live cases whose first attempt failed, by vector index: settled after their retry (retryLiveCases). */
  readonly retrying: Map<number, CaseRecord>;
}

/** The placeholder handshake of an implementation that never answered one. */
function noHandshake(name: string): Handshake {
  return { implementation: name, sdk: { name: "unknown", version: "unknown" }, protocol_version: null, operations: [] };
}

/** Where the run ran: node, platform, the kit (version and commit), and the MCP SDKs behind its live cases. */
export function runEnvironment(kitVersion: string, vectors: readonly Vector[], slots: LiveSlots | undefined): Report["environment"] {
  const commit = kitCommit();
  const live = vectors.some((v) => isLiveOp(v.op));
  return {
    node: process.version,
    platform: process.platform,
    arch: process.arch,
    kit_version: kitVersion,
    ...(commit ? { kit_commit: commit.commit, ...(commit.dirty ? { kit_dirty: true } : {}) } : {}),
    ...(live ? { mcp_server_sdks: serverSdkVersions() } : {}),
    ...(slots ? { live_slots: slots } : {}),
  };
}

/** The suites the run read (with how many of their vectors it selected), and the opt-in ones a run without --suite left out. */
export function corpusRecord(corpus: Corpus, vectors: readonly Vector[], askedSuites: readonly string[]): Report["corpus"] {
  const selectedSuites = new Set(vectors.map((v) => v.suite));
  const leftOut = corpus.suites.filter((s) => s.opt_in !== undefined && !selectedSuites.has(s.name)).map((s) => s.name);
  return {
    roots: corpus.roots,
    suites: corpus.suites
      .filter((s) => selectedSuites.has(s.name))
      .map((s) => ({ name: s.name, title: s.title, vectors: vectors.filter((v) => v.suite === s.name).length })),
    // Named, so nobody reads their absence as a pass.
    ...(askedSuites.length === 0 && leftOut.length > 0 ? { left_out: leftOut } : {}),
    required: corpusRequired(corpus),
  };
}

/** What the report says of one implementation: its handshake, stats, protocol, MCP revisions and expectations. */
export function implementationRecord(r: ImplementationRun, protocol: string | undefined, roles?: readonly Role[]): ImplementationRecord {
  const mcp = mcpRevisions([...r.live.values()]);
  const stats = r.stats ?? liveStats(r.impl);
  return {
    name: r.impl.name,
    handshake: r.handshake ?? noHandshake(r.impl.name),
    transport: r.impl.transport,
    stats:
      r.notStarted !== undefined
        ? { ...stats, broken: r.notStarted }
        : r.overBudget !== undefined
          ? { ...stats, broken: r.overBudget }
          : stats,
    protocol: r.protocol ?? chooseProtocol(null, protocol),
    ...(mcp ? { mcp } : {}),
    ...(r.expectationsRecord ? { expectations: r.expectationsRecord } : {}),
    ...(r.notStarted !== undefined ? { not_started: r.notStarted } : {}),
    ...(roles ? { roles } : {}),
  };
}

/** The expectations applied, with the gaps it lists and the entries that can never be gaps. */
export function expectationsRecord(e: Expectations, tiers: ReadonlyMap<string, Tier>): ExpectationsRecord {
  const listed = [...e.gaps.values(), ...(e.interop ?? [])];
  const ids = [...new Set(listed.map((g) => g.id))];
  return {
    file: e.file,
    gaps: listed.length,
    ...(e.sha256 !== undefined ? { sha256: e.sha256 } : {}),
    listed,
    ...(e.lines ? { lines: Object.fromEntries(e.lines) } : {}),
    orphans: ids.filter((id) => !tiers.has(id)),
    observe: ids.filter((id) => tiers.get(id) === "observe"),
  };
}

/** Stats of an implementation that has not stopped yet (a snapshot mid-run). */
function liveStats(impl: Implementation): ImplementationStats {
  return impl.statsNow?.() ?? { restarts: 0, stderr_tail: "" };
}
