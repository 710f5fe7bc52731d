/**
 * The facts a wire verdict may use, derived from the recorded packets of admitted connections alone
 * (and, for the MCP side, from the transport suite's own record), so `audit` re-derives them from
 * the transcript. Pure, and tolerant of damaged records: a missing field makes a fact absent or
 * false, never a throw.
 */

import { createHash } from "node:crypto";
import { isAbsolute, normalize } from "node:path/posix";
import { type Exchange, KIT_SKILLENV, KIT_SKILLENV_VALUE, evidenceFacts as mcpFacts, type RpcMessage } from "../transport/index.ts";
import { type BearerLabel, bearerSessions } from "./bearer-sessions.ts";
import { answerSightings, canarySightings, type ScannedAnswer } from "./canary-scan.ts";
import { admittedPart } from "./case-seal.ts";
import { type ConnectionFacts, connectionFacts, type JoinFacts, joinFacts } from "./client-facts.ts";
import { actAnswer, actOutcome, actState, CREATED_ACT, END_SCENE_ACT } from "./computer-act.ts";
import type { ComputerSceneEvidence, ComputerStepRecord } from "./computer-evidence.ts";
import { actName, RESPONSE_MODEL, SMCP_NAMESPACE, stepName } from "./computer-scene.ts";
import { configFidelity } from "./config-fidelity.ts";
import { configExtraKeys } from "./config-keys.ts";
import { declarationSightings } from "./declaration-sightings.ts";
import { detailsExposure, errorDetailsOf } from "./details-exposure.ts";
import { eventDefinition, isSmcpEvent } from "./events.ts";
import type { LandingEvidence } from "./landing-root.ts";
import { modelErrors } from "./models.ts";
import { resourceListFidelity } from "./resource-list-fidelity.ts";
import type { WirePacket } from "./scene-record.ts";
import { bearerFingerprint } from "./secret-input.ts";
import { skillRootReads } from "./skill-root-reads.ts";
import { toolListFidelity } from "./tool-list-fidelity.ts";
import { type Fidelity, type GivenToolResult, givenToolResults, isTerminalResult, toolResultFidelity } from "./tool-result-fidelity.ts";
import { plantedPathInDetails, plantedPathSightings, plantedPathsOf } from "./unusable-cwd.ts";

