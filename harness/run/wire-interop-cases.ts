/**
 * Interop cases: for one vector and one (Agent, Server, Computer) choice of implementations, start
 * the Server's SDK Server, put the harness's recording relay in front of it, open the MCP servers,
 * start the Computer's SDK Computer on the relay, wait for its join, run the Agent's SDK Agent on
 * the relay, then end the Computer's session and stop the Server. Every adapter exchange and the
 * relay's record go into the evidence; nothing here judges. Never throws.
 */
import type { Answer, Implementation } from "../model/implementation.ts";
import type { InteropRoleName } from "../model/interop.ts";
import type { Vector } from "../model/vector.ts";
import type { SceneServer } from "../transport/index.ts";
import {
  AGENT_CLOSE_ALLOWANCE_MS,
  agentCallOf,
  CLOSE_ALLOWANCE_MS,
  computerCallOf,
  INTEROP_AGENT,
  INTEROP_COMPUTER,
  type InteropEvidence,
  openMcpCases,
  openRelay,
  prepareInterop,
  type RoleCall,
  WIRE_AGENT_OP,
  WIRE_COMPUTER_OP,
} from "../wire/index.ts";
import { startSdkServer } from "./sdk-server.ts";

const JOIN_WAIT_MS = 15_000;

export type InteropRoles = Readonly<Record<InteropRoleName, Implementation>>;

function roleCall(answer: Answer): RoleCall {
  return {
    request: answer.transcript.request,
    response: answer.transcript.response,
    result: answer.result.kind,
    ...(answer.result.kind === "ok" ? { output: answer.result.output } : {}),
    ...("message" in answer.result && answer.result.message ? { message: answer.result.message } : {}),
  };
}

export async function interopEvidence(
  roles: InteropRoles,
  vector: Vector,
  mcpServer: SceneServer,
  caseId: string,
): Promise<InteropEvidence> {
  const names = { agent: roles.agent.name, server: roles.server.name, computer: roles.computer.name };
  const officeId = `office-${caseId}`;
  const base = { kind: "interop" as const, case_id: caseId, roles: names, office_id: officeId, mcp: {} };
  const prepared = prepareInterop(vector.input);
  const noStart: RoleCall = { request: null, response: null, result: "not_run" };
  if (!prepared.ok)
    return { ...base, relay: null, server_start: noStart, server_stop: null, computer: null, agent: null, stopped: prepared.problem };
  const { spec } = prepared;
  // The Server outlives the Computer's and the Agent's time boxes, one after the other.
  const { started, running } = await startSdkServer(roles.server, spec.time_box_ms * 2);
  const serverStart = roleCall(started);
  if (!running)
    return {
      ...base,
      relay: null,
      server_start: serverStart,
      server_stop: null,
      computer: null,
      agent: null,
      stopped: "the Server did not start",
    };
  const stopServer = async () => roleCall(await running.stop());
  const relay = await openRelay(running.url).catch(() => undefined);
  const mcp = await openMcpCases(mcpServer, spec.servers, caseId);
  if (!relay || !mcp.ok) {
    const record = relay ? await relay.close() : null;
    return {
      ...base,
      relay: record,
      server_start: serverStart,
      server_stop: await stopServer(),
      computer: null,
      agent: null,
      stopped: !relay ? "the relay could not start" : `the MCP servers could not open: ${mcp.ok ? "" : mcp.message}`,
    };
  }
  let addedTool: boolean | undefined;
  if (spec.add_tool) {
    const { after, server } = spec.add_tool;
    addedTool = false;
    relay.onAnswered(after, async () => {
      addedTool = (await mcp.mcp[server]?.addTool()) !== undefined;
    });
  }
  const computerCall = computerCallOf(
    { computer_name: INTEROP_COMPUTER, servers: spec.servers, script: [], time_box_ms: spec.time_box_ms },
    { url: relay.url, office_id: officeId, mcp_urls: mcp.mcpUrls, planted_secrets: mcp.secrets },
  );
  const computerDone = roles.computer.call(WIRE_COMPUTER_OP, computerCall, {
    timeoutMs: spec.time_box_ms + CLOSE_ALLOWANCE_MS,
  });
  let agent: RoleCall | null = null;
  let stopped: string | undefined;
  // A Computer whose call ended (it failed, or an interrupt settled it) will not join: stop waiting then.
  let ended: Answer | undefined;
  const joined = await Promise.race([
    relay.joined("computer", JOIN_WAIT_MS),
    computerDone.then((answer) => {
      ended = answer;
      return relay.joined("computer", 0);
    }),
  ]);
  if (joined) {
    const agentCall = agentCallOf(
      { computer_name: INTEROP_COMPUTER, script: spec.script, time_box_ms: spec.time_box_ms },
      { url: relay.url, office_id: officeId, agent_name: INTEROP_AGENT },
    );
    agent = roleCall(await roles.agent.call(WIRE_AGENT_OP, agentCall, { timeoutMs: spec.time_box_ms + AGENT_CLOSE_ALLOWANCE_MS }));
  } else
    stopped = ended
      ? `the Computer's call ended (${ended.result.kind}) before it joined through the Server`
      : `the Computer did not join through the Server within ${JOIN_WAIT_MS} ms`;
  const record = await relay.close();
  const computer = roleCall(await computerDone);
  const mcpRecords = Object.fromEntries(
    await Promise.all(Object.entries(mcp.mcp).map(async ([name, c]) => [name, await c.close()] as const)),
  );
  return {
    ...base,
    relay: record,
    server_start: serverStart,
    server_stop: await stopServer(),
    computer,
    agent,
    mcp: mcpRecords,
    ...(addedTool !== undefined ? { added_tool: addedTool } : {}),
    ...(stopped ? { stopped } : {}),
  };
}
