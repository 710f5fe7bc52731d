/**
 * `wire.agent` for the reference: a TypeScript Agent on socket.io-client. It joins, runs the script
 * and answers with what each request returned. A flat ErrorPayload ack (error-handling.md: a top-level
 * integer `code` and a `message`) is surfaced as an error with its code; a tool call that times out
 * sends server:tool_call_cancel with the call's req_id and no computer field (data-structures.md
 * §AgentCallData) and returns a CallToolResult with isError and meta.a2c_timeout; a handshake refused
 * with 4008 is raised as a ProtocolVersionError (version-error.ts); a Computer's announcement
 * (enter_office, update_config, update_tool_list, update_skills) makes it ask that Computer again.
 */
import { randomUUID } from "node:crypto";
import type { Socket } from "socket.io-client";
import type { AgentStepInput, StepAnswer, WireAgentInput, WireAgentOutput } from "./agent-call.ts";
import { agentSocket, connected, request } from "./agent-socket.ts";
import { withBlobsRead } from "./blob-read.ts";
import { upload } from "./upload.ts";
import { ProtocolVersionError } from "./version-error.ts";

const DEFAULT_ACK_MS = 10_000;

/** What a tool call the Agent stopped waiting for returns: a CallToolResult marked a2c_timeout (result-level meta). */
const TIMEOUT_RESULT = { content: [{ type: "text", text: "Tool call timeout" }], isError: true, meta: { a2c_timeout: true } };

/** The event each script step sends (events.md §完整事件列表); `wait` sends none. */
export const STEP_EVENTS = {
  get_tools: "client:get_tools",
  get_config: "client:get_config",
  get_desktop: "client:get_desktop",
  list_room: "server:list_room",
  tool_call: "client:tool_call",
  put_blob: "client:put_blob",
  get_skill: "client:get_skill",
  get_blob: "client:get_blob",
  leave: "server:leave_office",
} as const satisfies Record<Exclude<AgentStepInput["do"], "wait">, string>;

export async function runWireAgent(input: WireAgentInput): Promise<WireAgentOutput> {
  const started = performance.now();
  const deadline = started + input.time_box_ms;
  const notifications: Array<{ event: string; data: unknown }> = [];
  const steps: StepAnswer[] = [];
  const socket = agentSocket(input.url);
  socket.onAny((event: string, data: unknown) => {
    if (!event.startsWith("notify:")) return;
    notifications.push({ event, data });
    followUp(socket, input.agent_name, event, data);
  });
  const finish = (partial: Partial<WireAgentOutput>): WireAgentOutput => {
    socket.disconnect();
    return {
      joined: false,
      join_error: null,
      steps,
      notifications,
      raised: null,
      stage: null,
      ...partial,
      elapsed_ms: Math.round((performance.now() - started) * 10) / 10,
    };
  };
  try {
    await connected(socket, Math.max(1, deadline - performance.now()));
  } catch (error) {
    // A 4008 refusal is raised as its own error (agent-socket.ts), after the socket is closed (finish), never retried.
    return finish({ raised: raisedOf(error), stage: "connect" });
  }
  let joinArgs: unknown[];
  try {
    joinArgs = await request(
      socket,
      "server:join_office",
      { role: "agent", name: input.agent_name, office_id: input.office_id },
      DEFAULT_ACK_MS,
    );
  } catch (error) {
    return finish({ raised: raisedOf(error), stage: "join" });
  }
  if (joinArgs[0] !== true)
    return finish({ join_error: typeof joinArgs[1] === "string" ? joinArgs[1] : JSON.stringify(joinArgs), stage: "join" });
  for (const step of input.script) {
    if (performance.now() > deadline) {
      steps.push({ as: step.as, outcome: "skipped", reason: "the time box ended" });
      continue;
    }
    steps.push(await runStep(socket, input, step));
  }
  return finish({ joined: true });
}

/**
 * What the Agent fetches by itself on a notification (events.md §Agent 应该实现; desktop.md §事件流):
 * the tools of a Computer that entered or changed its tools or config, the desktop of one whose
 * desktop changed, the SKILLs of one whose SKILLs changed. Sent and not awaited: the answer only refreshes what the Agent knows.
 */
const FOLLOW_UPS: Readonly<Record<string, string>> = {
  "notify:enter_office": "client:get_tools",
  "notify:update_config": "client:get_tools",
  "notify:update_tool_list": "client:get_tools",
  "notify:update_desktop": "client:get_desktop",
  "notify:update_skills": "client:get_skills",
};

function followUp(socket: Socket, agent: string, event: string, data: unknown): void {
  const fetch = FOLLOW_UPS[event];
  const computer = data !== null && typeof data === "object" ? (data as Record<string, unknown>)["computer"] : undefined;
  if (fetch === undefined || typeof computer !== "string") return;
  request(socket, fetch, { agent, req_id: randomUUID(), computer }, DEFAULT_ACK_MS).catch(() => undefined);
}

