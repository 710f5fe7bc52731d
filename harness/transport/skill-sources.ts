/**
 * SKILLs a scene serves in the two staging modes besides "resources" (skill.md §3): A "mounted", a
 * package folder on this machine named by the root's `_meta.mount_dir`, and B "archive", a tar.gz
 * the Computer fetches by HTTP GET from `_meta.archive_uri` (served under the case's own prefix),
 * with `archive_sha256` right, absent, or naming other bytes. Each kind is one package of its own
 * name, so several can be served side by side; the roots carry no children. Beside them, "template":
 * a package offered only through a resource template (skill.md §12: a Computer consumes none for
 * SKILLs), `skill://com.example.kit/template-skill/{file}` declaring source "resources", whose
 * SKILL.md reads as a valid one; nothing in resources/list names it. And "mounted_symlink": a
 * mounted package holding two symlinks that leave it (a folder link `escape` and a file link
 * `notes.md`), both to a folder beside the package whose file carries OUTSIDE_PACKAGE_TEXT: a
 * rel_path through either escapes the package root (error-handling.md §4017, reason traversal).
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { SdkModules } from "./sdk-modules.ts";
import { tarGzOf } from "./tar-writer.ts";

export const SKILL_SOURCE_KINDS = ["mounted", "archive", "archive_unsigned", "archive_tampered", "template", "mounted_symlink"] as const;
export type SkillSourceKind = (typeof SKILL_SOURCE_KINDS)[number];

/** The frontmatter name of each kind's package (and the last segment of its root URI). */
export const SOURCE_SKILL_NAMES: Readonly<Record<SkillSourceKind, string>> = {
  mounted: "mounted-skill",
  archive: "archive-skill",
  archive_unsigned: "unsigned-skill",
  archive_tampered: "tampered-skill",
  template: "template-skill",
  mounted_symlink: "symlink-skill",
};

/** The text of the file outside the symlink package: a Computer that serves it read through a link out of the package. */
export const OUTSIDE_PACKAGE_TEXT = "kit-outside-the-package-7d3f: no SKILL file\n";

/** Where a case serves its archives, below its prefix `/c/<id>`. */
export const SKILL_ARCHIVES_PATH = "/skill-archives/";

/** What a case serves for its `skill_sources`: the mounted folder (absolute, real) and each archive by file name. */
export interface SkillSources {
  readonly kinds: readonly SkillSourceKind[];
  readonly mountDir?: string;
  /** The mounted_symlink package's folder (absolute, real). */
  readonly symlinkMountDir?: string;
  readonly archives: ReadonlyMap<string, Buffer>;
  /** The URL archive file names are appended to. */
  readonly archiveBase: string;
  /** The folder to remove when the case closes. */
  readonly scratch?: string;
}

/** The second file of every package. */
export const USAGE_MD = "# usage\n\nAsk for the package's SKILL.md first.\n";

/** The files of one kind's package: SKILL.md with its frontmatter, and references/usage.md. */
export function packageFiles(kind: SkillSourceKind): Record<string, string> {
  const name = SOURCE_SKILL_NAMES[kind];
  return {
    "SKILL.md": `---\nname: ${name}\ndescription: A SKILL the kit serves in ${kind.split("_")[0]} mode\n---\n${sourceSkillBody(kind)}`,
    // A name with a baseline extension (skill.md §6.4): served inline as text by any Computer.
    "references/usage.md": USAGE_MD,
  };
}

/** What a Computer must answer for the package's SKILL.md: its body, frontmatter stripped. */
export function sourceSkillBody(kind: SkillSourceKind): string {
  return `# ${SOURCE_SKILL_NAMES[kind]}\n\nStaged from a ${kind.split("_")[0]} source.\n`;
}

/** Writes the mounted package to a fresh folder and builds the archives; synchronous, as a case opens. */
export function prepareSkillSources(kinds: readonly SkillSourceKind[], caseBaseUrl: string): SkillSources {
  // The template kind needs nothing made: its files are read from packageFiles.
  const archives = new Map<string, Buffer>();
  let mountDir: string | undefined;
  let scratch: string | undefined;
  let symlinkMountDir: string | undefined;
  const scratchDir = () => (scratch ??= realpathSync(mkdtempSync(join(tmpdir(), "smcp-kit-mounted-"))));
  for (const kind of kinds) {
    if (kind === "mounted") mountDir = writePackage(scratchDir(), kind);
    else if (kind === "mounted_symlink") symlinkMountDir = writeSymlinkPackage(scratchDir());
    else if (kind !== "template") archives.set(`${SOURCE_SKILL_NAMES[kind]}.tar.gz`, tarGzOf(packageFiles(kind)));
  }
  return {
    kinds,
    archives,
    archiveBase: `${caseBaseUrl}${SKILL_ARCHIVES_PATH}`,
    ...(mountDir ? { mountDir } : {}),
    ...(symlinkMountDir ? { symlinkMountDir } : {}),
    ...(scratch ? { scratch } : {}),
  };
}

