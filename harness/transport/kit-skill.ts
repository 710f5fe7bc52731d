/**
 * The SKILL a `skills` scene serves over MCP (skill.md §3 source mode C, "resources"): a root
 * resource declaring `_meta.source = "resources"` and the package's files as sub-resources under its
 * URI. A Computer materialises it and offers it as `mcp:<bundle_id>:kit-skill`. The package holds
 * what the SKILL channel's rules need to show: frontmatter to strip, a placeholder to leave
 * unexpanded, a binary file and an oversized text file (both handed out as blob handles), and a
 * .skillenv the Computer must refuse to serve.
 */
import { createHash } from "node:crypto";
import type { McpServerFactory } from "@modelcontextprotocol/server";
import type { SdkModules } from "./sdk-modules.ts";

export const KIT_SKILL_NAME = "kit-skill";
export const KIT_SKILL_ROOT = `skill://com.example.kit/${KIT_SKILL_NAME}`;
export const KIT_SKILL_DESCRIPTION = "Counts the lines of a text file (a SKILL of the conformance kit's MCP server)";
/** What the Computer must deliver for SKILL.md: the body, frontmatter stripped, placeholder unexpanded. */
export const KIT_SKILL_BODY = "# kit-skill\n\nRun `${TFROBOT_SKILL_DIR}/scripts/count.sh <file>` and report the number it prints.\n";
const SKILL_MD = `---\nname: ${KIT_SKILL_NAME}\ndescription: ${KIT_SKILL_DESCRIPTION}\n---\n${KIT_SKILL_BODY}`;
const UPDATED_SKILL_MD = `---\nname: ${KIT_SKILL_NAME}\ndescription: ${KIT_SKILL_DESCRIPTION}\n---\n${KIT_SKILL_BODY}\nUpdated: count blank lines too.\n`;
/** A 1×1 PNG: binary, so it is served through a blob_handle whatever its size. */
export const KIT_SKILL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
/** 40 000 bytes of text, over the 32 KiB inline budget the page gives as its example. */
export const KIT_SKILL_LARGE_TEXT = "0123456789abcdefghijklmnopqrstuvwxyzABC\n".repeat(1000);
const SCRIPT = '#!/bin/sh\nwc -l < "$1"\n';
/** The value the package's .skillenv sets: a Computer never shows it to an Agent (skill.md §9.1). */
export const KIT_SKILLENV_VALUE = "kit-skillenv-value-never-served";
/** The whole .skillenv file. */
export const KIT_SKILLENV = `KIT_SKILL_TOKEN=${KIT_SKILLENV_VALUE}\n`;

interface KitFile {
  readonly rel: string;
  readonly mimeType: string;
  readonly text?: string;
  readonly blob?: Buffer;
}

const FILES: readonly KitFile[] = [
  { rel: "SKILL.md", mimeType: "text/markdown", text: SKILL_MD },
  { rel: "scripts/count.sh", mimeType: "text/x-sh", text: SCRIPT },
  { rel: "assets/pixel.png", mimeType: "image/png", blob: KIT_SKILL_PNG },
  { rel: "notes/large.txt", mimeType: "text/plain", text: KIT_SKILL_LARGE_TEXT },
  { rel: ".skillenv", mimeType: "text/plain", text: KIT_SKILLENV },
];