async function runStep(socket: Socket, input: WireAgentInput, step: AgentStepInput): Promise<StepAnswer> {
  const computer = step.computer ?? input.computer_name;
  const call = { agent: input.agent_name, req_id: randomUUID() };
  const payload: Record<Exclude<AgentStepInput["do"], "wait" | "leave" | "put_blob">, Record<string, unknown>> = {
    get_tools: { ...call, computer },
    get_config: { ...call, computer },
    get_desktop: { ...call, computer },
    list_room: { ...call, office_id: input.office_id },
    tool_call: { ...call, computer, tool_name: step.tool_name ?? "", params: step.params ?? {}, timeout: step.timeout_s ?? 10 },
    get_skill: { ...call, computer, name: step.name ?? "", ...(step.rel_path !== undefined ? { rel_path: step.rel_path } : {}) },
    get_blob: { ...call, computer, blob_handle: step.blob_handle ?? "", chunk_offset: step.chunk_offset ?? 0 },
  };
  if (step.do === "wait") {
    await new Promise((resolve) => setTimeout(resolve, step.ms ?? 0));
    return { as: step.as, outcome: "ok", value: null };
  }
  if (step.do === "leave") {
    try {
      const args = await request(socket, STEP_EVENTS.leave, { office_id: input.office_id }, DEFAULT_ACK_MS);
      return { as: step.as, outcome: "ok", value: args.length === 1 ? args[0] : args };
    } catch (error) {
      return errorAnswer(step.as, error);
    }
  }
  if (step.do === "put_blob") {
    try {
      const bytes = Buffer.from(step.text ?? "", "utf8");
      const options = {
        ackMs: DEFAULT_ACK_MS,
        ...(step.chunk_size ? { chunkSize: step.chunk_size } : {}),
        ...(step.name_hint ? { nameHint: step.name_hint } : {}),
      };
      return { as: step.as, outcome: "ok", value: await upload(socket, { agent: input.agent_name, computer }, bytes, options) };
    } catch (error) {
      return errorAnswer(step.as, error);
    }
  }
  const timeoutMs = step.do === "tool_call" ? (step.timeout_s ?? 10) * 1000 : DEFAULT_ACK_MS;
  try {
    const [value] = await request(socket, STEP_EVENTS[step.do], payload[step.do], timeoutMs);
    if (isErrorPayload(value))
      return {
        as: step.as,
        outcome: "error",
        error: { type: "ErrorPayload", code: value.code, message: value.message, ...reasonOf(value) },
      };
    if (step.do === "tool_call")
      return {
        as: step.as,
        outcome: "ok",
        value: await withBlobsRead(socket, { agent: input.agent_name, computer }, value, DEFAULT_ACK_MS),
      };
    return { as: step.as, outcome: "ok", value };
  } catch (error) {
    if (step.do !== "tool_call" || (error as Error).name !== "TimeoutError") return errorAnswer(step.as, error);
    // A call the Agent gives up on is cancelled by its req_id, so the Computer can stop it (events.md
    // §server:tool_call_cancel), and its caller gets the timeout result error-handling.md §Agent 端超时 shows.
    socket.emit("server:tool_call_cancel", { agent: input.agent_name, req_id: call.req_id });
    return { as: step.as, outcome: "ok", value: TIMEOUT_RESULT };
  }
}

/** An ErrorPayload's details.reason, kept as it came (4017 / 4018 / 4019 reasons are open enums). */
function reasonOf(payload: { details?: unknown }): { reason?: string } {
  const details = payload.details;
  const reason = details !== null && typeof details === "object" ? (details as Record<string, unknown>).reason : undefined;
  return typeof reason === "string" ? { reason } : {};
}

function isErrorPayload(v: unknown): v is { code: number; message: string; details?: unknown } {
  return (
    v !== null &&
    typeof v === "object" &&
    Number.isInteger((v as { code?: unknown }).code) &&
    typeof (v as { message?: unknown }).message === "string"
  );
}

function errorAnswer(as: string, error: unknown): StepAnswer {
  const e = error as Error & { code?: unknown; reason?: unknown };
  const code = Number.isInteger(e.code) ? (e.code as number) : null;
  // A refusal's details.reason rides on the error (upload.ts), so the caller sees what the Computer said.
  const reason = typeof e.reason === "string" ? { reason: e.reason } : {};
  return { as, outcome: "error", error: { type: e.name ?? "Error", code, message: e.message ?? String(error), ...reason } };
}

function raisedOf(error: unknown): WireAgentOutput["raised"] {
  const e = error as Error;
  const raised = { type: e.name ?? "Error", message: e.message ?? String(error) };
  return error instanceof ProtocolVersionError
    ? { ...raised, version_error: true, server_version: error.server_version, client_version: error.client_version }
    : raised;
}
