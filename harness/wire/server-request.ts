/**
 * What a `wire.server` step sends (pure): the client's join or leave, or a request with the
 * scene's defaults (`agent`, `req_id`), the step's payload laid over them and `omit` removed. A
 * malformed request is part of what a Server is judged on, so a step may also send `payload: null`
 * (the request is null itself: no defaults to lay it over) or `no_payload: true` (the event carries
 * no request at all, only its ack).
 */
import { type RefScope, substitute } from "./script.ts";

/** The keys of a sending step this module reads (server-scene.ts's ServerStep). */
export interface ServerRequestStep {
  readonly send?: string;
  readonly office?: string;
  readonly payload?: Readonly<Record<string, unknown>> | null;
  readonly omit?: readonly string[];
  readonly no_payload?: true;
}

/** Who sends it and what the scene knows: the client's role and name, the office ids, the step's req_id. */
export interface RequestContext {
  readonly role: string;
  readonly name: string;
  readonly reqId: string;
  readonly officeId: (label: string) => string;
  readonly scope: RefScope;
}

/** The event's one argument before its ack, or `{none: true}` for an event sent without one. */
export type ServerRequest = { readonly none: true } | { readonly none?: false; readonly value: unknown };

export function serverRequestOf(step: ServerRequestStep, at: RequestContext): ServerRequest {
  if (step.no_payload) return { none: true };
  if (step.payload === null) return { value: null };
  const payload = substitute(step.payload ?? {}, at.scope) as Record<string, unknown>;
  const defaults =
    step.send === "server:join_office" && step.office !== undefined
      ? { role: at.role, name: at.name, office_id: at.officeId(step.office) }
      : step.send === "server:leave_office" && step.office !== undefined
        ? { office_id: at.officeId(step.office) }
        : { agent: at.name, req_id: at.reqId };
  const request: Record<string, unknown> = { ...defaults, ...payload };
  for (const key of step.omit ?? []) delete request[key];
  return { value: request };
}
