/**
 * Quiet windows: how long a live scene listens for something that must not come. A vector that
 * judges an absence names its kind (`quiet: <kind>` in the script language), never a number, so
 * every vector judging the same kind of absence listens alike and a window changes in one place.
 * Each window is the slowest legitimate sender of the same kind the kit measured on the SDKs, plus
 * a margin for a loaded machine (BENCHMARKS.md, "Quiet windows", says how each was measured).
 * Everything that is not an absence ends on evidence: a step waits for the packet it needs.
 */

export interface QuietWindow {
  readonly ms: number;
  /** What must stay absent, and what was measured to size the window. */
  readonly absence: string;
}

export const QUIET_WINDOWS = {
  /**
   * A broadcast reaches the members of one room in one pass of the Server's emit: once the members
   * it reaches have heard it, a member it must not reach would have heard it within this window.
   */
  broadcast: {
    ms: 300,
    absence:
      "after the clients a broadcast reaches have heard it, a client it must not reach hears nothing; measured: the last receiver of one broadcast after the first (python, rust, reference Servers)",
  },
  /**
   * A Computer announces a change (server:update_*) after it learnt of it; one it announced shows
   * the change was processed, so an announcement of something unchanged would have come within this.
   */
  announcement: {
    ms: 1_000,
    absence:
      "no server:update_* for what did not change, once the Computer announced what did (or joined); measured: the Computers' server:update_* after the MCP change or the join ack",
  },
  /**
   * After a scene's last step: what a late packet could still change (a Computer's credential
   * leaked, a tool run nobody asked for, an event after the join, a file landing; a broadcast a
   * Server's client hears late). A Computer scene whose vector judges none of these ends at its last
   * answer; a Server scene always ends with this window (what each client heard is compared).
   */
  trailing: {
    ms: 300,
    absence:
      "nothing sent after the last answer that the vector's facts would count; measured: no Computer (python, rust, reference) sent a packet in this window after its last answer across the wire-computer suite; the Servers' broadcasts reach every member within 50 ms of the first",
  },
  /**
   * An Agent that retries on its own does so at once or after a back-off. No SDK retries, so there
   * is no legitimate sender to measure; the spec's own back-off example (error-handling, retry
   * strategy: 2^0 + U(0,1) s before the first retry) sets the size: its latest first retry, 2 s,
   * plus a 1 s margin for a loaded machine.
   */
  retry: {
    ms: 3_000,
    absence:
      "no second request the caller did not ask for after a failure that forbids a retry; not measured (no SDK retries): the first retry of the spec's back-off example comes within 2 s",
  },
} as const satisfies Record<string, QuietWindow>;

export type QuietKind = keyof typeof QUIET_WINDOWS;

export const QUIET_KINDS = Object.keys(QUIET_WINDOWS) as QuietKind[];

export function isQuietKind(value: unknown): value is QuietKind {
  return typeof value === "string" && Object.hasOwn(QUIET_WINDOWS, value);
}

/**
 * Per live op, the facts a packet after the last answer could change: a vector that judges one ends
 * its script with a quiet window (a corpus test holds every vector to it).
 */
export const TRAILING_FACTS: Readonly<Record<"wire.computer" | "wire.server", readonly string[]>> = {
  "wire.computer": [
    "events_after_join",
    "sent_after_join",
    "updates_conform",
    "leaked_secrets",
    "skillenv_value_sent",
    "declaration_sightings",
    "planted_path_sightings",
    "tools_call_requests",
    "tool_runs",
    "tool_runs_by_server",
    "skill_root_reads",
    "resources_list_requests_by_server",
    "mcp_cancel_notices",
    "landing",
    "update_payloads",
    "acts",
  ],
  "wire.server": ["clients"],
};
