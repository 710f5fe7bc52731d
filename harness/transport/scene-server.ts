/**
 * The run's MCP server: one node:http server on 127.0.0.1 with a port from the OS, every case
 * under its own path prefix `/c/<case-id>/`, so pipelined cases never share evidence. Starting
 * and binding failures are typed (TransportError); close() leaves no listening socket, no open
 * connection and no timer behind.
 */

import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { BodyBudget } from "./body-budget.ts";
import { TransportError } from "./errors.ts";
import type { CaseEvidence } from "./evidence.ts";
import { CASE_ID_PATTERN, type CaseSpec } from "./scene.ts";
import { SceneCase } from "./scene-case.ts";
import { loadSdk, type SdkModules } from "./sdk-modules.ts";

/** Loopback only: adapters may reach this address and nothing else. */
export const SERVER_HOST = "127.0.0.1";
const STRAYS_KEPT = 20;
const BIND_CODES = new Set(["EADDRINUSE", "EACCES", "EADDRNOTAVAIL", "EPERM"]);

export interface SceneServerOptions {
  /** 0 (the default): a free port from the OS. */
  readonly port?: number;
}

/** A case opened on the server, as its caller sees it. */
export interface OpenCase {
  readonly id: string;
  /** The URL the adapter is given: `http://127.0.0.1:<port>/c/<id>/mcp` (or `/sse`). */
  readonly url: string;
  readonly spec: CaseSpec;
  /** The record so far (a copy). */
  evidence(): CaseEvidence;
  /** Ends the case (held answers, sessions, streams) and returns its final record; later requests to its prefix are strays. */
  close(): Promise<CaseEvidence>;
  /** Adds the price tool (`get_price`) to the case's open MCP sessions, which are told by notifications/tools/list_changed; how many sessions, or null when the mode keeps none (only legacy_sessionful does). */
  addTool(): Promise<number | null>;
  /** Adds a second window (`window://com.example.inventory/orders`) to the case's open sessions, which are told by notifications/resources/list_changed; null as for addTool. */
  addWindow(): Promise<number | null>;
  /** Adds a second SKILL (`skill://com.example.kit/late-skill` and its SKILL.md) to the case's open sessions, told by notifications/resources/list_changed; null as for addTool. */
  addSkill(): Promise<number | null>;
  /** Changes the kit SKILL's SKILL.md in the case's open sessions and sends notifications/resources/updated for its root URI; null as for addTool. */
  updateSkill(): Promise<number | null>;
  /** Adds kit://inventory/notes (no window) to the case's open sessions, told by notifications/resources/list_changed; null as for addTool. */
  addNote(): Promise<number | null>;
  /** Removes the kit's SKILL resources (`skill://com.example.kit/kit-skill` and its files) from the case's open sessions, told by notifications/resources/list_changed; null as for addTool. */
  dropSkill(): Promise<number | null>;
  /** Changes the stock window's text (WINDOW_TEXT_UPDATED) in the case's open sessions and later ones, and sends them notifications/resources/updated for it; null as for addTool. */
  updateWindow(): Promise<number | null>;
  /** Sends notifications/resources/updated for `uri` on the case's open sessions; null as for addTool. */
  touchResource(uri: string): Promise<number | null>;
  /** How many MCP sessions the client has not ended (initialized, no DELETE, notification stream open or never opened); null when the mode keeps none (only legacy_sessionful does). */
  openSessions(): number | null;
  /** The folder a mounted-mode SKILL's root names as its mount_dir (skill_sources: mounted), else undefined. */
  mountDir(): string | undefined;
}

export interface SceneServer {
  readonly baseUrl: string;
  readonly port: number;
  /** A fresh URL-safe case id, readable from `hint` (e.g. the implementation and the vector id), ending in 96 random bits. */
  newCaseId(hint?: string): string;
  /** Opens a case; an id used before or not URL-safe, a closed server or an SDK refusal is a TransportError. */
  openCase(spec: CaseSpec): OpenCase;
  /**
   * Requests that reached no open case (an unknown or already closed prefix), with the last few
   * (method and path): a client still talking after its case closed, e.g. a stream it reopened.
   */
  strayRequests(): StrayRequests;
  /** Closes every case, every connection and the listening socket. Idempotent. */
  close(): Promise<void>;
}

/** Requests no open case took: in all, the last few, and per closed case (a client still talking after its case closed). */
export interface StrayRequests {
  readonly count: number;
  readonly recent: readonly string[];
  /** By the id of the closed case whose prefix they named: how many, and the last few (method, path, ms after it closed). */
  readonly after_close: Readonly<Record<string, { readonly count: number; readonly recent: readonly string[] }>>;
}

