/**
 * How each live role's case is played in a run (the pure half is the role's, live/roles.ts): its
 * scene opened, the adapter called with that scene's URLs only, the record attached to the answer;
 * and which queue the case waits in. One entry per role.
 */
import type { LiveRoleName } from "../live/role.ts";
import type { Answer, Implementation } from "../model/implementation.ts";
import type { Vector } from "../model/vector.ts";
import { type TransportServer, transportAnswer } from "./transport-cases.ts";
import { wireAgentAnswer } from "./wire-agent-cases.ts";
import { wireAnswer } from "./wire-cases.ts";
import { wireServerAnswer } from "./wire-server-cases.ts";

export interface LivePlayer {
  readonly play: (
    impl: Implementation,
    vector: Vector,
    transport: TransportServer,
    notSent: (message: string) => Answer,
  ) => Promise<Answer>;
  /**
   * `client`: the transport queue (one MCP client at a time unless the handshake declares the op
   * concurrent, transport-cases.ts); `scene`: the wire limit, each case a whole SDK role.
   */
  readonly queue: "client" | "scene";
}

export const LIVE_PLAYERS: Readonly<Record<LiveRoleName, LivePlayer>> = {
  transport: { play: transportAnswer, queue: "client" },
  computer: { play: wireAnswer, queue: "scene" },
  server: { play: (impl, vector, _mcp, notSent) => wireServerAnswer(impl, vector, notSent), queue: "scene" },
  agent: { play: (impl, vector, _mcp, notSent) => wireAgentAnswer(impl, vector, notSent), queue: "scene" },
};
