/**
 * The SKILL a `skills` scene serves over MCP (skill.md §3 source mode C, "resources"): a root
 * resource declaring `_meta.source = "resources"` and the package's files as sub-resources under its
 * URI. A Computer materialises it and offers it as `mcp:<bundle_id>:kit-skill`. The package holds
 * what the SKILL channel's rules need to show: frontmatter to strip, a placeholder to leave
 * unexpanded, a binary file and an oversized text file (both handed out as blob handles), and a
 * .skillenv the Computer must refuse to serve.
 */
import { createHash } from "node:crypto";
import type { SdkModules } from "./sdk-modules.ts";

export const KIT_SKILL_NAME = "kit-skill";
export const KIT_SKILL_ROOT = `skill://com.example.kit/${KIT_SKILL_NAME}`;
export const KIT_SKILL_DESCRIPTION = "Counts the lines of a text file (a SKILL of the conformance kit's MCP server)";
/** What the Computer must deliver for SKILL.md: the body, frontmatter stripped, placeholder unexpanded. */
export const KIT_SKILL_BODY = "# kit-skill\n\nRun `${TFROBOT_SKILL_DIR}/scripts/count.sh <file>` and report the number it prints.\n";
const SKILL_MD = `---\nname: ${KIT_SKILL_NAME}\ndescription: ${KIT_SKILL_DESCRIPTION}\n---\n${KIT_SKILL_BODY}`;
/** A 1×1 PNG: binary, so it is served through a blob_handle whatever its size. */
export const KIT_SKILL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
/** 40 000 bytes of text, over the 32 KiB inline budget the page gives as its example. */
export const KIT_SKILL_LARGE_TEXT = "0123456789abcdefghijklmnopqrstuvwxyzABC\n".repeat(1000);
const SCRIPT = '#!/bin/sh\nwc -l < "$1"\n';
const SKILLENV = "KIT_SKILL_TOKEN=kit-skillenv-value-never-served\n";

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
  { rel: ".skillenv", mimeType: "text/plain", text: SKILLENV },
];

/** sha256 (hex) of what a Computer must deliver for one of the package's files. */
export function kitSkillDigest(rel: "SKILL.md" | "assets/pixel.png" | "notes/large.txt"): { size: number; sha256: string } {
  const bytes =
    rel === "SKILL.md" ? Buffer.from(KIT_SKILL_BODY) : rel === "assets/pixel.png" ? KIT_SKILL_PNG : Buffer.from(KIT_SKILL_LARGE_TEXT);
  return { size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
}

/** The SKILL's registered resources on each server instance, so a scene can take the SKILL away again (dropKitSkill). */
const REGISTERED = new WeakMap<object, Array<{ remove(): void }>>();

/** Removes the kit's SKILL from a server instance: an open session is told by notifications/resources/list_changed. */
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
    const child = server.registerResource(`${KIT_SKILL_NAME}/${file.rel}`, uri, { mimeType: file.mimeType }, async () => ({
      contents: [
        file.blob
          ? { uri, mimeType: file.mimeType, blob: file.blob.toString("base64") }
          : { uri, mimeType: file.mimeType, text: file.text ?? "" },
      ],
    }));
    registered.push(child);
  }
}
