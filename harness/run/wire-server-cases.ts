/**
 * Server-under-test cases (`wire.server`): the adapter starts its SDK's own Server and answers with
 * its URL; the harness's scripted Computers and Agents play the vector's scene against it; then the
 * adapter stops it. The start call is the case's request/response; the scene's record (and the stop
 * exchange) join the transcript, so the verdict and `audit` rest on what the clients saw.
 */
import type { Answer, CallResult, Implementation } from "../model/implementation.ts";
import type { Vector } from "../model/vector.ts";
import { answeredStopped, caseSlug, playServerScene, prepareServerScene } from "../wire/index.ts";
import { startSdkServer } from "./sdk-server.ts";

export async function wireServerAnswer(impl: Implementation, vector: Vector, notSent: (message: string) => Answer): Promise<Answer> {
  const prepared = prepareServerScene(vector.input);
  if (!prepared.ok) return notSent(prepared.problem);
  const began = performance.now();
  const { started, running } = await startSdkServer(impl, prepared.spec.time_box_ms, prepared.spec.auth_hook);
  const lines = {
    request: started.transcript.request,
    response: started.transcript.response,
    ...(started.transcript.fault ? { fault: started.transcript.fault } : {}),
  };
  // An answer without a loopback URL and an id is judged as given (its facts then say nothing connected).
  if (!running) return { ...started, transcript: lines };
  const caseId = caseSlug(impl.name, vector.id);
  // The stop is part of the scene: clients a vector keeps through_stop are still connected when it comes.
  let stopped: Answer | undefined;
  const evidence = await playServerScene(running.url, prepared.spec, caseId, async () => {
    stopped = await running.stop();
  });
  stopped ??= await running.stop();
  const unstopped = stopFault(stopped.result);
  return {
    ...started,
    ...(unstopped ? { result: unstopped } : {}),
    // The case took its scene and the stop too, not only the start call (`--durations` ranks by it).
    duration_ms: performance.now() - began,
    transcript: {
      ...lines,
      ...(unstopped ? { fault: { kind: unstopped.kind, detail: unstopped.message } } : {}),
      wire: {
        case_id: caseId,
        evidence: {
          ...evidence,
          stop: { request: stopped.transcript.request, response: stopped.transcript.response, result: stopped.result.kind },
        },
      },
    },
  };
}

/**
 * A stop not answered `{stopped: true}` is the case's fault: the case passed on its scene alone, so
 * an adapter that never stopped its Server (and was restarted, or given up on, over it) ended green.
 * `audit` applies it to the stop's recorded answer too.
 */
export function stopFault(r: CallResult): Extract<CallResult, { kind: "timeout" | "crash" }> | undefined {
  if (r.kind === "ok" && answeredStopped(r.output)) return undefined;
  const what =
    "message" in r && r.message
      ? r.message
      : `its stop answered ${r.kind}: ${JSON.stringify(r.kind === "ok" ? r.output : r).slice(0, 300)}`;
  return { kind: r.kind === "timeout" ? "timeout" : "crash", message: `the Server was not stopped: ${what}` };
}
