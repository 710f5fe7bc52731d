/** The scene's own answers, given instead of the SDK's: a status, a JSON-RPC error, no answer at all, or a reset. */
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

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Answers each JSON-RPC request of the body (one, or a batch) with the scene's error, its id
 * echoed, so the client matches it to its call; a body holding only notifications gets 202.
 */
function answerRpcError(scene: Scene, parsed: unknown, res: ServerResponse): void {
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  const answers = messages
    .filter((m) => isObject(m) && typeof m.method === "string" && "id" in m)
    .map((m) => ({ jsonrpc: "2.0", id: (m as { id: unknown }).id, error: scene.error }));
  if (answers.length === 0) {
    res.writeHead(202).end();
    return;
  }
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(Array.isArray(parsed) ? answers : answers[0]));
}

/**
 * Answers a request the scene applies to, unless the scene's answer is the SDK's. `no_answer`
 * writes nothing: the response stays open until the client gives up or the case closes.
 */
export function answerScripted(scene: Scene, req: IncomingMessage, res: ServerResponse, parsed?: unknown): void {
  if (scene.answer === "status") answerStatus(scene, res);
  else if (scene.answer === "rpc_error") answerRpcError(scene, parsed, res);
  else if (scene.answer === "reset") req.socket.destroy();
}
