/** A leg: the SDK serving behind one case, for one server mode. The case records; the leg answers. */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RpcMessage } from "./evidence.ts";
import type { InventoryServes, OnToolRun } from "./inventory-tool.ts";

export interface LegRequest {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** The path below the case's prefix, e.g. `/mcp`. */
  readonly subpath: string;
  readonly query: URLSearchParams;
  /** The body as read (the request stream is drained by then), and its JSON when it parses. */
  readonly raw: Buffer;
  readonly parsed: unknown;
  readonly rpc: readonly RpcMessage[];
  /** Marks the exchange as answered by the harness's own routing, not by the SDK. */
  readonly answeredByHarness: () => void;
}

export interface Leg {
  /** Whether this leg answers `method` on `subpath`; anything else is the harness's 404. */
  serves(method: string, subpath: string): boolean;
  serve(request: LegRequest): Promise<void>;
  /** Ends the leg's sessions, streams and handlers. */
  close(): Promise<void>;
  /** Adds the price tool to every open session (and to later ones); how many sessions were open. Only legs with sessions offer it. */
  addTool?(): Promise<number>;
  /** Adds a second window:// resource to every open session (and to later ones); how many sessions were open. */
  addWindow?(): Promise<number>;
  /** Adds a second SKILL (late-skill: a skill:// root and its SKILL.md) to every open session (and to later ones); how many sessions were open. */
  addSkill?(): Promise<number>;
  /** Changes the kit SKILL's SKILL.md in every open session (and in later ones) and sends resources/updated for its root; how many sessions were open. */
  updateSkill?(): Promise<number>;
  /** Adds a resource that is no window (kit://inventory/notes) to every open session (and to later ones); how many sessions were open. */
  addNote?(): Promise<number>;
  /** Removes the kit's SKILL resources (its root and files) from every open session (and from later ones); how many sessions were open. */
  dropSkill?(): Promise<number>;
  /** Changes the stock window's content in every open session (and in later ones) and sends resources/updated for it; how many sessions were open. */
  updateWindow?(): Promise<number>;
  /** Tells every open session that the resource `uri` changed (notifications/resources/updated); how many sessions were open. */
  touchResource?(uri: string): Promise<number>;
  /**
   * How many MCP sessions the client has not ended: initialized, never closed by a DELETE, and
   * holding their notification stream open (or never having opened one). Only legs with sessions offer it.
   */
  openSessions?(): number;
}

/** A leg's callbacks, and what its server serves besides the inventory tool (CaseSpec's window, skills, images, …). */
export interface LegHooks extends InventoryServes {
  readonly onRun: OnToolRun;
  readonly onError: (error: Error) => void;
}

/**
 * The body to give an SDK transport that takes a pre-parsed body: the JSON, or the raw text when
 * it did not parse (the SDK then refuses it itself); nothing for an empty body.
 */
export function bodyForSdk(request: LegRequest): unknown {
  if (request.parsed !== undefined) return request.parsed;
  return request.raw.length > 0 ? request.raw.toString("utf8") : undefined;
}