export interface StepFacts {
  readonly acked: boolean;
  readonly shape: "model" | "error_payload" | "wrapped_error" | "other" | "none";
  readonly valid: boolean;
  readonly schema_errors: readonly string[];
  readonly code: number | null;
  readonly reason: string | null;
  /** An ErrorPayload's top-level code-specific fields (mcp_server, capability) and its details' keys. */
  readonly mcp_server?: unknown;
  readonly capability?: unknown;
  readonly details_keys?: readonly string[];
  /** An ErrorPayload's details.total_size (4017 too_large names the resource's size; null when absent). */
  readonly details_total_size?: unknown;
  /** An ErrorPayload's details object (compared on the keys a vector names); null when it has none. */
  readonly details?: Readonly<Record<string, unknown>> | null;
  readonly req_id_echoed: boolean | null;
  readonly value?: unknown;
  readonly tool_names?: readonly string[];
  readonly tool_bundle_ids?: ReadonlyArray<string | null>;
  readonly tool_meta?: Readonly<Record<string, unknown>>;
  /** GetToolsRet: each tool's meta.a2c_tool_meta by name, parsed from its JSON text, null-valued fields left out (null: none or not JSON). */
  readonly tool_a2c_meta?: Readonly<Record<string, unknown>>;
  readonly server_keys?: readonly string[];
  /** GetComputerConfigRet: the servers keys whose entry is not marked disabled: true, sorted (a disabled server absent or marked inactive is out). */
  readonly active_server_keys?: readonly string[];
  /** GetComputerConfigRet: each server's name by its key (null: not a string). */
  readonly server_names?: Readonly<Record<string, string | null>>;
  /**
   * GetToolsRet / GetComputerConfigRet, when the scene has servers configured without a bundle_id:
   * each carries the bundle_id the kit derives for its config (evidence.derived_bundle_ids): some
   * tool has it as bundle_id and name prefix, or it is a servers key (with that bundle_id if any).
   */
  readonly bundle_ids_derived?: boolean;
  /** GetComputerConfigRet: each server's type by its key (null: not a string). */
  readonly server_types?: Readonly<Record<string, string | null>>;
  /** GetComputerConfigRet: each key beyond data-structures.md's key set, as a JSON pointer (config-keys.ts). */
  readonly config_extra_keys?: readonly string[];
  readonly desktops?: readonly unknown[];
  readonly skill_names?: ReadonlyArray<string | null>;
  /** GetSkillsRet: each A2CSkillRef's name, description, source, uri, whether path is absolute, and whether a body came along. */
  readonly skill_refs?: readonly unknown[];
  /**
   * GetSkillsRet: what each A2CSkillRef.path was at the script's end (evidence.skill_paths): a
   * readable directory holding SKILL.md, named after the ref's frontmatter name (the name's last
   * segment); null for a path the harness did not look at.
   */
  readonly skill_paths?: readonly unknown[];
  /** GetSkillsRet, when the case served a mounted-mode SKILL: the names of the refs whose path is that mount_dir folder itself (a symlink or a mount, not a copy). */
  readonly skills_at_mount_dir?: readonly string[];
  /** GetSkillsRet: each A2CSkillRef's source-derived fields (refFields). */
  readonly skill_ref_fields?: readonly unknown[];
  readonly resource_uris?: ReadonlyArray<string | null>;
  /** GetResourcesRet: a non-empty next_cursor came (more pages remain). */
  readonly has_next_cursor?: boolean;
  /** GetResourcesRet: the key next_cursor is there at all (the end of the list is its absence, not null or ""). */
  readonly next_cursor_present?: boolean;
  /** GetResourcesRet: resource templates came along (a resourceTemplates / resource_templates key), which resources/list never carries. */
  readonly has_resource_templates?: boolean;
  readonly is_error?: boolean | null;
  readonly text?: string | null;
  readonly result_meta?: Readonly<Record<string, unknown>> | null;
  /** CallToolResult: result-level meta.error_code is 4006 or 4007 (an upstream-authorisation failure). */
  readonly auth_failure?: boolean;
  /** CallToolResult: result-level meta.auth_hint is an object (error-handling.md §字段说明). */
  readonly has_auth_hint?: boolean;
  /** CallToolResult: meta.auth_hint.message is a non-empty string (the user-readable guidance). */
  readonly auth_hint_has_message?: boolean;
  /** CallToolResult: per content item {type, mime_type, inline_size, inline_sha256, has_blob_handle, handle_total_size, handle_sha256}. */
  readonly items?: readonly unknown[];
  /**
   * client:tool_call: the MCP server's whole result against the whole ack, every change allowed by a
   * rule or unexplained; client:get_tools: each offered tool against the spec's projection of the
   * definition its MCP server gave (tool-list-fidelity.ts); client:get_resources: each answered
   * A2CResource against the projection of the MCP resource (resource-list-fidelity.ts);
   * client:get_config (before the script's first act): each server object against the page's
   * projection of the config the kit gave (config-fidelity.ts).
   */
  readonly fidelity?: Fidelity;
  /** client:get_skill: the inline body (null: none), whether a blob_handle came instead, and the declared resource facts. */
  readonly body?: string | null;
  readonly mime_type?: unknown;
  readonly rel_path?: unknown;
  /** client:get_blob: the chunk's decoded size and sha256, where it starts, and eof. */
  readonly chunk_size?: number | null;
  readonly chunk_sha256?: string | null;
  readonly chunk_offset?: unknown;
  readonly eof?: unknown;
  /** client:put_blob: the ack carries an upload_id. */
  readonly has_upload_id?: boolean;
  /** client:get_skill: a blob_handle came instead of a body; client:put_blob: the ack carries a blob_handle (an upload mints none). */
  readonly has_blob_handle?: boolean;
  readonly total_size?: unknown;
  readonly sha256?: unknown;
  /** client:put_blob: the ack's landing_path is absolute and lies inside the case's landing root (null: none given). */
  readonly landing_path_inside_root?: boolean | null;
  /** client:put_blob: the file found at landing_path after the case (null: none there, or no landing_path). */
  readonly landed_at_path?: { readonly size: number; readonly sha256: string | null } | null;
}

/** What the case's landing root held afterwards (landing-root.ts); null when the Computer was given none. */
export interface LandingFacts {
  /** Every regular file under the root, in-flight parts included. */
  readonly files: number;
  /** The files directly in the root (landed uploads), by content, in path order. */
  readonly landed: ReadonlyArray<{ readonly size: number; readonly sha256: string | null }>;
  /** A script made the root read-only: whether the lock held (absent: never asked). */
  readonly read_only?: boolean;
}

