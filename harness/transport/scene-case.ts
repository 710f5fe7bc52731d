/**
 * One case on the server: its path prefix, its scene, its SDK leg and its evidence. Every request
 * under `/c/<id>/` is recorded first, then answered by the scene (when it applies) or the leg.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { BodyBudget } from "./body-budget.ts";
import { CaseHolds } from "./case-holds.ts";
import { CaseRecorder, type ExchangeDraft } from "./case-recorder.ts";
import type { CaseEvidence } from "./evidence.ts";
import type { Leg, LegHooks } from "./leg.ts";
import { tapResponse } from "./response-tap.ts";
import { requestRevision, rpcNotKept, summarizeRpc } from "./rpc-summary.ts";
import { type CaseSpec, caseUrl, type Scene } from "./scene.ts";
import { answerScripted } from "./scripted-answer.ts";
import type { SdkModules } from "./sdk-modules.ts";
import { sessionfulLeg } from "./sessionful-leg.ts";
import { archiveAt, prepareSkillSources, removeSkillSources, type SkillSources } from "./skill-sources.ts";
import { sseLeg } from "./sse-leg.ts";
import { STDIO_FRAMES_PATH } from "./stdio-bridge.ts";
import { streamableLeg } from "./streamable-leg.ts";

const BODY_LIMIT = 4 * 1024 * 1024;

/** The SDK leg a mode runs on. */
function legFor(spec: CaseSpec, prefix: string, sdk: SdkModules, hooks: LegHooks): Leg {
  if (spec.mode === "sse") return sseLeg(prefix, sdk, hooks);
  if (spec.mode === "legacy_sessionful") return sessionfulLeg(sdk, hooks);
  return streamableLeg(spec.mode, sdk, hooks);
}

/** The request body; `too_large` past what the SDK would take anyway; `busy` when the server's budget of bytes held at once is spent. */
async function readBody(req: IncomingMessage, budget: BodyBudget): Promise<{ body: Buffer; held: number } | "too_large" | "busy"> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const n = (chunk as Buffer).length;
    if (size + n > BODY_LIMIT || !budget.take(n)) {
      budget.give(size);
      req.resume(); // the rest is read and dropped, never held
      return size + n > BODY_LIMIT ? "too_large" : "busy";
    }
    size += n;
    chunks.push(chunk as Buffer);
  }
  return { body: Buffer.concat(chunks), held: size };
}

export class SceneCase {
  readonly url: string;
  private readonly prefix: string;
  private readonly recorder: CaseRecorder;
  private readonly holds = new CaseHolds();
  private readonly leg: Leg;
  /** The mounted folder and archives of the case's skill_sources, made as it opens. */
  readonly skillSources: SkillSources | undefined;
  private sceneMatches = 0;
  private closing: Promise<CaseEvidence> | undefined;

  constructor(
    readonly spec: CaseSpec,
    baseUrl: string,
    sdk: SdkModules,
    private readonly bodies: BodyBudget,
  ) {
    this.prefix = `/c/${spec.id}`;
    this.url = caseUrl(baseUrl, spec.id, spec.mode);
    this.recorder = new CaseRecorder(spec, this.url);
    this.skillSources = spec.skill_sources?.length ? prepareSkillSources(spec.skill_sources, `${baseUrl}${this.prefix}`) : undefined;
    this.leg = legFor(spec, this.prefix, sdk, {
      onRun: (run) => this.recorder.recordRun(run),
      onError: (error) => this.recorder.recordSdkError(error),
      ...(spec.window ? { window: true } : {}),
      ...(spec.skills ? { skills: true } : {}),
      ...(spec.images ? { images: true } : {}),
      ...(spec.played_tools ? { played_tools: spec.played_tools } : {}),
      ...(spec.paged ? { paged: true } : {}),
      ...(spec.played_resources ? { played_resources: spec.played_resources } : {}),
      ...(spec.subscribe ? { subscribe: true } : {}),
      ...(spec.templates ? { templates: true } : {}),
      ...(this.skillSources ? { skill_sources: this.skillSources } : {}),
    });
  }

  /** Adds the price tool to the leg's open sessions; null when the mode has no sessions to notify. */
  async addTool(): Promise<number | null> {
    return this.leg.addTool ? this.leg.addTool() : null;
  }

  /** Adds the second window resource to the leg's open sessions; null when the mode has no sessions to notify. */
  async addWindow(): Promise<number | null> {
    return this.leg.addWindow ? this.leg.addWindow() : null;
  }

  /** Adds the late SKILL to the leg's open sessions; null when the mode has no sessions to notify. */
  async addSkill(): Promise<number | null> {
    return this.leg.addSkill ? this.leg.addSkill() : null;
  }

  /** Changes the kit SKILL's content in the leg's open sessions; null when the mode has no sessions to notify. */
  async updateSkill(): Promise<number | null> {
    return this.leg.updateSkill ? this.leg.updateSkill() : null;
  }

  /** Adds a resource that is no window to the leg's open sessions; null as for addTool. */
  async addNote(): Promise<number | null> {
    return this.leg.addNote ? this.leg.addNote() : null;
  }

  /** Takes the kit's SKILL away from the leg's open sessions; null as for addTool. */
  async dropSkill(): Promise<number | null> {
    return this.leg.dropSkill ? this.leg.dropSkill() : null;
  }

