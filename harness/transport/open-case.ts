/**
 * The one call the runner makes per transport case: prepare the vector's scene, open it on the
 * server, and hand back the case and the adapter's call input. Never throws: a bad vector or a
 * server fault comes back as a problem to record on that case.
 */
import { describeTransportError, TransportError, type TransportErrorCode } from "./errors.ts";
import { type CallToolInput, prepareTransportCase } from "./prepare-case.ts";
import type { OpenCase, SceneServer } from "./scene-server.ts";

export type OpenedTransportCase =
  | { readonly ok: true; readonly case: OpenCase; readonly call: CallToolInput }
  | { readonly ok: false; readonly kind: "invalid_input"; readonly message: string }
  | { readonly ok: false; readonly kind: "server"; readonly code: TransportErrorCode; readonly message: string };

/** Opens the vector's scene as a new case; `hint` makes the case's path readable (e.g. `python-<vector id>`). */
export function openTransportCase(server: SceneServer, vectorInput: unknown, hint: string): OpenedTransportCase {
  const prepared = prepareTransportCase(vectorInput, { caseId: server.newCaseId(hint), baseUrl: server.baseUrl });
  if (!prepared.ok) return { ok: false, kind: "invalid_input", message: prepared.problem };
  try {
    return { ok: true, case: server.openCase(prepared.spec), call: prepared.call };
  } catch (error) {
    if (!(error instanceof TransportError)) throw error;
    return { ok: false, kind: "server", code: error.code, message: describeTransportError(error) };
  }
}