export interface ComputerFacts extends ConnectionFacts {
  readonly join: JoinFacts | null;
  readonly updates_before_join: readonly string[];
  readonly events_after_join: readonly string[];
  readonly sent_after_join: Readonly<Record<string, boolean>>;
  /**
   * For each server:update_* event sent after joining: whether every one carried its request model
   * (UpdateComputerConfigReq) and named this Computer.
   */
  readonly updates_conform: Readonly<Record<string, boolean>>;
  readonly steps: Readonly<Record<string, StepFacts>>;
  /** Where a planted credential shows anywhere in the case's record, the SDK's answers to the acts included (canary-scan.ts). */
  readonly leaked_secrets: readonly string[];
  /** Each address, stack trace or local path in an Agent-facing error's details: `<step>: <kind> at <pointer>` (details-exposure.ts). */
  readonly error_details_exposure: readonly string[];
  /** How many local paths the harness planted as an unusable stdio cwd (unusable-cwd.ts). */
  readonly planted_paths: number;
  /** Where a planted local path shows in an Agent-facing error's details: `<step>: <pointer>` (unusable-cwd.ts). */
  readonly planted_path_in_error_details: readonly string[];
  /** Where a planted local path shows in any packet the Computer sent (canary-scan.ts). */
  readonly planted_path_sightings: readonly string[];
  /** How many planted credentials reached some MCP server as its `Authorization: Bearer` value (by fingerprint, secret-input.ts). */
  readonly credentials_delivered: number;
  /** Where the text of a malformed ToolMeta declaration an MCP server listed shows in what the Computer sent (declaration-sightings.ts). */
  readonly declaration_sightings: readonly string[];
  /** Per MCP server (config name): each session it served, from its initialize on, and which planted credential its requests carried (bearer-sessions.ts). */
  readonly bearer_sessions: Readonly<Record<string, BearerLabel[][]>>;
  /** Whether anything in the case's record (canary-scan.ts) carries the kit SKILL's .skillenv value, as text or as the file's base64 (skill.md §9.1). */
  readonly skillenv_value_sent: boolean;
  readonly tool_runs: number;
  readonly tool_runs_by_server: Readonly<Record<string, number>>;
  /** resources/list requests the Computer sent each MCP server, by config name (0 included). */
  readonly resources_list_requests_by_server: Readonly<Record<string, number>>;
  readonly tools_call_requests: number;
  /** resources/read requests naming a SKILL root (a listed skill:// resource with _meta.source), over every MCP server (skill-root-reads.ts). */
  readonly skill_root_reads: number;
  /** MCP notifications/cancelled the MCP servers received (the Computer interrupting a tool run, MCP's cooperative cancel). */
  readonly mcp_cancel_notices: number;
  readonly landing: LandingFacts | null;
  /**
   * Each server:update_* event the Computer sent after joining, by event: how many, whether every
   * payload is valid against the event's request model (events.ts: UpdateComputerConfigReq) and the
   * computer names they carry.
   */
  readonly update_payloads: Readonly<
    Record<string, { readonly count: number; readonly valid: boolean; readonly computers: ReadonlyArray<unknown> }>
  >;
  /** Per `computer:` step (computer-act.ts), by its name. */
  readonly acts: Readonly<Record<string, ActFacts>>;
  /** start_on_act: the window between creation and start (null in other scenes). */
  readonly creation: CreationFacts | null;
}

/** What creating the Computer from its config did before anything started it (a start_on_act scene). */
export interface CreationFacts {
  /** The await_created act: the adapter's SDK created its Computer and held it (done), or not. */
  readonly outcome: ActFacts["outcome"];
  /** Engine.IO handshakes the Server had admitted by then (a connection attempt made by creation). */
  readonly handshakes_before_start: number;
  /** MCP requests all MCP servers had received by then (a server contacted or started by creation). */
  readonly mcp_requests_before_start: number;
  /** The start act that released the session. */
  readonly start_outcome: ActFacts["outcome"];
}

/** A lifecycle act: how the SDK call went (the adapter's recorded answer) and what the Computer sent from then on. */
export interface ActFacts {
  readonly outcome: "done" | "raised" | "unsupported" | "no_answer";
  readonly state: string | null;
  readonly disconnected: boolean;
  /** Every event the Computer sent from the act's start on, any connection, in order. */
  readonly events_since: readonly string[];
  /** The server:update_* events among them. */
  readonly updates_since: readonly string[];
  /** shutdown: each MCP server's sessions the Computer had not ended when the step was over (null: its mode keeps none); absent for other acts. */
  readonly mcp_open_sessions?: Readonly<Record<string, number | null>>;
  /** shutdown: every MCP request that reached a server after that (`<server>: <rpc method or HTTP method>`, a session's DELETE aside), to the record's end. */
  readonly mcp_requests_since?: readonly string[];
  /** shutdown, with a landing root: the files still under it once the step was over (an upload's in-flight part), relative paths. */
  readonly landing_left?: readonly string[];
}

/** The .skillenv value as text, and the whole file as a get_blob chunk would carry it. */
const SKILLENV_FORMS = [KIT_SKILLENV_VALUE, Buffer.from(KIT_SKILLENV).toString("base64")];

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * `configured`: the server configs the call gave the Computer (the request line, which `audit`
 * checks against the vector); with it, each client:get_config ack before the script's first act
 * carries its config fidelity (config-fidelity.ts). Without it (a caller holding only the record),
 * get_config has none.
 */
