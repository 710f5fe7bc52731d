/**
 * The one call the runner makes per wire case: normalize the vector's scene, open an MCP case per
 * server on the transport suite's MCP server, start the case's Socket.IO Server, and hand back the
 * case and the adapter's call input. Never throws: a bad scene or a server fault is a problem to
 * record on that case.
 */
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import {
  type McpTransport,
  type OpenCase,
  openTransportCase,
  type SceneServer,
  STDIO_TOKEN_ENV,
  type StdioCommand,
  stdioCommandFor,
} from "../transport/index.ts";
import type { ComputerActor } from "./computer-act.ts";
import { type ComputerScene, openComputerScene } from "./computer-case.ts";
import type { ComputerSceneEvidence } from "./computer-evidence.ts";
import {
  CLOSE_ALLOWANCE_MS,
  type ComputerSceneSpec,
  type McpServerScene,
  prepareComputerScene,
  type UploadLimits,
} from "./computer-scene.ts";
import { derivedBundleIdsOf } from "./derived-bundle-id.ts";
import { makeLandingRoot } from "./landing-root.ts";
import { oauthChallenge } from "./oauth-challenge.ts";
import {
  repeatedCredential,
  type SecretInputDeclaration,
  secretInputDeclaration,
  secretInputId,
  secretPlaceholder,
} from "./secret-input.ts";
import { makeUnusableCwd, removeUnusableCwd } from "./unusable-cwd.ts";

/** What the adapter gets (vectors/_schema/ops/wire.computer.json, input). */
export type ComputerCall = {
  readonly url: string;
  readonly office_id: string;
  readonly computer_name: string;
  readonly servers: ReadonlyArray<Record<string, unknown>>;
  readonly time_box_ms: number;
  /** Where the Computer lands client:put_blob uploads (absent: no landing root is configured). */
  readonly landing_root?: string;
  /** The absolute size limit for a SKILL resource the Computer is configured with (absent: the SDK's default). */
  readonly skill_max_bytes?: number;
  /** The deployment's bounds on upload sessions (absent: the SDK's own). */
  readonly upload_limits?: UploadLimits;
  /** Business auth fields the caller hands the SDK's connect (absent: none; the adapter then adds no auth of its own). */
  readonly connect_auth?: Readonly<Record<string, string>>;
  /** The adapter holds its created Computer unstarted until the Server's start act (absent: it starts at once). */
  readonly start_on_act?: true;
  /** Secret inputs the Computer declares (a server with `secret_input`; absent: none). */
  readonly inputs?: readonly SecretInputDeclaration[];
  /** Their values, by input id, which the adapter gives its SDK through the SDK's own input-value API. */
  readonly input_values?: Readonly<Record<string, string>>;
  /** The adapter answers its SDK's input resolver calls by input id (`input_resolutions`), counted through the SDK's resolver hook. */
  readonly count_input_resolutions?: true;
};

export type OpenedComputerCase =
  | { readonly ok: true; readonly case: ComputerScene; readonly call: ComputerCall; readonly spec: ComputerSceneSpec }
  | { readonly ok: false; readonly kind: "invalid_input" | "server"; readonly message: string };

/**
 * Whether a scene's server is mounted over stdio: when its vector pins it so, or when the run asks
 * for stdio and the server is not about HTTP (a scripted HTTP answer, a mode that is an HTTP
 * protocol choice, a pin to streamable HTTP); that one stays on streamable HTTP, and the evidence
 * says which servers went over stdio.
 */
export function mountsOverStdio(server: McpServerScene, transport: McpTransport): boolean {
  if (server.transport !== undefined) return server.transport === "stdio";
  return (
    transport === "stdio" && server.scene === undefined && server.oauth_challenge !== true && STDIO_MODES.has(server.server_mode ?? "dual")
  );
}
const STDIO_MODES: ReadonlySet<string> = new Set(["dual", "legacy_sessionful"]);

