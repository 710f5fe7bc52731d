/**
 * Load-time diagnostics (data-structures.md §去重 no-double-open, §配置诊断): servers are taken in
 * config order; an illegal explicit bundle_id is reported and skipped; a repeated bundle_id keeps
 * the FIRST and reports the rest; within one bundle two tools whose exposed names collide through
 * alias keep the first tool (in the given order) and report the pair. Nothing is dropped silently.
 */
import { resolveBundleId, validateBundleId } from "./bundle-id.ts";
import { exposedToolName } from "./exposed-name.ts";
import { mergeToolMeta } from "./tool-meta.ts";
import type { JsonObject, ServerConfigLike } from "./types.ts";

export interface LoadEntry {
  readonly config: ServerConfigLike;
  /** The tools the server would list (original names), when a vector wants exposed names. */
  readonly tools?: readonly string[];
}

export type LoadDiagnostic =
  | { readonly kind: "invalid_bundle_id"; readonly index: number; readonly reason: string }
  | { readonly kind: "duplicate_bundle_id"; readonly index: number; readonly bundle_id: string; readonly kept_index: number }
  | { readonly kind: "exposed_name_collision"; readonly index: number; readonly exposed_name: string; readonly tools: string[] };

export interface ActiveServer {
  readonly index: number;
  readonly bundle_id: string;
  readonly exposed_names: string[];
}

export interface LoadReport {
  readonly active: ActiveServer[];
  readonly diagnostics: LoadDiagnostic[];
}

export function loadDiagnostics(entries: readonly LoadEntry[]): LoadReport {
  const active: ActiveServer[] = [];
  const diagnostics: LoadDiagnostic[] = [];
  const firstIndex = new Map<string, number>();
  entries.forEach(({ config, tools }, index) => {
    if (config.bundle_id !== undefined && config.bundle_id !== null) {
      const verdict = validateBundleId(config.bundle_id);
      if (!verdict.accepted) {
        diagnostics.push({ kind: "invalid_bundle_id", index, reason: verdict.reason });
        return;
      }
    }
    const bundleId = resolveBundleId(config);
    const kept = firstIndex.get(bundleId);
    if (kept !== undefined) {
      diagnostics.push({ kind: "duplicate_bundle_id", index, bundle_id: bundleId, kept_index: kept });
      return;
    }
    firstIndex.set(bundleId, index);
    active.push({ index, bundle_id: bundleId, exposed_names: exposeTools(bundleId, config, tools ?? [], index, diagnostics) });
  });
  return { active, diagnostics };
}

function exposeTools(
  bundleId: string,
  config: ServerConfigLike,
  tools: readonly string[],
  index: number,
  diagnostics: LoadDiagnostic[],
): string[] {
  const toolMeta = (config["tool_meta"] ?? {}) as Record<string, JsonObject>;
  const fallback = (config["default_tool_meta"] ?? null) as JsonObject | null;
  const owner = new Map<string, string>();
  for (const tool of tools) {
    // Own entries only: a tool named `constructor` or `toString` must not read Object.prototype.
    const own = Object.hasOwn(toolMeta, tool) ? (toolMeta[tool] ?? null) : null;
    const alias = mergeToolMeta(fallback, own)?.["alias"];
    const exposed = exposedToolName(bundleId, tool, typeof alias === "string" ? alias : null);
    const first = owner.get(exposed);
    if (first !== undefined) diagnostics.push({ kind: "exposed_name_collision", index, exposed_name: exposed, tools: [first, tool] });
    else owner.set(exposed, tool);
  }
  return [...owner.keys()];
}