export function computerFacts(evidence: ComputerSceneEvidence, configured?: ReadonlyArray<Record<string, unknown>>): ComputerFacts {
  // Only the case's own parties count: connections that presented its secret (case-seal.ts).
  const { packets, handshakes } = admittedPart(evidence);
  const smcp = packets.filter((p) => p?.nsp === SMCP_NAMESPACE);
  const fromComputer = smcp.filter((p) => p.dir === "in");
  const joins = fromComputer.filter((p) => p.type === "event" && p.event === "server:join_office");
  const firstJoin = joins[0];
  const joinAck =
    firstJoin?.ack_id === undefined
      ? undefined
      : smcp.find((p) => p.dir === "out" && p.type === "ack" && p.ack_id === firstJoin.ack_id && p.conn === firstJoin.conn);
  const joinedAt = joinAck && joinAck.args?.[0] === true ? joinAck.seq : undefined;
  const events = fromComputer.filter((p) => p.type === "event" && typeof p.event === "string");
  const mcpRecords = isObject(evidence?.mcp) ? evidence.mcp : {};
  const mcpByName = Object.entries(mcpRecords).map(([name, e]) => [name, mcpFacts(e)] as const);
  const mcp = mcpByName.map(([, f]) => f);
  const planted = plantedPathsOf(evidence?.mcp_stdio);
  const updates = updatePayloads(joinedAt === undefined ? [] : events.filter((p) => p.seq > joinedAt));
  return {
    ...connectionFacts(fromComputer, handshakes[0]),
    join: joinFacts(joins, evidence?.office_id),
    updates_before_join: events
      .filter((p) => p.event?.startsWith("server:update_") && (joinedAt === undefined || p.seq < joinedAt))
      .map((p) => p.event as string),
    events_after_join: joinedAt === undefined ? [] : events.filter((p) => p.seq > joinedAt).map((p) => p.event as string),
    sent_after_join: Object.fromEntries(
      (joinedAt === undefined ? [] : events.filter((p) => p.seq > joinedAt)).map((p) => [p.event as string, true] as const),
    ),
    updates_conform: updatesConform(updates, evidence?.computer_name),
    steps: stepsFacts(evidence, smcp, configured),
    // Whole-record scans (canary-scan.ts): both directions, every namespace, the handshakes, and
    // what the SDK answered the acts (its public lifecycle state and diagnostics, its errors).
    leaked_secrets: [
      ...canarySightings(evidence?.planted_secrets ?? [], packets, handshakes),
      ...answerSightings(evidence?.planted_secrets ?? [], actAnswers(evidence)),
    ],
    credentials_delivered: credentialsDelivered(evidence),
    bearer_sessions: Object.fromEntries(
      Object.entries(mcpRecords).map(([name, e]) => [name, bearerSessions(e, evidence?.planted_secrets ?? [])]),
    ),
    error_details_exposure: errorDetailsExposure(evidence, smcp),
    planted_paths: planted.length,
    planted_path_in_error_details: stepErrorDetails(evidence, smcp).flatMap(([name, details]) =>
      plantedPathInDetails(details, planted).map((at) => `${name}: ${at}`),
    ),
    planted_path_sightings: plantedPathSightings(planted, packets),
    skillenv_value_sent: canarySightings(SKILLENV_FORMS, packets, handshakes).length > 0,
    declaration_sightings: declarationSightings(mcpRecords, packets),
    tool_runs: mcp.reduce((n, f) => n + f.tool_runs, 0),
    tool_runs_by_server: Object.fromEntries(mcpByName.map(([name, f]) => [name, f.tool_runs])),
    resources_list_requests_by_server: Object.fromEntries(
      mcpByName.map(([name, f]) => [name, f.methods.filter((m) => m === "resources/list").length]),
    ),
    tools_call_requests: mcp.reduce((n, f) => n + f.tools_call_requests, 0),
    skill_root_reads: skillRootReads(mcpRecords),
    mcp_cancel_notices: mcp.reduce((n, f) => n + f.methods.filter((m) => m === "notifications/cancelled").length, 0),
    landing: landingFacts(evidence?.landing),
    update_payloads: updates,
    acts: actsFacts(evidence, events),
    creation: creationFacts(evidence?.creation),
  };
}

/**
 * Every answer the SDK gave the scene's acts, named `act:<step name>` (the creation window's
 * `act:await_created` and `act:start (creation)`, the Server's `act:end_scene`): the part of each
 * recorded result the SDK said (computer-act.ts actAnswer).
 */
function actAnswers(evidence: ComputerSceneEvidence): ScannedAnswer[] {
  const steps = (evidence?.steps ?? []).flatMap((s) => {
    const name = s?.step ? actName(s.step) : undefined;
    return name === undefined || !isObject(s.act) ? [] : [{ at: `act:${name}`, value: actAnswer(s.act.result) }];
  });
  const c = evidence?.creation;
  const creation = isObject(c)
    ? [
        { at: `act:${CREATED_ACT}`, value: actAnswer(c.created?.result) },
        { at: "act:start (creation)", value: actAnswer(c.start?.result) },
      ]
    : [];
  const end = isObject(evidence?.scene_end) ? [{ at: `act:${END_SCENE_ACT}`, value: actAnswer(evidence.scene_end.result) }] : [];
  return [...creation, ...steps, ...end];
}

function creationFacts(c: ComputerSceneEvidence["creation"]): CreationFacts | null {
  if (!isObject(c)) return null;
  const mcp = isObject(c.mcp_exchanges) ? Object.values(c.mcp_exchanges) : [];
  return {
    outcome: actOutcome(c.created?.result),
    handshakes_before_start: typeof c.handshakes === "number" ? c.handshakes : 0,
    mcp_requests_before_start: mcp.reduce((n: number, v) => n + (typeof v === "number" ? v : 0), 0),
    start_outcome: actOutcome(c.start?.result),
  };
}

/** The server:update_* payloads against their request model, by event (see ComputerFacts.update_payloads). */
function updatePayloads(events: readonly WirePacket[]): ComputerFacts["update_payloads"] {
  const out: Record<string, { count: number; valid: boolean; computers: unknown[] }> = {};
  for (const p of events) {
    const event = p.event as string;
    if (!event.startsWith("server:update_") || !isSmcpEvent(event)) continue;
    const model = eventDefinition(event).request;
    const payload = p.args?.[0];
    const seen = (out[event] ??= { count: 0, valid: true, computers: [] });
    seen.count += 1;
    seen.valid &&= modelErrors(model, payload).length === 0;
    const name = isObject(payload) ? (payload.computer ?? null) : null;
    if (!seen.computers.includes(name)) seen.computers.push(name);
  }
  return out;
}