/** sha256 (hex) of what a Computer must deliver for one of the package's files. */
export function kitSkillDigest(rel: "SKILL.md" | "assets/pixel.png" | "notes/large.txt"): { size: number; sha256: string } {
  const bytes =
    rel === "SKILL.md" ? Buffer.from(KIT_SKILL_BODY) : rel === "assets/pixel.png" ? KIT_SKILL_PNG : Buffer.from(KIT_SKILL_LARGE_TEXT);
  return { size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
}

/** The SKILL a scene can add while sessions are open (a wire case's `add_skill` step). */
export const LATE_SKILL_NAME = "late-skill";
export const LATE_SKILL_DESCRIPTION = "A SKILL the kit's MCP server gains while the Computer serves";
const LATE_SKILL_ROOT = `skill://com.example.kit/${LATE_SKILL_NAME}`;

/**
 * Adds late-skill (a root and its SKILL.md, mode "resources") to a connected v2 server: the SDK then
 * sends notifications/resources/list_changed on the session's stream, so the SKILL set a Computer
 * sees has changed.
 */
export function addLateSkill(factoryServer: ReturnType<McpServerFactory>): void {
  const server = factoryServer as InstanceType<SdkModules["server"]["McpServer"]>;
  server.registerResource(
    LATE_SKILL_NAME,
    LATE_SKILL_ROOT,
    { mimeType: "text/markdown", _meta: { source: "resources" } },
    async (uri: URL) => ({
      contents: [{ uri: uri.href, mimeType: "text/markdown", text: `# ${LATE_SKILL_NAME}\n` }],
    }),
  );
  const md = `${LATE_SKILL_ROOT}/SKILL.md`;
  const text = `---\nname: ${LATE_SKILL_NAME}\ndescription: ${LATE_SKILL_DESCRIPTION}\n---\n# ${LATE_SKILL_NAME}\n`;
  server.registerResource(`${LATE_SKILL_NAME}/SKILL.md`, md, { mimeType: "text/markdown" }, async () => ({
    contents: [{ uri: md, mimeType: "text/markdown", text }],
  }));
}

/** The server instances whose kit SKILL has the updated SKILL.md (one line added to the body). */
const updatedOn = new WeakSet<object>();

/** Gives a server instance the updated SKILL.md without telling anyone (a session opened after the change). */
export function markKitSkillUpdated(factoryServer: ReturnType<McpServerFactory>): void {
  updatedOn.add(factoryServer);
}

/**
 * Changes kit-skill's SKILL.md on a connected v2 server (a wire case's `update_skill` step) and
 * sends notifications/resources/updated for the SKILL's root URI (skill.md §11.5): the SKILL set
 * stays the same, its content changed.
 */
export async function updateKitSkill(factoryServer: ReturnType<McpServerFactory>): Promise<void> {
  markKitSkillUpdated(factoryServer);
  const server = factoryServer as InstanceType<SdkModules["server"]["McpServer"]>;
  await server.server.sendResourceUpdated({ uri: KIT_SKILL_ROOT });
}

/** The SKILL's registered resources on each server instance, so a scene can take the SKILL away again (dropKitSkill). */
const REGISTERED = new WeakMap<object, Array<{ remove(): void }>>();

/**
 * Removes the kit's SKILL (its root and every file) from a server instance (a wire case's `drop_skill`
 * or `remove_skill` step): an open session is told by notifications/resources/list_changed.
 */
export function dropKitSkill(server: object): void {
  for (const resource of REGISTERED.get(server) ?? []) resource.remove();
  REGISTERED.delete(server);
}

export function registerKitSkill(server: InstanceType<SdkModules["server"]["McpServer"]>): void {
  const registered: Array<{ remove(): void }> = [];
  REGISTERED.set(server, registered);
  const root = server.registerResource(
    KIT_SKILL_NAME,
    KIT_SKILL_ROOT,
    { mimeType: "text/markdown", description: KIT_SKILL_DESCRIPTION, _meta: { source: "resources" } },
    async (uri: URL) => ({ contents: [{ uri: uri.href, mimeType: "text/markdown", text: `# ${KIT_SKILL_NAME}\n` }] }),
  );
  registered.push(root);
  for (const file of FILES) {
    const uri = `${KIT_SKILL_ROOT}/${file.rel}`;
    const text = () => (file.rel === "SKILL.md" && updatedOn.has(server) ? UPDATED_SKILL_MD : (file.text ?? ""));
    const child = server.registerResource(`${KIT_SKILL_NAME}/${file.rel}`, uri, { mimeType: file.mimeType }, async () => ({
      contents: [
        file.blob ? { uri, mimeType: file.mimeType, blob: file.blob.toString("base64") } : { uri, mimeType: file.mimeType, text: text() },
      ],
    }));
    registered.push(child);
  }
}
