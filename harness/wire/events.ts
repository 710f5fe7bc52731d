/**
 * The A2C-SMCP event vocabulary, defined once: every `client:*`, `server:*` and `notify:*` event of
 * events.md §完整事件列表 with who emits it to whom, its request and answer models (names in
 * vectors/_schema/wire-models.json), what the Server then tells the office, the wire.agent script
 * step that has an Agent send it, and the spec it rests on. Every other table of events is derived
 * from this one or checked against it (tests/wire/event-vocabulary.test.ts); adding an event starts
 * here ("Adding an event" in vectors/README.md). Pure data.
 */

/** A party of the protocol. */
export type Party = "agent" | "computer" | "server";

/**
 * How the receiver answers: with a model (`response`), with the `(ok, message)` tuple of the room
 * events (error-handling.md §事件级错误处理), or not at all (fire-and-forget; notifications).
 */
export type AckKind = "model" | "ok_tuple" | "none";

export interface EventDefinition {
  /** Who emits it. */
  readonly from: readonly Party[];
  /**
   * Who it is for: the party that acts on it. A `client:*` event goes Agent → Server → Computer (the
   * Server routes it by its `computer`); a `server:*` event ends at the Server; a `notify:*` event is
   * broadcast to the office, and `to` names the member that acts on it (events.md §实现要求).
   */
  readonly to: readonly Party[];
  /** The request (or notification payload) model, as the spec's event table names it. */
  readonly request: string;
  /** The model the kit checks the request against when it is stricter than the spec's name. */
  readonly kitRequest?: string;
  readonly ack: AckKind;
  /** The answer's model, for `ack: "model"`. */
  readonly response?: string;
  /** What the Server tells the rest of the office once it handled this `server:*` event. */
  readonly broadcasts?: string;
  /** The wire.agent script step (`do`) that has the Agent under test send this event. */
  readonly agentStep?: string;
  /** events.md's section on the event, and the row of its event table in the kit's spec index (vectors/_spec/<version>/events.yaml). */
  readonly spec: { readonly section: string; readonly row: string };
  /** What it is for, in the kit's words. */
  readonly about: string;
}

const AGENT = ["agent"] as const;
const COMPUTER = ["computer"] as const;
const SERVER = ["server"] as const;
const MEMBER = ["agent", "computer"] as const;

