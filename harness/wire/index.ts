/**
 * The wire suites' Server side: a Socket.IO Server per case (the `socket.io` package, pinned) with
 * the scripted Agent, the record of every packet, and the facts a verdict rests on. See README.md.
 */
export { agentLinesBehind } from "./agent-exchange.ts";
export { type AgentFacts, agentFacts, REQUEST_MODEL, type SurfacedFacts, surfacedOf } from "./agent-facts.ts";
export {
  AGENT_CLOSE_ALLOWANCE_MS,
  type AgentCase,
  type AgentSceneEvidence,
  type AgentSceneSpec,
  type AgentStep,
  agentCallOf,
  openAgentCase,
  prepareAgentScene,
  WIRE_AGENT_OP,
  type WireAgentCall,
} from "./agent-scene.ts";
export { caseSlug } from "./case-id.ts";
export { admittedConns, admittedPart, SEAL_PARAM, secretIn } from "./case-seal.ts";
export { type ConnectionFacts, connectionFacts } from "./client-facts.ts";
export { COMPUTER_ACT_OP, type ComputerActCall, type ComputerActor } from "./computer-act.ts";
export {
  type ComputerCall,
  type ComputerLocation,
  computerBudgetMs,
  computerCallOf,
  computerLocationOf,
  mountsOverStdio,
  type OpenedComputerCase,
  type OpenedMcpCases,
  openComputerCase,
  openMcpCases,
} from "./computer-call.ts";
export type { ComputerScene } from "./computer-case.ts";
// The Computer scene's former names, kept only while modules outside harness/wire (live/, diff/,
// report/) still import them; each is the renamed one above. Remove with their last import.
export type { ComputerSceneEvidence, ComputerStepRecord } from "./computer-evidence.ts";
export { type ComputerFacts, computerFacts, type StepFacts } from "./computer-facts.ts";
export {
  computerComparedValue,
  computerObservedValue,
} from "./computer-observation.ts";
export {
  CLIENT_EVENTS,
  CLOSE_ALLOWANCE_MS,
  type ComputerSceneSpec,
  type ComputerStep,
  prepareComputerScene,
  stepName,
  WIRE_COMPUTER_OP,
} from "./computer-scene.ts";
export { exchangeLines, focusOf, packetLine, packetsBehind, serverLinesBehind } from "./exchange.ts";
export {
  INTEROP_AGENT,
  INTEROP_COMPUTER,
  type InteropEvidence,
  type InteropFacts,
  type InteropSpec,
  interopFacts,
  interopRawStatus,
  prepareInterop,
  type RoleCall,
  WIRE_INTEROP_OP,
} from "./interop.ts";
export { type Blame, blameInteropStep } from "./interop-blame.ts";
export { type KitServer, openKitServer } from "./kit-server.ts";
export { LANDING_LOCK_UNAVAILABLE, landingLockHolds, scriptLocksLanding } from "./landing-root.ts";
export { modelErrors, modelNames } from "./models.ts";
export { QUIET_KINDS, QUIET_WINDOWS, type QuietKind, TRAILING_FACTS } from "./quiet-windows.ts";
export { openRelay, type Relay, type RelayRecord } from "./relay.ts";
export type { WireHandshake, WireIntruder, WirePacket } from "./scene-record.ts";
export { scriptWaitMs } from "./script.ts";
export { SCRIPTED_TOOLS, type ScriptedComputerSpec, scriptedAnswer } from "./scripted-computer.ts";
export { type ServerFacts, serverComparedValue, serverFacts } from "./server-facts.ts";
export { type ServerRelay, serverRelays } from "./server-relay-fidelity.ts";
export {
  type AuthHook,
  answeredStopped,
  type ClientSpec,
  type ConnectRecord,
  playServerScene,
  prepareServerScene,
  type ServerSceneEvidence,
  type ServerSceneSpec,
  type ServerStep,
  STOP_BUDGET_MS,
  serverStartCall,
  serverStepName,
  startCallOf,
  WIRE_SERVER_OP,
} from "./server-scene.ts";
export type { Change, Fidelity } from "./tool-result-fidelity.ts";