/** Each act step's facts: its recorded result, and the Computer's events after the packet count it began at. */
function actsFacts(evidence: ComputerSceneEvidence, events: readonly WirePacket[]): Record<string, ActFacts> {
  return Object.fromEntries(
    (evidence?.steps ?? []).flatMap((s) => {
      const name = s?.step ? actName(s.step) : undefined;
      if (name === undefined || s.skipped !== undefined) return [];
      const since = typeof s.since_seq === "number" ? s.since_seq : Number.POSITIVE_INFINITY;
      const sent = events.filter((p) => p.seq > since).map((p) => p.event as string);
      return [
        [
          name,
          {
            outcome: actOutcome(s.act?.result),
            state: actState(s.act?.result),
            disconnected: s.disconnected === true,
            events_since: sent,
            updates_since: sent.filter((e) => e.startsWith("server:update_")),
            ...(isObject(s.mcp_open) ? { mcp_open_sessions: s.mcp_open as Record<string, number | null> } : {}),
            ...(isObject(s.mcp_seq) ? { mcp_requests_since: mcpRequestsAfter(evidence, s.mcp_seq as Record<string, number>) } : {}),
            ...(Array.isArray(s.landing_left) ? { landing_left: s.landing_left } : {}),
          },
        ],
      ];
    }),
  );
}

/**
 * The MCP requests each server got after the given exchange seq, as `<server>: <method>` (each
 * JSON-RPC method, or the HTTP method of a request that carried none, e.g. a stream's GET). A DELETE
 * is the client ending its session, which a shut-down runtime may still finish doing: not counted.
 */
function mcpRequestsAfter(evidence: ComputerSceneEvidence, after: Readonly<Record<string, number>>): string[] {
  const records = isObject(evidence?.mcp) ? evidence.mcp : {};
  return Object.entries(records).flatMap(([name, record]) => {
    const from = typeof after[name] === "number" ? after[name] : 0;
    const exchanges: readonly Exchange[] = Array.isArray(record?.exchanges) ? record.exchanges : [];
    return exchanges
      .filter((ex) => typeof ex?.seq === "number" && ex.seq > from && ex.http_method !== "DELETE")
      .flatMap((ex) => {
        const methods = (ex.rpc ?? []).flatMap((m: RpcMessage) => (typeof m?.method === "string" ? [m.method] : []));
        return (methods.length > 0 ? methods : [ex.http_method]).map((m: string) => `${name}: ${m}`);
      });
  });
}

/**
 * updates_conform (ComputerFacts), read off update_payloads: per server:update_* event, every payload
 * valid against its model and naming this Computer.
 */
function updatesConform(payloads: ComputerFacts["update_payloads"], computerName: unknown): Record<string, boolean> {
  return Object.fromEntries(
    Object.entries(payloads).map(([event, seen]) => [event, seen.valid && seen.computers.every((c) => c === computerName)]),
  );
}

/** Each sending step's facts; a tool_call's against the MCP result it led to (matched in order, by the tool's own name where it shows). */
function stepsFacts(
  evidence: ComputerSceneEvidence,
  smcp: readonly WirePacket[],
  configured: ReadonlyArray<Record<string, unknown>> | undefined,
): Record<string, StepFacts> {
  const mcp = isObject(evidence?.mcp) ? evidence.mcp : {};
  // An act may change the config (mount, set, stop): only acks before the first act show the config as given.
  const firstAct = (evidence?.steps ?? []).find((s) => s?.step?.computer !== undefined)?.index ?? Number.POSITIVE_INFINITY;
  // Read (parsed from the MCP record's bodies) only when a step asks: most scenes have no tool call.
  let given: GivenToolResult[] | undefined;
  const used = new Set<GivenToolResult>();
  const matchCall = (toolName: unknown): GivenToolResult | undefined => {
    given ??= givenToolResults(mcp);
    const open = given.filter((g) => !used.has(g));
    const named = typeof toolName === "string" ? open.find((g) => g.tool !== undefined && toolName.endsWith(g.tool)) : undefined;
    const found = named ?? open[0];
    if (found) used.add(found);
    return found;
  };
  return Object.fromEntries(
    (evidence?.steps ?? []).flatMap((s) => {
      const step = s?.step;
      if (!step?.send) return [];
      const base = stepFacts({ ...s, step }, smcp, evidence?.landing);
      const facts = {
        ...base,
        ...derivedFacts(step.send, base, evidence?.derived_bundle_ids),
        ...(step.send === "client:get_skills" && base.shape === "model" ? skillPathFacts(base.value, evidence?.skill_paths) : {}),
      };
      const relayed = facts.shape === "model";
      // A terminal result (cancelled, timed out) relays nothing: the server's late answer is left unmatched.
      const fidelity =
        relayed && step.send === "client:tool_call"
          ? toolResultFidelity(isTerminalResult(facts.value) ? undefined : matchCall(s.request?.tool_name), facts.value)
          : relayed && step.send === "client:get_tools"
            ? toolListFidelity(mcp, facts.value)
            : relayed && step.send === "client:get_resources"
              ? resourceListFidelity(mcp, facts.value)
              : relayed && step.send === "client:get_config" && configured !== undefined && s.index < firstAct
                ? configFidelity(configured, facts.value, evidence?.derived_bundle_ids, evidence?.planted_secrets ?? [])
                : undefined;
      return [[stepName(step) as string, fidelity ? { ...facts, fidelity } : facts]];
    }),
  );
}

