/**
 * The reference's live Computer, for the `wire.computer` operation (and `transport.call_tool`, one
 * tool call on its MCP side alone): the A2C-SMCP Computer role over
 * real sockets, built on the reference library's data rules (bundle_id, exposed names, ToolMeta,
 * desktop organisation). Loaded on first use (operations.ts), so a run without live operations
 * never loads socket.io-client or the MCP client SDK.
 */
export type { ComputerActInput, ComputerActOutput } from "./acts.ts";
export { runComputerAct } from "./acts.ts";
export { runWireComputer } from "./run.ts";
export type { TransportCallInput, TransportCallOutput } from "./transport-call.ts";
export { runTransportCall } from "./transport-call.ts";
export type { Stage, WireComputerInput, WireComputerOutput, WireServer } from "./wire-call.ts";