  /** Tells the leg's open sessions that `uri` changed (notifications/resources/updated); null as for addTool. */
  async touchResource(uri: string): Promise<number | null> {
    return this.leg.touchResource ? this.leg.touchResource(uri) : null;
  }

  /** Changes the stock window's content in the leg's open sessions and tells them (resources/updated); null as for addTool. */
  async updateWindow(): Promise<number | null> {
    return this.leg.updateWindow ? this.leg.updateWindow() : null;
  }

  /** How many MCP sessions the client has not ended (Leg.openSessions); null when the mode keeps none. */
  openSessions(): number | null {
    return this.leg.openSessions ? this.leg.openSessions() : null;
  }

  /** Whether the scene applies to this request, counting it against `times`. */
  private sceneFor(ex: ExchangeDraft): Scene | undefined {
    const scene = this.spec.scene;
    if (!scene || !ex.rpc.some((m) => m.method !== undefined && scene.on.includes(m.method))) return undefined;
    this.sceneMatches++;
    return scene.times === null || this.sceneMatches <= scene.times ? scene : undefined;
  }

  /** Records one request under the prefix, then answers it: scene, leg, or the harness's 404 / 413. */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    // A stdio bridge's own report of what crossed stdio: evidence beside the exchanges, never an MCP exchange itself.
    if (req.method === "POST" && url.pathname === `${this.prefix}${STDIO_FRAMES_PATH}`) return this.takeStdioFrames(req, res);
    const ex = this.recorder.openExchange(req, url.pathname + url.search);
    tapResponse(
      res,
      ex,
      () => this.recorder.elapsed(),
      (body, bytes) => this.recorder.keepBody(body, bytes),
    );
    this.holds.track(res);
    let held = 0;
    try {
      const subpath = url.pathname.slice(this.prefix.length);
      const method = req.method ?? "GET";
      const archive = method === "GET" ? archiveAt(this.skillSources, subpath) : undefined;
      if (archive) {
        ex.answered_by = "harness";
        res.writeHead(200, { "content-type": "application/gzip", "content-length": String(archive.length) }).end(archive);
        return;
      }
      const read = method === "POST" ? await readBody(req, this.bodies) : { body: Buffer.alloc(0), held: 0 };
      if (typeof read === "string" || !this.leg.serves(method, subpath)) {
        ex.answered_by = "harness";
        const [status, text] =
          read === "too_large"
            ? [413, "body too large"]
            : read === "busy"
              ? [503, "the harness holds too many request bytes at once"]
              : [404, "not served here"];
        res.writeHead(status, { "content-type": "text/plain" }).end(text);
        return;
      }
      held = read.held;
      const raw = read.body;
      if (raw.length > 0) ex.request_body = this.recorder.keepBody(raw);
      let parsed: unknown;
      if (raw.length > 0) {
        try {
          parsed = JSON.parse(raw.toString("utf8"));
          ex.rpc = summarizeRpc(parsed);
          const notKept = rpcNotKept(parsed);
          if (notKept > 0) ex.rpc_not_kept = notKept;
        } catch {
          ex.rpc = [{ kind: "unparseable" }];
        }
      }
      ex.client_revision = requestRevision(ex.request_headers["mcp-protocol-version"], ex.rpc);
      const scene = this.sceneFor(ex);
      if (scene && scene.delay_ms > 0) {
        ex.delay_ms = scene.delay_ms;
        if (!(await this.holds.delay(scene.delay_ms))) return; // the case closed meanwhile: close() ends the response
      }
      if (scene && scene.answer !== "sdk") {
        ex.answered_by = scene.answer;
        answerScripted(scene, req, res, parsed);
        return;
      }
      const answeredByHarness = () => void (ex.answered_by = "harness");
      await this.leg.serve({ req, res, subpath, query: url.searchParams, raw, parsed, rpc: ex.rpc, answeredByHarness });
    } catch (error) {
      ex.front_error = String((error as Error)?.stack ?? error).slice(0, 500);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" }).end("harness front error");
    } finally {
      this.bodies.give(held);
    }
  }

  /** Records a batch of stdio frames (a JSON array) within the body budget; 204, or 400 / 413 in one line. */
  private async takeStdioFrames(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const read = await readBody(req, this.bodies);
    if (typeof read === "string") {
      res.writeHead(read === "too_large" ? 413 : 503, { "content-type": "text/plain" }).end(read);
      return;
    }
    try {
      this.recorder.recordStdioFrames(JSON.parse(read.body.toString("utf8")));
      res.writeHead(204).end();
    } catch {
      res.writeHead(400, { "content-type": "text/plain" }).end("stdio frames must be a JSON array");
    } finally {
      this.bodies.give(read.held);
    }
  }

  /** The record as it stands. */
  evidence(): CaseEvidence {
    return this.recorder.snapshot();
  }

  /** Ends the case: delays cancelled, the leg's sessions closed, open responses ended, the record frozen and returned. */
  close(): Promise<CaseEvidence> {
    this.closing ??= (async () => {
      this.holds.cancelDelays();
      await this.leg.close().catch((error: unknown) => this.recorder.recordSdkError(error));
      await this.holds.endOpen();
      await removeSkillSources(this.skillSources);
      this.recorder.close();
      return this.recorder.snapshot();
    })();
    return this.closing;
  }
}
