/** What the handlers of one live Computer share: its name, its servers, its tool table, its calls in flight. */

import { BlobUploads, UPLOAD_LIMITS, type UploadLimits } from "./blob-upload.ts";
import type { MountedServer } from "./mcp-fleet.ts";
import type { Redact } from "./secrets.ts";
import type { ConfiguredServer } from "./server-config.ts";
import { SkillStore } from "./skill-store.ts";
import { ToolCalls } from "./tool-calls.ts";
import { buildCatalog, type ToolCatalog } from "./tool-catalog.ts";

/** A client:* request: an object, its fields not yet checked. */
export type Request = Readonly<Record<string, unknown>>;

export interface Computer {
  /** The name it joined with: every client:* request must name it (computer.md §3). */
  readonly name: string;
  /** Every configured server after no-double-open, disabled ones included (what get_config shows); an unmount takes one out. */
  configured: readonly ConfiguredServer[];
  /** The servers that are running, by bundle_id (what get_resources and get_desktop reach). */
  readonly mounted: Map<string, MountedServer>;
  /** Rebuilt when a server's tool list changes (get_tools and tool_call always read the current one). */
  catalog: ToolCatalog;
  readonly calls: ToolCalls;
  readonly redact: Redact;
  /** client:put_blob sessions into the landing root (none configured: every upload fails closed). */
  readonly uploads: BlobUploads;
  /** The SKILLs its MCP servers serve as skill:// resources, staged on first use. */
  readonly skills: SkillStore;
}

export function computerOf(
  name: string,
  configured: readonly ConfiguredServer[],
  mounted: readonly MountedServer[],
  redact: Redact,
  landingRoot?: string,
  uploadLimits: UploadLimits = UPLOAD_LIMITS,
  skillMaxBytes?: number,
): Computer {
  const byBundle = new Map(mounted.map((m) => [m.server.bundleId, m]));
  return {
    name,
    configured,
    mounted: byBundle,
    catalog: buildCatalog(mounted),
    calls: new ToolCalls(redact),
    redact,
    uploads: new BlobUploads(landingRoot, uploadLimits),
    skills: new SkillStore(() => [...byBundle.values()], skillMaxBytes),
  };
}

/** Re-aggregates the tool table from the mounted servers' current lists. */
export function refreshCatalog(computer: Computer): void {
  computer.catalog = buildCatalog([...computer.mounted.values()]);
}