export async function openComputerCase(
  mcpServer: SceneServer,
  vectorInput: unknown,
  hint: string,
  transport: McpTransport = "streamable_http",
  actor?: ComputerActor,
): Promise<OpenedComputerCase> {
  const prepared = prepareComputerScene(vectorInput);
  if (!prepared.ok) return { ok: false, kind: "invalid_input", message: prepared.problem };
  const { spec } = prepared;
  const opened = await openMcpCases(mcpServer, spec.servers, hint);
  if (!opened.ok) return opened;
  const { mcp, mcpUrls, secrets, closeAll } = opened;
  let landingRoot: string | undefined;
  const cwds: string[] = [];
  try {
    const stdio: Record<string, StdioCommand> = {};
    for (const s of spec.servers.filter((s) => mountsOverStdio(s, transport))) {
      const command = stdioCommandFor(mcpUrls[s.name] ?? "");
      // A planted cwd (unusable-cwd.ts): the start fails naming a local path the kit chose.
      const cwd = s.unusable_cwd ? await makeUnusableCwd() : undefined;
      if (cwd !== undefined) cwds.push(cwd);
      stdio[s.name] = cwd === undefined ? command : { ...command, cwd };
    }
    if (spec.landing_root) landingRoot = await makeLandingRoot();
    const servers = callServersOf(spec, { mcp_urls: mcpUrls, mcp_stdio: stdio, planted_secrets: secrets });
    const wire = await openComputerScene({
      id: mcpServer.newCaseId(hint),
      spec,
      mcp,
      plantedSecrets: secrets,
      stdio,
      landingRoot,
      derivedBundleIds: derivedBundleIdsOf(servers),
      ...(actor ? { actor } : {}),
    });
    return {
      ok: true,
      case: wire,
      spec,
      call: computerCallOf(spec, {
        url: wire.url,
        office_id: wire.officeId,
        mcp_urls: mcpUrls,
        mcp_stdio: stdio,
        planted_secrets: secrets,
        ...(landingRoot !== undefined ? { landing_root: landingRoot } : {}),
      }),
    };
  } catch (error) {
    await closeAll();
    if (landingRoot !== undefined) await rm(landingRoot, { recursive: true, force: true });
    await Promise.all(cwds.map(removeUnusableCwd));
    return { ok: false, kind: "server", message: `the wire Server could not start: ${(error as Error).message}` };
  }
}

export type OpenedMcpCases =
  | {
      readonly ok: true;
      readonly mcp: Record<string, OpenCase>;
      readonly mcpUrls: Record<string, string>;
      readonly secrets: string[];
      closeAll(): Promise<unknown>;
    }
  | { readonly ok: false; readonly kind: "invalid_input" | "server"; readonly message: string };

/** One MCP case per server of the scene on the transport suite's MCP server; all closed again when one fails. */
export async function openMcpCases(mcpServer: SceneServer, servers: readonly McpServerScene[], hint: string): Promise<OpenedMcpCases> {
  const mcp: Record<string, OpenCase> = {};
  const secrets: string[] = [];
  const closeAll = () => Promise.all(Object.values(mcp).map((c) => c.close()));
  const mcpUrls: Record<string, string> = {};
  // A challenge's secrets go after the credentials: callServersOf hands out the first ones, one per credential.
  const challengeSecrets: string[] = [];
  for (const s of servers) {
    const challenge = s.oauth_challenge ? oauthChallenge() : undefined;
    if (challenge) challengeSecrets.push(...challenge.secrets);
    const scene = s.scene ?? challenge?.scene;
    const opened = openTransportCase(
      mcpServer,
      {
        transport: "streamable_http",
        server_name: s.name,
        ...(s.server_mode ? { server_mode: s.server_mode } : {}),
        ...(s.window ? { window: true } : {}),
        ...(s.skills ? { skills: true } : {}),
        ...(s.images ? { images: true } : {}),
        ...(s.played_tools?.length ? { played_tools: s.played_tools } : {}),
        ...(s.paged ? { paged: true } : {}),
        ...(s.played_resources?.length ? { played_resources: s.played_resources } : {}),
        // A server serving a window takes part in the Desktop, so it declares the prerequisite unless told not to.
        ...((s.subscribe ?? s.window) ? { subscribe: true } : {}),
        ...(s.templates ? { templates: true } : {}),
        ...(s.skill_sources?.length ? { skill_sources: s.skill_sources } : {}),
        ...(s.bundle_id ? { bundle_id: s.bundle_id } : {}),
        ...(scene ? { scene } : {}),
      },
      `${hint}-${s.name}`,
    );
    if (!opened.ok) {
      await closeAll();
      return {
        ok: false,
        kind: opened.kind === "invalid_input" ? "invalid_input" : "server",
        message: `servers/${s.name}: ${opened.message}`,
      };
    }
    mcp[s.name] = opened.case;
    mcpUrls[s.name] = opened.call.url;
    if (s.credential) secrets.push(`kit-secret-${randomBytes(12).toString("hex")}`);
  }
  secrets.push(...challengeSecrets);
  return { ok: true, mcp, mcpUrls, secrets, closeAll };
}

/** Where a case's scene ran: what the harness filled in (all of it recorded in the case's evidence). */
export interface ComputerLocation {
  readonly url: string;
  readonly office_id: string;
  readonly mcp_urls: Readonly<Record<string, string>>;
  /** The servers mounted over stdio (the kit's bridge to the server at mcp_urls), by name; absent: none. */
  readonly mcp_stdio?: Readonly<Record<string, StdioCommand>>;
  /** One per server with `credential`, in the order of the servers; then an `oauth_challenge`'s (never handed to the Computer). */
  readonly planted_secrets: readonly string[];
  readonly landing_root?: string;
}