/** Writes one kind's package files into `<scratch>/<its name>`; returns that folder. */
function writePackage(scratch: string, kind: SkillSourceKind): string {
  const dir = join(scratch, SOURCE_SKILL_NAMES[kind]);
  for (const [rel, text] of Object.entries(packageFiles(kind))) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

/** The symlink package: its files, a folder beside it, and two links into that folder (one relative, one absolute). */
function writeSymlinkPackage(scratch: string): string {
  const dir = writePackage(scratch, "mounted_symlink");
  const outside = join(scratch, "outside-of-package");
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, "secret.md"), OUTSIDE_PACKAGE_TEXT);
  symlinkSync("../outside-of-package", join(dir, "escape"), "dir");
  symlinkSync(join(outside, "secret.md"), join(dir, "notes.md"), "file");
  return dir;
}

/** The _meta of each kind's root (skill.md §3's fields for its mode). */
function rootMeta(kind: SkillSourceKind, sources: SkillSources): Record<string, unknown> {
  if (kind === "mounted") return { source: "mounted", mount_dir: sources.mountDir };
  if (kind === "mounted_symlink") return { source: "mounted", mount_dir: sources.symlinkMountDir };
  const file = `${SOURCE_SKILL_NAMES[kind]}.tar.gz`;
  const bytes = sources.archives.get(file) ?? Buffer.alloc(0);
  const meta: Record<string, unknown> = { source: "archive", archive_uri: `${sources.archiveBase}${file}`, archive_format: "tar.gz" };
  if (kind === "archive") meta["archive_sha256"] = createHash("sha256").update(bytes).digest("hex");
  // A digest of other bytes: what a Computer must catch before unpacking.
  if (kind === "archive_tampered") meta["archive_sha256"] = createHash("sha256").update("not the archive").digest("hex");
  return meta;
}

/** Lists each kind's root on a v2 server instance; reading a root gives a one-line declaration. */
export function registerSkillSources(
  sdk: SdkModules,
  server: InstanceType<SdkModules["server"]["McpServer"]>,
  sources: SkillSources,
): void {
  for (const kind of sources.kinds) {
    const name = SOURCE_SKILL_NAMES[kind];
    const uri = `skill://com.example.kit/${name}`;
    if (kind === "template") {
      registerTemplateSkill(sdk, server, uri);
      continue;
    }
    server.registerResource(name, uri, { mimeType: "text/markdown", _meta: rootMeta(kind, sources) }, async () => ({
      contents: [{ uri, mimeType: "text/markdown", text: `# ${name}\n` }],
    }));
  }
}

/** The template kind: reading `<root>/<file>` gives that file of the package (SKILL.md, references/usage.md). */
function registerTemplateSkill(sdk: SdkModules, server: InstanceType<SdkModules["server"]["McpServer"]>, root: string): void {
  const files = packageFiles("template");
  server.registerResource(
    SOURCE_SKILL_NAMES.template,
    new sdk.server.ResourceTemplate(`${root}/{file}`, { list: undefined }),
    { mimeType: "text/markdown", _meta: { source: "resources" } },
    async (uri: URL) => ({ contents: [{ uri: uri.href, mimeType: "text/markdown", text: files[uri.href.slice(root.length + 1)] ?? "" }] }),
  );
}

/** The archive a GET of `subpath` (below the case prefix) names, or undefined. */
export function archiveAt(sources: SkillSources | undefined, subpath: string): Buffer | undefined {
  if (!sources || !subpath.startsWith(SKILL_ARCHIVES_PATH)) return undefined;
  return sources.archives.get(subpath.slice(SKILL_ARCHIVES_PATH.length));
}

export async function removeSkillSources(sources: SkillSources | undefined): Promise<void> {
  if (sources?.scratch) await rm(sources.scratch, { recursive: true, force: true });
}