/** skill_paths (StepFacts) of a get_skills ack, from what the harness found at each path. */
function skillPathFacts(value: unknown, probes: ComputerSceneEvidence["skill_paths"]): Partial<StepFacts> {
  const skills = isObject(value) && Array.isArray(value.skills) ? value.skills : [];
  const probeOf = (k: unknown) => (isObject(k) && typeof k.path === "string" && isObject(probes) ? probes[k.path] : undefined);
  const mounted = isObject(probes) && Object.values(probes).some((p) => isObject(p) && "at_mount_dir" in p);
  return {
    ...(mounted
      ? { skills_at_mount_dir: skills.flatMap((k) => (probeOf(k)?.at_mount_dir === true && isObject(k) ? [String(k.name)] : [])) }
      : {}),
    skill_paths: skills.map((k) => {
      const found = isObject(k) && typeof k.path === "string" && isObject(probes) ? probes[k.path] : undefined;
      if (!isObject(found)) return null;
      const leaf = typeof k.name === "string" ? k.name.split(":").at(-1) : undefined;
      return {
        is_dir: found.is_dir === true,
        readable: found.readable === true,
        skill_md: found.skill_md === true,
        named_after_skill: leaf !== undefined && found.base_name === leaf,
      };
    }),
  };
}

/** bundle_ids_derived of a get_tools / get_config step whose ack is its model (see StepFacts); nothing otherwise. */
function derivedFacts(event: string, facts: StepFacts, derived: unknown): Partial<StepFacts> {
  const ids = isObject(derived) ? Object.values(derived).filter((d): d is string => typeof d === "string") : [];
  const v = facts.value;
  if (ids.length === 0 || facts.shape !== "model" || !isObject(v)) return {};
  if (event === "client:get_tools" && Array.isArray(v.tools)) {
    const tools = v.tools.filter(isObject);
    const named = (d: string) => tools.some((t) => t.bundle_id === d && typeof t.name === "string" && t.name.startsWith(`${d}__`));
    return { bundle_ids_derived: ids.every(named) };
  }
  if (event === "client:get_config" && isObject(v.servers)) {
    const servers = v.servers;
    const keyed = (d: string) => {
      const entry = servers[d];
      return isObject(entry) && (typeof entry.bundle_id !== "string" || entry.bundle_id === d);
    };
    return { bundle_ids_derived: ids.every(keyed) };
  }
  return {};
}

function landingFacts(landing: LandingEvidence | undefined): LandingFacts | null {
  if (!isObject(landing)) return null;
  const files = Array.isArray(landing.files) ? landing.files.filter(isObject) : [];
  return {
    files: files.length + (typeof landing.left_out === "number" ? landing.left_out : 0),
    landed: files
      .filter((f) => typeof f.path === "string" && !f.path.includes("/"))
      .map((f) => ({ size: Number(f.size), sha256: typeof f.sha256 === "string" ? f.sha256 : null })),
    ...(typeof landing.read_only === "boolean" ? { read_only: landing.read_only } : {}),
  };
}

/** put_blob's landing_path against the case's landing root: inside it, and which landed file it names. */
function putBlobFacts(v: Record<string, unknown>, landing: LandingEvidence | undefined): Partial<StepFacts> {
  const path = v.landing_path;
  const facts = {
    has_upload_id: typeof v.upload_id === "string" && v.upload_id !== "",
    has_blob_handle: "blob_handle" in v,
    total_size: v.total_size ?? null,
    sha256: v.sha256 ?? null,
  };
  if (typeof path !== "string") return { ...facts, landing_path_inside_root: null, landed_at_path: null };
  const root = typeof landing?.root === "string" ? landing.root : undefined;
  const inside = root !== undefined && isAbsolute(path) && normalize(path) === path && path.startsWith(`${root}/`);
  const rel = inside ? path.slice(root.length + 1) : undefined;
  const file = rel === undefined ? undefined : (landing?.files ?? []).find((f) => f?.path === rel);
  return { ...facts, landing_path_inside_root: inside, landed_at_path: file ? { size: file.size, sha256: file.sha256 } : null };
}