/** The adapter's call for a scene at a location. Pure, so `audit` rebuilds it from the vector and the evidence. */
export function computerCallOf(spec: ComputerSceneSpec, at: ComputerLocation): ComputerCall {
  return {
    url: at.url,
    office_id: at.office_id,
    computer_name: spec.computer_name,
    servers: callServersOf(spec, at),
    time_box_ms: spec.time_box_ms,
    ...(at.landing_root !== undefined ? { landing_root: at.landing_root } : {}),
    ...(spec.skill_max_bytes !== undefined ? { skill_max_bytes: spec.skill_max_bytes } : {}),
    ...(spec.upload_limits !== undefined ? { upload_limits: spec.upload_limits } : {}),
    ...(spec.connect_auth !== undefined ? { connect_auth: spec.connect_auth } : {}),
    ...(spec.start_on_act ? { start_on_act: true } : {}),
    ...secretInputsOf(spec, at),
    ...(spec.count_input_resolutions ? { count_input_resolutions: true } : {}),
  };
}

/** The declared secret inputs and their values: one per server with `secret_input`, by its credential's index. */
function secretInputsOf(
  spec: ComputerSceneSpec,
  at: Pick<ComputerLocation, "planted_secrets">,
): Pick<ComputerCall, "inputs" | "input_values"> {
  const indexes = spec.servers.filter((s) => s.credential).flatMap((s, n) => (s.secret_input ? [n] : []));
  if (indexes.length === 0) return {};
  return {
    inputs: indexes.map(secretInputDeclaration),
    input_values: Object.fromEntries(indexes.map((n) => [secretInputId(n), at.planted_secrets[n] ?? ""])),
  };
}

/** The call's server configs: what the Computer mounts, known before the case's Server opens. */
function callServersOf(
  spec: ComputerSceneSpec,
  at: Pick<ComputerLocation, "mcp_urls" | "mcp_stdio" | "planted_secrets">,
): Array<Record<string, unknown>> {
  let secret = 0;
  return spec.servers.map((s) => {
    const n = secret;
    const plantedValue = s.credential ? at.planted_secrets[secret++] : undefined;
    // A secret input's config names the value; the SDK resolves it from the call's input_values.
    const planted = plantedValue !== undefined && s.secret_input ? secretPlaceholder(n) : plantedValue;
    const stdio = at.mcp_stdio?.[s.name];
    // The same input named again, in further values of the same map (only with secret_input).
    const copies = planted !== undefined && s.input_repeated ? repeatedCredential(planted, stdio !== undefined) : {};
    // A planted credential goes where a real one would: a header for HTTP, the environment for stdio.
    const connection = stdio
      ? {
          type: "stdio",
          command: stdio.command,
          args: stdio.args,
          ...(stdio.cwd !== undefined ? { cwd: stdio.cwd } : {}),
          ...(planted !== undefined ? { env: { [STDIO_TOKEN_ENV]: planted, ...copies } } : {}),
        }
      : {
          type: "streamable_http",
          url: at.mcp_urls[s.name] ?? "",
          ...(planted !== undefined ? { headers: { Authorization: `Bearer ${planted}`, ...copies } } : {}),
        };
    return {
      name: s.display_name ?? s.name,
      ...connection,
      ...(s.bundle_id !== undefined ? { bundle_id: s.bundle_id } : {}),
      ...(s.disabled !== undefined ? { disabled: s.disabled } : {}),
      ...(s.forbidden_tools !== undefined ? { forbidden_tools: s.forbidden_tools } : {}),
      ...(s.tool_meta !== undefined ? { tool_meta: s.tool_meta } : {}),
      ...(s.mount_later ? { mount_later: true } : {}),
    };
  });
}

/** The location a recorded case ran at, read back from its evidence. */
export function computerLocationOf(evidence: ComputerSceneEvidence): ComputerLocation {
  return {
    url: evidence.url,
    office_id: evidence.office_id,
    mcp_urls: Object.fromEntries(Object.entries(evidence.mcp ?? {}).map(([name, e]) => [name, e.url])),
    ...(evidence.mcp_stdio ? { mcp_stdio: evidence.mcp_stdio } : {}),
    planted_secrets: evidence.planted_secrets ?? [],
    ...(typeof evidence.landing?.root === "string" ? { landing_root: evidence.landing.root } : {}),
  };
}

/** The case timeout the driver should allow: the adapter's time box plus its close. */
export function computerBudgetMs(call: ComputerCall): number {
  return call.time_box_ms + CLOSE_ALLOWANCE_MS;
}
