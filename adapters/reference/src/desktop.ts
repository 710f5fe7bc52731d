/**
 * Desktop organisation (desktop.md §Desktop 组织策略, §渲染规则, §指定窗口获取, §Window 资源元数据):
 * the window filter first, then step 1 (drop empty, invalid and blob-only windows), step 2 (servers
 * by recent use, then by bundle_id), step 3 (priority descending), step 4 (one fullscreen window per
 * server), step 5 (a global size cap), and rendering as "{URI}\n\n{body}".
 */
import type { WarningKind } from "./reasons.ts";
import { isPlainObject, type JsonObject } from "./types.ts";
import { compareCodePoints } from "./unicode.ts";
import { isWindowUri, parseWindowUri, withoutQuery } from "./window-uri.ts";

export type WindowContent = { readonly text: string } | { readonly blob: string };

export interface DesktopWindow {
  readonly bundle_id: string;
  readonly uri: string;
  readonly annotations?: JsonObject | null;
  readonly _meta?: JsonObject | null;
  readonly contents?: readonly WindowContent[];
}

export interface DesktopRequest {
  readonly windows: readonly DesktopWindow[];
  /** bundle_ids of the tool calls made, oldest first. */
  readonly history?: readonly string[];
  readonly size?: number | null;
  readonly window?: string;
}

export interface Desktop {
  readonly desktops: string[];
  readonly warnings: Array<{ readonly kind: WarningKind }>;
}

interface Placed {
  readonly window: DesktopWindow;
  readonly priority: number;
  readonly fullscreen: boolean;
}

export function organizeDesktop(request: DesktopRequest): Desktop {
  const warnings = new Set<WarningKind>();
  const size = request.size ?? null;
  if (size !== null && size <= 0) return { desktops: [], warnings: [] };
  const wanted = request.window === undefined ? request.windows : request.windows.filter((w) => w.uri === request.window);
  const kept = wanted.filter((w) => keepInStepOne(w, warnings)).map((w) => place(w, warnings));
  const chosen = orderServers(kept, request.history ?? []).flatMap((group) => pickInServer(group));
  const capped = size === null ? chosen : chosen.slice(0, size);
  const desktops = capped.map((p) => render(p.window, warnings));
  return { desktops, warnings: [...warnings].sort(compareCodePoints).map((kind) => ({ kind })) };
}

/** Step 1: contents present and not empty, a valid window URI (a query warns), some text content. */
function keepInStepOne(window: DesktopWindow, warnings: Set<WarningKind>): boolean {
  const contents = window.contents ?? [];
  if (contents.length === 0 || !isWindowUri(window.uri)) return false;
  for (const w of parseWindowUri(window.uri).warnings) warnings.add(w.kind);
  return contents.some((c) => "text" in c);
}

/** Reads the layout metadata: priority (0.0 when missing or invalid), fullscreen, the audience check. */
function place(window: DesktopWindow, warnings: Set<WarningKind>): Placed {
  const annotations = isPlainObject(window.annotations) ? window.annotations : {};
  const meta = isPlainObject(window._meta) ? window._meta : {};
  const audience = annotations["audience"];
  if (audience !== undefined && audience !== null && !(Array.isArray(audience) && audience.includes("assistant")))
    warnings.add("desktop.audience_without_assistant");
  return { window, priority: priorityOf(annotations["priority"], warnings), fullscreen: fullscreenOf(meta["fullscreen"], warnings) };
}

function priorityOf(value: unknown, warnings: Set<WarningKind>): number {
  if (value === undefined || value === null) return 0;
  if (typeof value === "number" && value >= 0 && value <= 1) return value;
  warnings.add("desktop.priority_invalid");
  return 0;
}

function fullscreenOf(value: unknown, warnings: Set<WarningKind>): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "boolean") return value;
  warnings.add("desktop.fullscreen_not_bool");
  return false;
}

/** Step 2: groups by bundle_id; the history's newest end first (first occurrence wins), then by bundle_id. */
function orderServers(windows: readonly Placed[], history: readonly string[]): Placed[][] {
  const groups = new Map<string, Placed[]>();
  for (const p of windows) {
    const group = groups.get(p.window.bundle_id);
    if (group) group.push(p);
    else groups.set(p.window.bundle_id, [p]);
  }
  const recent: string[] = [];
  for (let i = history.length - 1; i >= 0; i--) {
    const id = history[i]!;
    if (groups.has(id) && !recent.includes(id)) recent.push(id);
  }
  const rest = [...groups.keys()].filter((id) => !recent.includes(id)).sort(compareCodePoints);
  return [...recent, ...rest].map((id) => groups.get(id)!);
}

/** Steps 3-4: the first fullscreen window in list order alone, else every window by priority (stable). */
function pickInServer(group: readonly Placed[]): Placed[] {
  const fullscreen = group.find((p) => p.fullscreen);
  if (fullscreen) return [fullscreen];
  return [...group].sort((a, b) => b.priority - a.priority);
}

/** "{URI}\n\n{body}": the URI without its query, the text contents joined by a blank line; blobs skipped. */
function render(window: DesktopWindow, warnings: Set<WarningKind>): string {
  const contents = window.contents ?? [];
  if (contents.some((c) => "blob" in c)) warnings.add("desktop.blob_skipped");
  const texts = contents.flatMap((c) => ("text" in c ? [c.text] : []));
  return `${withoutQuery(window.uri)}\n\n${texts.join("\n\n")}`;
}
