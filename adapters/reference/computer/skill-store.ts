/**
 * The SKILL channel from MCP sources (skill.md §3 modes "resources", "mounted", "archive"
 * (skill-materialize.ts), §9 sandbox; computer.md §7;
 * blob-transfer.md §2): each mounted server's skill:// roots declaring `_meta.source = "resources"`
 * are read file by file into a staging folder of this Computer's and registered as
 * `mcp:<bundle_id>:<frontmatter name>`. get_skill serves a file of a registered package after the
 * sandbox checks, inline when it is text within the inline budget, else as an opaque, stateless
 * blob_handle that get_blob resolves again (same checks) on every call.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdir, mkdtemp, readFile, realpath, rename, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, sep } from "node:path";
import { parse as parseYaml } from "yaml";
import type { MountedServer } from "./mcp-fleet.ts";
import { mountDirOf, mountedFiles, unpackArchive } from "./skill-materialize.ts";
import { isSkillName } from "./skill-name.ts";

/** Text up to this many bytes goes inline as `body` (the page's example budget). */
export const INLINE_BUDGET = 32 * 1024;
/** Resources larger than this are refused at mint time (4017 too_large). */
export const TOO_LARGE = 100 * 1024 * 1024;
/** The most bytes one get_blob answer carries. */
export const CHUNK_MAX = 256 * 1024;
const MAX_PAGES = 20;

export interface SkillRef {
  readonly name: string;
  readonly source: string;
  readonly uri: string;
  readonly path: string;
  readonly description: string;
  /** frontmatter allowed-tools as a list of strings (§6); absent when the frontmatter has none. */
  readonly allowed_tools?: readonly string[];
  /** frontmatter metadata, passed through as given. */
  readonly skill_metadata?: Record<string, unknown>;
  /** From the skill:// root's _meta.version, never the frontmatter (§6 note). */
  readonly version?: string;
}

interface Package {
  readonly ref: SkillRef;
  readonly mime: ReadonlyMap<string, string>;
}

/** A file of a package, resolved through the sandbox: the bytes the Agent gets, or why not. */
export type Resolved =
  | { readonly ok: true; readonly relPath: string; readonly mimeType: string; readonly bytes: Buffer }
  | { readonly ok: false; readonly reason: "traversal" | "forbidden" | "not_found" | "unknown_skill" }
  | { readonly ok: false; readonly reason: "too_large"; readonly totalSize: number };

export class SkillStore {
  /**
   * Each mounted server is staged once, on the first request that finds it (concurrent requests
   * share that staging); a staging that failed is tried again by the next request instead of
   * leaving the server without SKILLs for the Computer's life, and a server mounted later is staged
   * when a request first sees it.
   */
  readonly #staged = new Map<MountedServer, Promise<Package[]>>();
  #staging: Promise<string> | undefined;
  readonly #secret = randomBytes(32);

  constructor(
    private readonly servers: () => readonly MountedServer[],
    private readonly maxBytes: number = TOO_LARGE,
  ) {}

