/**
 * The Computer scene's record (computer-case.ts): every Socket.IO packet between the kit's Server
 * and the Computer under test, in both directions, with the handshakes and the script's steps;
 * computer-facts.ts re-derives every fact from it alone.
 */
import type { CaseEvidence, StdioCommand } from "../transport/index.ts";
import type { END_SCENE_ACT } from "./computer-act.ts";
import type { ComputerStep } from "./computer-scene.ts";
import type { LandingEvidence } from "./landing-root.ts";
import type { WireHandshake, WireIntruder, WirePacket } from "./scene-record.ts";
import type { SkillPathProbe } from "./skill-paths.ts";

/** What the Server's script did at one step (the packets hold what went over the wire). */
export interface ComputerStepRecord {
  readonly index: number;
  readonly step: ComputerStep;
  /** The emit's request payload as sent, with its req_id. */
  readonly request?: Readonly<Record<string, unknown>>;
  readonly req_id?: string;
  /** The connection and ack id the emit went out with: its ACK packet answers that id on that connection. */
  readonly conn?: string;
  readonly ack_id?: number;
  readonly t_ms: number;
  /** lock_landing: whether the landing root refused a probe entry once locked. */
  readonly read_only?: boolean;
  /** add_tool / add_window / add_skill / update_skill / add_note / drop_skill (remove_skill) / update_window / resource_updated: how many open MCP sessions were told of the change (null: the mode keeps none). */
  readonly mcp_sessions?: number | null;
  /** computer: the kit-internal act call as sent and the adapter's result (computer-act.ts). */
  readonly act?: { readonly request: Readonly<Record<string, unknown>>; readonly result: unknown };
  /** computer: whether the Computer's connection had ended when the step was over. */
  readonly disconnected?: boolean;
  /** computer: the packet count when the act began (facts read what the Computer sent after it). */
  readonly since_seq?: number;
  /** computer: shutdown: each MCP server's sessions the Computer had not ended once the step was over (null: the mode keeps none). */
  readonly mcp_open?: Readonly<Record<string, number | null>>;
  /** computer: shutdown: each MCP server's last exchange seq then (facts read the MCP requests after it). */
  readonly mcp_seq?: Readonly<Record<string, number>>;
  /** computer: shutdown, with a landing root: the files still under it once the step was over (waited for, within its box, to be none). */
  readonly landing_left?: readonly string[];
  /** The step could not be played (the Computer gone, an earlier step missing): why. */
  readonly skipped?: string;
}

/** A `start_on_act` scene's creation window: the two acts and what the scene saw between them. */
export interface CreationRecord {
  /** The await_created act as sent and the adapter's result. */
  readonly created: { readonly request: Readonly<Record<string, unknown>>; readonly result: unknown };
  /** Once it answered: the Engine.IO handshakes the Server had admitted, and each MCP server's exchanges so far. */
  readonly handshakes: number;
  readonly mcp_exchanges: Readonly<Record<string, number>>;
  /** The start act that released the session. */
  readonly start: { readonly request: Readonly<Record<string, unknown>>; readonly result: unknown };
}

export interface ComputerSceneEvidence {
  /** The live role whose scene this is: the SDK's Computer under test. */
  readonly kind: "computer";
  readonly case_id: string;
  /** The URL the adapter was given, with the case's secret (`?smcp_case=<hex>`, case-seal.ts). */
  readonly url: string;
  readonly office_id: string;
  readonly computer_name: string;
  readonly opened_at: string;
  /** The admitted connections' handshakes: each presented the secret in `url`'s query. */
  readonly handshakes: readonly WireHandshake[];
  /** Handshakes refused for lacking the case's secret; `intruders_not_kept` counts those past the first 50. */
  readonly intruders: readonly WireIntruder[];
  readonly intruders_not_kept?: number;
  readonly packets: readonly WirePacket[];
  readonly steps: readonly ComputerStepRecord[];
  /** Credentials the harness planted in the Computer's MCP configs: looked for in every packet the Computer sent. */
  readonly planted_secrets: readonly string[];
  /** Each MCP server's own record (the transport suite's), by config name. */
  readonly mcp: Readonly<Record<string, CaseEvidence>>;
  /**
   * The servers the Computer mounted over stdio, by config name: the command it was given (the kit's
   * bridge to that server's record in `mcp`). Absent, or a server not named: streamable HTTP.
   */
  readonly mcp_stdio?: Readonly<Record<string, StdioCommand>>;
  /** start_on_act: the window between the Computer's creation and its start. */
  readonly creation?: CreationRecord;
  /** How the scene ended: `script_done` (the Server disconnected the Computer), `no_join` (never joined in the time box), `closed` (the case was closed first). */
  readonly ended: "script_done" | "no_join" | "closed";
  /**
   * The kit-internal `end_scene` act and the adapter's answer, when the Computer had ended its own
   * connection by the script's end (computer-case.ts): how its session was told the scene was over.
   */
  readonly scene_end?: { readonly request: { readonly office_id: string; readonly act: typeof END_SCENE_ACT }; readonly result: unknown };
  /** Packets left out once the case's packet budget was spent. */
  readonly dropped_packets: number;
  /** How long the harness's event loop stood still while the scene ran (util/loop-stall.ts): time in which neither the kit's Server nor an in-process Computer could act. */
  readonly loop_stalled_ms?: number;
  /** The landing root the Computer was given, and what it held after the case (absent: none was given). */
  readonly landing?: LandingEvidence;
  /** Each A2CSkillRef.path the Computer's get_skills answers named, as found at the script's end (skill-paths.ts; absent: none). */
  readonly skill_paths?: Readonly<Record<string, SkillPathProbe>>;
  /**
   * For each server the call gave no bundle_id, by config name: the bundle_id data-structures.md
   * derives for that config as given (derived-bundle-id.ts). Absent: every server named its own.
   */
  readonly derived_bundle_ids?: Readonly<Record<string, string>>;
}
