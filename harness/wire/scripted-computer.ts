/**
 * The kit's scripted Computer, written once: what it answers each `client:*` event the Server routes
 * to it, from one answer table (the data-structures shapes), which a scene's vector may override
 * (`tools` it lists, `answers` in place of an event's, events it keeps `silent`). The Agent scene
 * (the kit is the Server and this Computer, agent-scene.ts) and the Server scene (a kit client in
 * front of an SDK's Server, server-scene.ts) both answer through it. Pure.
 */
import type { ClientEventName } from "./events.ts";
import { substitute } from "./script.ts";

/** The tools it lists unless told otherwise (the transport suite's inventory server's, by exposed name). */
export const SCRIPTED_TOOLS: readonly string[] = ["inv__get_inventory", "inv__get_price"];

/** The desktops it shows unless told otherwise: one window of the inventory server, rendered. */
export const SCRIPTED_DESKTOPS: readonly string[] = ["window://com.example.inventory/stock\n\nstock: 3"];

/** What a vector may change of the scripted Computer. */
export interface ScriptedComputerSpec {
  /** The tools `client:get_tools` lists, by exposed name (`<bundle>__<tool>`). */
  readonly tools?: readonly string[];
  /** The desktops `client:get_desktop` shows. */
  readonly desktops?: readonly string[];
  /** An event's whole answer in place of the table's; `{$ref: request/<pointer>}` takes a value of the request (its req_id). */
  readonly answers?: Readonly<Record<string, unknown>>;
  /** Events it never answers (the Agent's own timeout applies). */
  readonly silent?: readonly string[];
}

type Request = Readonly<Record<string, unknown>>;

/** The one answer table: each client:* event the scripted Computer answers, typed by the vocabulary (events.ts). */
const ANSWERS: Partial<Record<ClientEventName, (req: Request, spec: ScriptedComputerSpec) => unknown>> = {
  "client:get_tools": (req, spec) => ({
    tools: (spec.tools ?? SCRIPTED_TOOLS).map((name) => ({
      name,
      bundle_id: name.split("__")[0] ?? name,
      description: "a tool of the kit's scripted Computer",
      params_schema: { type: "object", properties: { sku: { type: "string" } } },
      return_schema: null,
    })),
    req_id: req.req_id,
  }),
  "client:get_config": () => ({ inputs: [], servers: {} }),
  "client:get_desktop": (req, spec) => ({ desktops: spec.desktops ?? SCRIPTED_DESKTOPS, req_id: req.req_id }),
  "client:get_skills": (req) => ({ skills: [], req_id: req.req_id }),
  "client:tool_call": (req) => ({ content: [{ type: "text", text: `ran ${String(req.tool_name)}` }], isError: false }),
};

/** The answer to one routed request, or `silent` when the vector keeps the event unanswered. */
export function scriptedAnswer(
  event: string,
  request: unknown,
  spec: ScriptedComputerSpec = {},
): { readonly silent: true } | { readonly silent: false; readonly answer: unknown } {
  if (spec.silent?.includes(event)) return { silent: true };
  const req = (request !== null && typeof request === "object" && !Array.isArray(request) ? request : {}) as Request;
  if (spec.answers && Object.hasOwn(spec.answers, event))
    return { silent: false, answer: substitute(spec.answers[event], { request: req }) };
  const answer = ANSWERS[event as ClientEventName];
  return {
    silent: false,
    answer: answer ? answer(req, spec) : { code: 404, message: `the kit's Computer has no ${event}`, req_id: req.req_id },
  };
}