  async list(): Promise<SkillRef[]> {
    return [...(await this.#load()).values()].map((p) => p.ref);
  }

  async resolve(name: string, relPath: string): Promise<Resolved> {
    const pkg = (await this.#load()).get(name);
    if (!pkg) return { ok: false, reason: "unknown_skill" };
    // §9: no absolute path, no climbing out; the package root comes from the registry only.
    if (relPath.startsWith("/") || relPath.split("/").some((seg) => seg === "..")) return { ok: false, reason: "traversal" };
    const base = relPath.split("/").at(-1) ?? "";
    if (base === ".skillenv") return { ok: false, reason: "forbidden" };
    // error-handling §4017: the joined path, resolved, must stay inside the package root; a symlink
    // of a mounted package (its root links to mount_dir) that leads out of it is a traversal.
    if (await escapesRoot(pkg.ref.path, relPath)) return { ok: false, reason: "traversal" };
    const mimeType = pkg.mime.get(relPath);
    if (mimeType === undefined) return { ok: false, reason: "not_found" };
    const raw = await readFile(join(pkg.ref.path, relPath)).catch(() => undefined);
    if (!raw) return { ok: false, reason: "not_found" };
    const bytes = relPath === "SKILL.md" ? Buffer.from(bodyOf(raw.toString("utf8"))) : raw;
    if (bytes.length > this.maxBytes) return { ok: false, reason: "too_large", totalSize: bytes.length };
    return { ok: true, relPath, mimeType, bytes };
  }

  /** An opaque handle naming the package file, signed so it cannot be forged or edited. */
  mint(name: string, relPath: string): string {
    const payload = Buffer.from(JSON.stringify([name, relPath])).toString("base64url");
    return `${payload}.${this.#sign(payload)}`;
  }

  /** The package file a handle names, or null when it is not one this Computer minted. */
  opened(handle: string): { name: string; relPath: string } | null {
    const [payload, mac, extra] = handle.split(".");
    if (!payload || !mac || extra !== undefined) return null;
    const want = Buffer.from(this.#sign(payload));
    if (want.length !== Buffer.byteLength(mac) || !timingSafeEqual(want, Buffer.from(mac))) return null;
    try {
      const [name, relPath] = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as [string, string];
      return typeof name === "string" && typeof relPath === "string" ? { name, relPath } : null;
    } catch {
      return null;
    }
  }

  /**
   * A server's resource list changed (skill.md §8.1): its SKILLs are staged again from what it lists
   * now, so a SKILL it took away is gone from the registry and its handles no longer resolve
   * (blob-transfer.md §2). Whether the registry's set of names changed; a server never staged is
   * left to the next request.
   */
  async restage(mounted: MountedServer): Promise<boolean> {
    if (!this.#staged.has(mounted)) return false;
    const before = (await this.list()).map((r) => r.name).join("\n");
    this.#staged.delete(mounted);
    return (await this.list()).map((r) => r.name).join("\n") !== before;
  }

  async close(): Promise<void> {
    const staging = await this.#staging?.catch(() => undefined);
    if (staging) await rm(staging, { recursive: true, force: true });
  }

  #sign(payload: string): string {
    return createHmac("sha256", this.#secret).update(payload).digest("base64url");
  }

  /** Every mounted server's SKILLs, first server first on a name clash; a SKILL that fails to stage is left out. */
  async #load(): Promise<Map<string, Package>> {
    const packages = new Map<string, Package>();
    for (const mounted of this.servers()) {
      for (const pkg of await this.#stageOnce(mounted)) if (!packages.has(pkg.ref.name)) packages.set(pkg.ref.name, pkg);
    }
    return packages;
  }

  #stageOnce(mounted: MountedServer): Promise<Package[]> {
    let staged = this.#staged.get(mounted);
    if (!staged) {
      this.#staging ??= mkdtemp(join(tmpdir(), "smcp-ref-skills-"));
      staged = this.#staging.then((dir) => stageServer(mounted, dir));
      this.#staged.set(mounted, staged);
      // Forgotten on failure, so the next request stages this server again.
      staged.catch(() => this.#staged.delete(mounted));
    }
    return staged.catch(() => []);
  }
}

interface Listed {
  readonly uri: string;
  readonly _meta?: Record<string, unknown>;
}

/** Every resource a server lists, page after page (none without the resources capability). */
async function listedOf(client: MountedServer["client"]): Promise<Listed[]> {
  if (!client.getServerCapabilities()?.resources) return [];
  const listed: Listed[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await client.listResources(cursor === undefined ? {} : { cursor });
    listed.push(...(answer.resources as Listed[]));
    cursor = answer.nextCursor;
    if (cursor === undefined) break;
  }
  return listed;
}

/** Whether root/relPath, every symlink resolved, lies outside the root (resolved too); a path that does not resolve does not. */
async function escapesRoot(root: string, relPath: string): Promise<boolean> {
  const [realRoot, target] = await Promise.all([realpath(root), realpath(join(root, relPath))].map((p) => p.catch(() => undefined)));
  return realRoot !== undefined && target !== undefined && target !== realRoot && !target.startsWith(`${realRoot}${sep}`);
}

async function stageServer(mounted: MountedServer, staging: string): Promise<Package[]> {
  const { client, server } = mounted;
  const listed = await listedOf(client);
  const roots = listed.filter((r) => r.uri.startsWith("skill://") && STAGING_MODES.has(r._meta?.["source"]));
  const packages: Package[] = [];
  for (const root of roots) {
    const mode = root._meta?.["source"];
    // Read into a folder of its own first: the package root is named after the frontmatter name (§4), known once SKILL.md is.
    const dir = await mkdtemp(join(staging, "incoming-"));
    // mounted: the package is the mount_dir folder itself, which the package root links to (§3 A).
    const mountDir =
      mode === "mounted"
        ? (() => {
            try {
              return mountDirOf(root._meta ?? {});
            } catch {
              return undefined;
            }
          })()
        : undefined;
    const mime = await (mode === "resources"
      ? readChildren(client, root, listed, dir)
      : mode === "archive"
        ? unpackArchive(root._meta ?? {}, dir)
        : mountDir !== undefined
          ? mountedFiles(mountDir)
          : Promise.reject(new Error("no mount_dir"))
    ).catch(() => undefined);
    const home = mountDir ?? dir;
    const front = mime?.has("SKILL.md") ? frontmatterOf((await readFile(join(home, "SKILL.md"))).toString("utf8")) : undefined;
    const name = `mcp:${server.bundleId}:${front?.name}`;
    // §1.5: a SKILL whose name fails the lexer, or repeats one this server already registered, is left out (§5: so is one that failed to materialise).
    if (!mime || !front || !isSkillName(name) || packages.some((p) => p.ref.name === name)) {
      await rm(dir, { recursive: true, force: true });
      continue;
    }
    const packageRoot = join(staging, "mcp", server.bundleId, front.name);
    await rm(packageRoot, { recursive: true, force: true });
    await mkdir(dirname(packageRoot), { recursive: true });
    if (mountDir !== undefined) {
      await rm(dir, { recursive: true, force: true });
      await symlink(mountDir, packageRoot, "dir");
    } else await rename(dir, packageRoot);
    const version = root._meta?.["version"];
    packages.push({
      ref: {
        name,
        source: `mcp:${server.bundleId}`,
        uri: root.uri,
        path: packageRoot,
        description: front.description,
        ...(front.allowedTools ? { allowed_tools: front.allowedTools } : {}),
        ...(front.metadata ? { skill_metadata: front.metadata } : {}),
        ...(typeof version === "string" ? { version } : {}),
      },
      mime,
    });
  }
  return packages;
}

/** The §3 staging modes this Computer materialises. */
const STAGING_MODES: ReadonlySet<unknown> = new Set(["resources", "mounted", "archive"]);

/** Mode C: each child resource under the root read into `dir` at its relative path; the MIME each was served with. */
async function readChildren(
  client: MountedServer["client"],
  root: Listed,
  listed: readonly Listed[],
  dir: string,
): Promise<Map<string, string>> {
  const files = listed.filter((r) => r.uri.startsWith(`${root.uri}/`) && r._meta?.["source"] === undefined);
  const mime = new Map<string, string>();
  for (const file of files) {
    const rel = file.uri.slice(root.uri.length + 1);
    if (rel.startsWith("/") || rel.split("/").some((s) => s === ".." || s === "" || s === ".")) continue;
    const read = await client.readResource({ uri: file.uri });
    const content = read.contents[0] as { mimeType?: string; text?: string; blob?: string } | undefined;
    if (!content) continue;
    const bytes = typeof content.blob === "string" ? Buffer.from(content.blob, "base64") : Buffer.from(content.text ?? "", "utf8");
    await mkdir(dirname(join(dir, rel)), { recursive: true });
    await writeFile(join(dir, rel), bytes);
    mime.set(rel, content.mimeType ?? "application/octet-stream");
  }
  return mime;
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

interface Frontmatter {
  readonly name: string;
  readonly description: string;
  readonly allowedTools?: string[];
  readonly metadata?: Record<string, unknown>;
}

function frontmatterOf(text: string): Frontmatter | undefined {
  const match = FRONTMATTER.exec(text);
  if (!match) return undefined;
  const data = parseYaml(match[1] ?? "") as Record<string, unknown> | null;
  const name = data?.["name"];
  const description = data?.["description"];
  if (typeof name !== "string" || typeof description !== "string") return undefined;
  const allowed = data?.["allowed-tools"];
  const metadata = data?.["metadata"];
  return {
    name,
    description,
    // A list stays a list (of strings); a single string is one entry.
    ...(allowed === undefined || allowed === null ? {} : { allowedTools: (Array.isArray(allowed) ? allowed : [allowed]).map(String) }),
    ...(metadata !== null && typeof metadata === "object" && !Array.isArray(metadata)
      ? { metadata: metadata as Record<string, unknown> }
      : {}),
  };
}

/** SKILL.md as the Agent gets it: the body, YAML frontmatter stripped, placeholders left as written. */
function bodyOf(text: string): string {
  return text.replace(FRONTMATTER, "");
}

export function sha256Hex(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Text MIME types the inline budget applies to; anything else is binary and always goes by handle. */
export function isTextMime(mime: string): boolean {
  return mime.startsWith("text/") || mime === "application/json" || mime.endsWith("+json") || mime.endsWith("+xml");
}
