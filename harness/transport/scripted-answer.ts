/** The scene's own answers, given instead of the SDK's: a status, no answer at all, or a reset. */
import type { IncomingMessage, ServerResponse } from "node:http";
import { NEUTRAL_BODY, type Scene } from "./scene.ts";

/** Writes the scene's status, headers and body (an object body goes out as JSON). */
function answerStatus(scene: Scene, res: ServerResponse): void {
  const headers: Record<string, string> = { ...scene.headers };
  const given = scene.body ?? NEUTRAL_BODY;
  const body = typeof given === "string" ? given : JSON.stringify(given);
  if (typeof given !== "string") headers["content-type"] ??= "application/json";
  res.writeHead(scene.status ?? 500, headers);
  res.end(body);
}

/**
 * Answers a request the scene applies to, unless the scene's answer is the SDK's. `no_answer`
 * writes nothing: the response stays open until the client gives up or the case closes.
 */
export function answerScripted(scene: Scene, req: IncomingMessage, res: ServerResponse): void {
  if (scene.answer === "status") answerStatus(scene, res);
  else if (scene.answer === "reset") req.socket.destroy();
}
