/** The reference Agent (wire.agent): a TypeScript Agent client on socket.io-client. */
export type { WireAgentInput, WireAgentOutput } from "./agent-call.ts";
export { runWireAgent } from "./run.ts";