/** Every event, in the order the kit lists them (the Computer's events in the order its scenes and schemas always had them). */
export const SMCP_EVENTS = {
  "client:tool_call": {
    from: AGENT,
    to: COMPUTER,
    request: "ToolCallReq",
    ack: "model",
    response: "CallToolResult",
    agentStep: "tool_call",
    spec: { section: "client:tool_call", row: "events/client-events/1" },
    about:
      "run one tool of the Computer, named by its exposed name; a failing tool is a result with isError, a cancelled one says so in its meta (a2c_cancelled)",
  },
  "client:get_tools": {
    from: AGENT,
    to: COMPUTER,
    request: "GetToolsReq",
    ack: "model",
    response: "GetToolsRet",
    agentStep: "get_tools",
    spec: { section: "client:get_tools", row: "events/client-events/3" },
    about: "the Computer's tools under their exposed names, each with the bundle_id of the server it belongs to",
  },
  "client:get_config": {
    from: AGENT,
    to: COMPUTER,
    request: "GetComputerConfigReq",
    ack: "model",
    response: "GetComputerConfigRet",
    agentStep: "get_config",
    spec: { section: "client:get_config", row: "events/client-events/2" },
    about: "the Computer's inputs and its server configs, keyed by bundle_id",
  },
  "client:get_desktop": {
    from: AGENT,
    to: COMPUTER,
    request: "GetDeskTopReq",
    ack: "model",
    response: "GetDeskTopRet",
    agentStep: "get_desktop",
    spec: { section: "client:get_desktop", row: "events/client-events/4" },
    about: "the desktop organised from the window:// resources, optionally capped or narrowed to one window",
  },
  "client:get_resources": {
    from: AGENT,
    to: COMPUTER,
    request: "GetResourcesReq",
    ack: "model",
    response: "GetResourcesRet",
    spec: { section: "client:get_resources", row: "events/client-events/5" },
    about: "one page of one MCP server's resources/list, passed through unfiltered with its cursor",
  },
  "client:get_skills": {
    from: AGENT,
    to: COMPUTER,
    request: "GetSkillsReq",
    ack: "model",
    response: "GetSkillsRet",
    spec: { section: "client:get_skills", row: "events/client-events/6" },
    about: "the SKILLs the Computer manages, as references without their bodies",
  },
  "client:get_skill": {
    from: AGENT,
    to: COMPUTER,
    request: "GetSkillReq",
    ack: "model",
    response: "GetSkillRet",
    agentStep: "get_skill",
    spec: { section: "client:get_skill", row: "events/client-events/7" },
    about: "one file of a SKILL package: its text inline when small, else a blob handle",
  },
  "client:get_blob": {
    from: AGENT,
    to: COMPUTER,
    request: "GetBlobReq",
    ack: "model",
    response: "GetBlobRet",
    agentStep: "get_blob",
    spec: { section: "client:get_blob", row: "events/client-events/8" },
    about: "one chunk of the bytes a blob handle names",
  },
  "client:put_blob": {
    from: AGENT,
    to: COMPUTER,
    request: "PutBlobReq",
    ack: "model",
    response: "PutBlobRet",
    agentStep: "put_blob",
    spec: { section: "client:put_blob", row: "events/client-events/9" },
    about: "one chunk of an upload into the Computer's landing root; the last one answers where it landed",
  },

  "server:join_office": {
    from: MEMBER,
    to: SERVER,
    request: "EnterOfficeReq",
    ack: "ok_tuple",
    broadcasts: "notify:enter_office",
    spec: { section: "server:join_office", row: "events/server-events/1" },
    about: "enter an office as an Agent or a Computer",
  },
  "server:leave_office": {
    from: MEMBER,
    to: SERVER,
    request: "LeaveOfficeReq",
    ack: "ok_tuple",
    broadcasts: "notify:leave_office",
    agentStep: "leave",
    spec: { section: "server:leave_office", row: "events/server-events/2" },
    about: "leave the office",
  },
  "server:update_config": {
    from: COMPUTER,
    to: SERVER,
    request: "UpdateComputerConfigReq",
    ack: "none",
    broadcasts: "notify:update_config",
    spec: { section: "server:update_config", row: "events/server-events/3" },
    about: "a Computer says its config changed",
  },
  "server:update_tool_list": {
    from: COMPUTER,
    to: SERVER,
    request: "UpdateToolListNotification",
    ack: "none",
    broadcasts: "notify:update_tool_list",
    spec: { section: "server:update_tool_list", row: "events/server-events/4" },
    about: "a Computer says its tool list changed",
  },
  "server:update_desktop": {
    from: COMPUTER,
    to: SERVER,
    request: "UpdateComputerConfigReq",
    ack: "none",
    broadcasts: "notify:update_desktop",
    spec: { section: "server:update_desktop", row: "events/server-events/5" },
    about: "a Computer says its window:// resources changed",
  },
  "server:update_skills": {
    from: COMPUTER,
    to: SERVER,
    request: "UpdateComputerConfigReq",
    ack: "none",
    broadcasts: "notify:update_skills",
    spec: { section: "server:update_skills", row: "events/server-events/6" },
    about: "a Computer says its SKILLs changed, whatever their source",
  },
  "server:tool_call_cancel": {
    from: AGENT,
    to: SERVER,
    request: "AgentCallData",
    // The cancel's AgentCallData names the call by its req_id alone: no computer field (events.md §server:tool_call_cancel).
    kitRequest: "ToolCallCancel",
    ack: "none",
    broadcasts: "notify:tool_call_cancel",
    spec: { section: "server:tool_call_cancel", row: "events/server-events/7" },
    about: "an Agent gives up on a tool call it sent, by that call's req_id; nothing answers it",
  },
  "server:list_room": {
    from: AGENT,
    to: SERVER,
    request: "ListRoomReq",
    ack: "model",
    response: "ListRoomRet",
    agentStep: "list_room",
    spec: { section: "server:list_room", row: "events/server-events/8" },
    about: "an Agent lists the sessions of its office, with the a2c_version each declared",
  },

  "notify:enter_office": {
    from: SERVER,
    to: AGENT,
    request: "EnterOfficeNotification",
    ack: "none",
    spec: { section: "notify:enter_office", row: "events/notify-events/1" },
    about: "someone entered the office; an Agent fetches a new Computer's tools",
  },
  "notify:leave_office": {
    from: SERVER,
    to: AGENT,
    request: "LeaveOfficeNotification",
    ack: "none",
    spec: { section: "notify:leave_office", row: "events/notify-events/2" },
    about: "someone left the office; an Agent drops a departed Computer's tools",
  },
  "notify:update_config": {
    from: SERVER,
    to: AGENT,
    request: "UpdateMCPConfigNotification",
    ack: "none",
    spec: { section: "notify:update_config", row: "events/notify-events/3" },
    about: "a Computer's config changed; an Agent may fetch it again",
  },
  "notify:update_tool_list": {
    from: SERVER,
    to: AGENT,
    request: "UpdateToolListNotification",
    ack: "none",
    spec: { section: "notify:update_tool_list", row: "events/notify-events/4" },
    about: "a Computer's tool list changed; an Agent fetches it again",
  },
  "notify:update_desktop": {
    from: SERVER,
    to: AGENT,
    request: "UpdateComputerConfigReq",
    ack: "none",
    spec: { section: "notify:update_desktop", row: "events/notify-events/5" },
    about: "a Computer's desktop changed; an Agent fetches it again",
  },
  "notify:update_skills": {
    from: SERVER,
    to: AGENT,
    request: "UpdateComputerConfigReq",
    ack: "none",
    spec: { section: "notify:update_skills", row: "events/notify-events/6" },
    about: "a Computer's SKILLs changed; an Agent fetches the list again",
  },
  "notify:tool_call_cancel": {
    from: SERVER,
    to: COMPUTER,
    request: "AgentCallData",
    ack: "none",
    spec: { section: "notify:tool_call_cancel", row: "events/notify-events/7" },
    about: "stop the tool call with this req_id if it is still running here; an unknown one is ignored",
  },
} as const satisfies Readonly<Record<string, EventDefinition>>;