/** The facts of one emit step: its ACK packet (same connection, same ack id), classified and checked against the model. */
function stepFacts(record: ComputerStepRecord, smcp: readonly WirePacket[], landing: LandingEvidence | undefined): StepFacts {
  const ack =
    record.ack_id === undefined
      ? undefined
      : smcp.find((p) => p.dir === "in" && p.type === "ack" && p.ack_id === record.ack_id && p.conn === record.conn);
  if (!ack) return { acked: false, shape: "none", valid: false, schema_errors: [], code: null, reason: null, req_id_echoed: null };
  const value = ack.args?.[0];
  const model = record.step.model ?? (record.step.send ? RESPONSE_MODEL[record.step.send] : "ErrorPayload");
  const schemaErrors = modelErrors(model, value);
  const flat = modelErrors("ErrorPayload", value).length === 0;
  // A flat ErrorPayload first: a model whose fields are all optional (GetResourcesRet) would accept one too.
  const shape = flat
    ? "error_payload"
    : schemaErrors.length === 0
      ? "model"
      : isObject(value) && "error" in value
        ? "wrapped_error"
        : "other";
  const v = isObject(value) ? value : {};
  const details = isObject(v.details) ? v.details : {};
  return {
    acked: true,
    shape,
    valid: schemaErrors.length === 0,
    schema_errors: schemaErrors,
    code: flat && typeof v.code === "number" ? v.code : null,
    reason: typeof details.reason === "string" ? details.reason : null,
    req_id_echoed: typeof v.req_id === "string" ? v.req_id === record.req_id : null,
    ...(flat
      ? {
          mcp_server: v.mcp_server ?? null,
          capability: v.capability ?? null,
          details_keys: Object.keys(details).sort(),
          details_total_size: details.total_size ?? null,
          details: isObject(v.details) ? v.details : null,
        }
      : {}),
    value,
    ...eventFacts(record.step.send, v),
    ...(record.step.send === "client:put_blob" && !flat ? putBlobFacts(v, landing) : {}),
  };
}

/** Per-event facts a vector can name without matching the whole ack. */
function eventFacts(event: string | undefined, v: Record<string, unknown>): Partial<StepFacts> {
  if (event === "client:get_tools" && Array.isArray(v.tools)) {
    // Code-unit order: a locale's collation would make the fact depend on the machine.
    const byName = (a: Record<string, unknown>, b: Record<string, unknown>) =>
      String(a.name) < String(b.name) ? -1 : String(a.name) > String(b.name) ? 1 : 0;
    const tools = v.tools.filter(isObject).sort(byName);
    return {
      tool_names: tools.map((t) => String(t.name)),
      tool_bundle_ids: tools.map((t) => (typeof t.bundle_id === "string" ? t.bundle_id : null)),
      tool_meta: Object.fromEntries(tools.map((t) => [String(t.name), t.meta ?? null])),
      tool_a2c_meta: Object.fromEntries(tools.map((t) => [String(t.name), a2cToolMetaOf(t.meta)])),
    };
  }
  if (event === "client:get_config" && isObject(v.servers)) {
    const types = Object.entries(v.servers).map(([key, s]) => [key, isObject(s) && typeof s.type === "string" ? s.type : null] as const);
    const entries = Object.entries(v.servers);
    return {
      server_keys: Object.keys(v.servers).sort(),
      server_types: Object.fromEntries(types),
      active_server_keys: entries
        .filter(([, s]) => !(isObject(s) && s.disabled === true))
        .map(([key]) => key)
        .sort(),
      server_names: Object.fromEntries(entries.map(([key, s]) => [key, isObject(s) && typeof s.name === "string" ? s.name : null])),
      config_extra_keys: configExtraKeys(v),
    };
  }
  if (event === "client:get_desktop" && Array.isArray(v.desktops)) return { desktops: v.desktops };
  if (event === "client:get_skills" && Array.isArray(v.skills))
    return {
      skill_names: v.skills.map((k) => (isObject(k) ? String(k.name) : null)),
      skill_refs: v.skills.map((k) =>
        isObject(k)
          ? {
              name: k.name ?? null,
              description: k.description ?? null,
              source: k.source ?? null,
              uri: k.uri ?? null,
              path_absolute: typeof k.path === "string" && isAbsolute(k.path),
              has_body: "body" in k,
            }
          : null,
      ),
      skill_ref_fields: v.skills.map((k) => (isObject(k) ? refFields(k) : null)),
    };
  if (event === "client:get_skill" && (typeof v.body === "string" || typeof v.blob_handle === "string"))
    return {
      body: typeof v.body === "string" ? v.body : null,
      has_blob_handle: typeof v.blob_handle === "string" && v.blob_handle !== "",
      total_size: v.total_size ?? null,
      sha256: v.sha256 ?? null,
      mime_type: v.mime_type ?? null,
      rel_path: v.rel_path ?? null,
    };
  if (event === "client:get_blob" && typeof v.blob === "string") {
    const chunk = Buffer.from(v.blob, "base64");
    return {
      chunk_size: chunk.length,
      chunk_sha256: createHash("sha256").update(chunk).digest("hex"),
      chunk_offset: v.chunk_offset ?? null,
      eof: v.eof ?? null,
      total_size: v.total_size ?? null,
      sha256: v.sha256 ?? null,
      mime_type: v.mime_type ?? null,
    };
  }
  if (event === "client:get_resources" && Array.isArray(v.resources))
    return {
      resource_uris: v.resources.map((r) => (isObject(r) ? String(r.uri) : null)),
      has_next_cursor: typeof v.next_cursor === "string" && v.next_cursor !== "",
      next_cursor_present: "next_cursor" in v,
      has_resource_templates: "resourceTemplates" in v || "resource_templates" in v,
    };
  if (event === "client:tool_call" && Array.isArray(v.content)) {
    const texts = v.content.filter((c) => isObject(c) && c.type === "text").map((c) => String((c as Record<string, unknown>).text));
    return {
      is_error: typeof v.isError === "boolean" ? v.isError : false,
      text: texts.length ? texts.join("\n") : null,
      result_meta: isObject(v.meta) ? v.meta : null,
      auth_failure: isObject(v.meta) && (v.meta.error_code === 4006 || v.meta.error_code === 4007),
      has_auth_hint: isObject(v.meta) && isObject(v.meta.auth_hint),
      auth_hint_has_message:
        isObject(v.meta) &&
        isObject(v.meta.auth_hint) &&
        typeof v.meta.auth_hint.message === "string" &&
        v.meta.auth_hint.message.trim() !== "",
      items: v.content.map(itemFacts),
    };
  }
  return {};
}