/** Binds `server` to the loopback address; a refused bind is transport.bind_failed. */
function listen(server: Server, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const code = BIND_CODES.has(error.code ?? "") ? "transport.bind_failed" : "transport.start_failed";
      reject(new TransportError(code, `cannot listen on ${SERVER_HOST}:${port}`, { cause: error }));
    };
    server.once("error", onError);
    server.listen(port, SERVER_HOST, () => {
      server.off("error", onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** Starts the server; resolves once it listens. */
export async function startSceneServer(options: SceneServerOptions = {}): Promise<SceneServer> {
  const sdk: SdkModules = await loadSdk();
  const cases = new Map<string, SceneCase>();
  const bodies = new BodyBudget();
  /** Every id ever opened: a closed case's prefix is never reused, so a late request can only be a stray. */
  const used = new Set<string>();
  const strays: { count: number; recent: readonly string[] } = { count: 0, recent: [] };
  /** Late requests per closed case; bounded by the cases the run opened and STRAYS_KEPT each. */
  const afterClose: Record<string, { count: number; recent: readonly string[] }> = Object.create(null);
  const closedAt = new Map<string, number>();
  let counter = 0;
  let closing: Promise<void> | undefined;

  /** Hands a request to its case, or answers 404 and counts a stray; never lets a request throw into node:http. */
  const route = (req: IncomingMessage, res: ServerResponse) => {
    let url: URL;
    try {
      url = new URL(req.url ?? "/", `http://${SERVER_HOST}`);
    } catch {
      res.writeHead(400, { "content-type": "text/plain" }).end("bad request target");
      return;
    }
    const found = /^\/c\/([^/]+)(?:\/|$)/.exec(url.pathname);
    const scene = found ? cases.get(found[1]!) : undefined;
    if (scene) return void scene.handle(req, res, url);
    strays.count++;
    strays.recent = [...strays.recent, `${req.method} ${url.pathname}`].slice(-STRAYS_KEPT);
    const closedId = found && closedAt.has(found[1]!) ? found[1]! : undefined;
    if (closedId !== undefined) {
      const late = (afterClose[closedId] ??= { count: 0, recent: [] });
      late.count++;
      const ms = Math.round(performance.now() - closedAt.get(closedId)!);
      late.recent = [...late.recent, `${req.method} ${url.pathname}${url.search} (+${ms} ms after the case closed)`].slice(-STRAYS_KEPT);
    }
    req.resume();
    res.writeHead(404, { "content-type": "text/plain" }).end("no such case");
  };

  const server = createServer(route);
  // Node's default. At 1 s, fetch (the reference's MCP client, in this process) read the server's
  // `Keep-Alive: timeout=1` as "do not reuse" and opened a connection per request; in 8 of 25 main
  // jobs one such fresh connection was closed before its request was read ("other side closed" /
  // ECONNRESET), so a reference mount or call failed. With 5 s: none in 26. The exact cause was not
  // pinned down. close() still ends every connection at once.
  server.keepAliveTimeout = 5000;
  const address = await listen(server, options.port ?? 0);
  const baseUrl = `http://${SERVER_HOST}:${address.port}`;

  /** Closes one case and forgets it. */
  const closeCase = async (id: string, scene: SceneCase) => {
    const evidence = await scene.close();
    if (cases.get(id) === scene) cases.delete(id);
    closedAt.set(id, performance.now());
    return evidence;
  };

  return {
    baseUrl,
    port: address.port,
    newCaseId(hint = "case") {
      const slug =
        hint
          .replace(/[^A-Za-z0-9_.-]+/g, "-")
          .replace(/^-+|-+$/g, "")
          .slice(0, 48) || "case";
      // An unguessable tail: one adapter cannot reach into another's open case by counting.
      return `${slug}-${++counter}-${randomBytes(12).toString("base64url")}`;
    },
    openCase(spec) {
      if (closing) throw new TransportError("transport.server_closed", `cannot open case ${spec.id}: the server is closed`);
      if (!CASE_ID_PATTERN.test(spec.id))
        throw new TransportError("transport.case_failed", `case id ${JSON.stringify(spec.id)} is not URL-safe`);
      if (used.has(spec.id)) throw new TransportError("transport.case_failed", `case id ${spec.id} was already used on this server`);
      let scene: SceneCase;
      try {
        scene = new SceneCase(spec, baseUrl, sdk, bodies);
      } catch (cause) {
        throw new TransportError("transport.case_failed", `the SDK refused to serve case ${spec.id}`, { cause });
      }
      cases.set(spec.id, scene);
      used.add(spec.id);
      return {
        id: spec.id,
        url: scene.url,
        spec,
        evidence: () => scene.evidence(),
        close: () => closeCase(spec.id, scene),
        addTool: () => scene.addTool(),
        addWindow: () => scene.addWindow(),
        addSkill: () => scene.addSkill(),
        updateSkill: () => scene.updateSkill(),
        addNote: () => scene.addNote(),
        dropSkill: () => scene.dropSkill(),
        touchResource: (uri) => scene.touchResource(uri),
        updateWindow: () => scene.updateWindow(),
        openSessions: () => scene.openSessions(),
        mountDir: () => scene.skillSources?.mountDir,
      };
    },
    strayRequests: () => ({ count: strays.count, recent: strays.recent, after_close: structuredClone(afterClose) }),
    close() {
      closing ??= (async () => {
        await Promise.all([...cases].map(([id, scene]) => closeCase(id, scene)));
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}