type Events = typeof SMCP_EVENTS;
export type SmcpEventName = keyof Events;
export type ClientEventName = Extract<SmcpEventName, `client:${string}`>;
export type ServerEventName = Extract<SmcpEventName, `server:${string}`>;
export type NotifyEventName = Extract<SmcpEventName, `notify:${string}`>;
/** The wire.agent script steps that send an event (the script also has `wait`, which sends nothing). */
export type AgentEventStep = {
  [E in SmcpEventName]: Events[E] extends { readonly agentStep: infer S extends string } ? S : never;
}[SmcpEventName];

const NAMES = Object.keys(SMCP_EVENTS) as SmcpEventName[];
const withPrefix = <P extends string>(prefix: P) => NAMES.filter((n): n is Extract<SmcpEventName, `${P}${string}`> => n.startsWith(prefix));

export const CLIENT_EVENT_NAMES: readonly ClientEventName[] = withPrefix("client:");
export const SERVER_EVENT_NAMES: readonly ServerEventName[] = withPrefix("server:");
export const NOTIFY_EVENT_NAMES: readonly NotifyEventName[] = withPrefix("notify:");

export function isSmcpEvent(name: unknown): name is SmcpEventName {
  return typeof name === "string" && Object.hasOwn(SMCP_EVENTS, name);
}

/** The definition of an event (the table's entry, widened to the interface). */
export function eventDefinition(name: SmcpEventName): EventDefinition {
  return SMCP_EVENTS[name];
}

/** The events `party` emits, in the table's order. */
export function eventsFrom(party: Party): SmcpEventName[] {
  return NAMES.filter((n) => eventDefinition(n).from.includes(party));
}

/** The events meant for `party` (what it must or should act on), in the table's order. */
export function eventsTo(party: Party): SmcpEventName[] {
  return NAMES.filter((n) => eventDefinition(n).to.includes(party));
}

/** Each `client:*` event's response model: what a Computer's ack is checked against. */
export const CLIENT_RESPONSE_MODELS: Readonly<Record<ClientEventName, string>> = Object.fromEntries(
  CLIENT_EVENT_NAMES.map((n) => [n, eventDefinition(n).response as string]),
) as Record<ClientEventName, string>;

/** Each `notify:*` event's payload model. */
export const NOTIFY_PAYLOAD_MODELS: Readonly<Record<NotifyEventName, string>> = Object.fromEntries(
  NOTIFY_EVENT_NAMES.map((n) => [n, eventDefinition(n).request]),
) as Record<NotifyEventName, string>;

/** The `server:*` events the Server answers with a model, and that model. */
export const SERVER_ANSWER_MODELS: Readonly<Partial<Record<ServerEventName, string>>> = Object.fromEntries(
  SERVER_EVENT_NAMES.filter((n) => eventDefinition(n).ack === "model").map((n) => [n, eventDefinition(n).response as string]),
);

/** The wire.agent script step → the event it has the Agent send. */
export const AGENT_STEP_EVENTS: Readonly<Record<AgentEventStep, SmcpEventName>> = Object.fromEntries(
  NAMES.flatMap((n) => {
    const step = eventDefinition(n).agentStep;
    return step === undefined ? [] : [[step, n]];
  }),
) as Record<AgentEventStep, SmcpEventName>;

/** Every step of the wire.agent script: one per event an Agent is driven to send, and `wait`. */
export const AGENT_STEP_KINDS: readonly (AgentEventStep | "wait")[] = [...(Object.keys(AGENT_STEP_EVENTS) as AgentEventStep[]), "wait"];