/** The fields A2CSkillRef's table names (skill.md §6); any other key of a ref is an extra. */
const SKILL_REF_KEYS = new Set([
  "name",
  "source",
  "uri",
  "path",
  "description",
  "license",
  "compatibility",
  "allowed_tools",
  "tags",
  "skill_metadata",
  "version",
]);

/**
 * What a ref takes from its source and frontmatter besides name and description: version (from the
 * source's metadata), allowed_tools and skill_metadata (from the frontmatter), each null when absent
 * or null (the page leaves "no version" open between the two), and the keys the table does not name.
 */
function refFields(k: Record<string, unknown>): Record<string, unknown> {
  return {
    version: k.version ?? null,
    allowed_tools: k.allowed_tools ?? null,
    skill_metadata: k.skill_metadata ?? null,
    extra_keys: Object.keys(k)
      .filter((key) => !SKILL_REF_KEYS.has(key))
      .sort(),
  };
}

/** One CallToolResult content item: its type and MIME type, the inline bytes it carries, and the A2C blob sideband in its _meta. */
function itemFacts(item: unknown): Record<string, unknown> {
  const c = isObject(item) ? item : {};
  const inline =
    typeof c.data === "string" ? c.data : isObject(c.resource) && typeof c.resource.blob === "string" ? c.resource.blob : undefined;
  const bytes = inline === undefined ? undefined : Buffer.from(inline, "base64");
  const meta = isObject(c._meta) ? c._meta : {};
  return {
    type: c.type ?? null,
    mime_type: c.mimeType ?? (isObject(c.resource) ? (c.resource.mimeType ?? null) : null),
    inline_size: bytes ? bytes.length : null,
    inline_sha256: bytes && bytes.length > 0 ? createHash("sha256").update(bytes).digest("hex") : null,
    has_blob_handle: typeof meta.a2c_blob_handle === "string" && meta.a2c_blob_handle !== "",
    handle_total_size: meta.a2c_total_size ?? null,
    handle_sha256: meta.a2c_sha256 ?? null,
  };
}

/** Planted credentials whose bearer fingerprint some MCP server's record shows (the MCP server is where they may go). */
function credentialsDelivered(evidence: ComputerSceneEvidence): number {
  const seen = new Set<string>();
  for (const record of Object.values(isObject(evidence?.mcp) ? evidence.mcp : {}))
    for (const ex of Array.isArray(record?.exchanges) ? record.exchanges : [])
      if (typeof ex?.authorization_sha256 === "string") seen.add(ex.authorization_sha256);
  return (evidence?.planted_secrets ?? []).filter((s) => seen.has(bearerFingerprint(s))).length;
}

/** What every step's error answer disclosed in its details, by step name (details-exposure.ts). */
function errorDetailsExposure(evidence: ComputerSceneEvidence, smcp: readonly WirePacket[]): string[] {
  return stepErrorDetails(evidence, smcp).flatMap(([name, details, request]) =>
    detailsExposure(details, request).map((f) => `${name}: ${f}`),
  );
}

/** Each step answered with an error that has details: its name, those details and the step's request. */
function stepErrorDetails(evidence: ComputerSceneEvidence, smcp: readonly WirePacket[]): Array<[string, unknown, unknown]> {
  return (evidence?.steps ?? []).flatMap((s): Array<[string, unknown, unknown]> => {
    const name = s?.step ? stepName(s.step) : undefined;
    if (name === undefined || s.ack_id === undefined) return [];
    const ack = smcp.find((p) => p.dir === "in" && p.type === "ack" && p.ack_id === s.ack_id && p.conn === s.conn);
    const details = errorDetailsOf(ack?.args?.[0]);
    return details === undefined ? [] : [[name, details, s.request]];
  });
}

/** SMCPTool.meta.a2c_tool_meta (data-structures.md, SMCPTool.meta: JSON text) parsed, its null fields dropped: an SDK writing absent fields as null says the same. */
function a2cToolMetaOf(meta: unknown): Record<string, unknown> | null {
  const raw = isObject(meta) ? meta.a2c_tool_meta : undefined;
  let value: unknown = raw;
  if (typeof raw === "string")
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  return isObject(value) ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null)) : null;
}
