/**
 * client:get_desktop (computer.md §6, desktop.md): the window:// resources of every mounted server
 * that takes part in the Desktop, read, then organised by the reference library's organizeDesktop (the
 * window filter, skipping empty / invalid / blob-only windows, priority, fullscreen, size). With no
 * window resources the answer is simply `desktops: []`.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { type DesktopWindow, isWindowUri, type JsonObject, organizeDesktop, type WindowContent } from "../src/index.ts";
import type { MountedServer } from "./mcp-fleet.ts";

/** A server paging without end must not hold the answer. */
const MAX_PAGES = 20;

export interface DesktopQuery {
  readonly size: number | null;
  readonly window: string | undefined;
}

/**
 * A server takes part in the Desktop by declaring resources.subscribe (desktop.md, prerequisite;
 * architecture.md: the Computer decides by it whether to enumerate the server's windows).
 */
export function takesPartInDesktop(mounted: MountedServer): boolean {
  return mounted.client.getServerCapabilities()?.resources?.subscribe === true;
}

export async function desktopOf(servers: readonly MountedServer[], history: readonly string[], query: DesktopQuery): Promise<string[]> {
  const perServer = await Promise.all(servers.filter(takesPartInDesktop).map((m) => windowsOf(m, query.window)));
  const request = { windows: perServer.flat(), history, size: query.size, ...(query.window === undefined ? {} : { window: query.window }) };
  return organizeDesktop(request).desktops;
}

/** The window:// URIs the servers list now, sorted and joined: a change of this set is a desktop change (desktop.md). */
export async function windowSetOf(servers: readonly MountedServer[]): Promise<string> {
  const perServer = await Promise.all(
    servers.filter(takesPartInDesktop).map(async (m) => (await listAll(m.client).catch(() => [])).map((r) => r.uri).filter(isWindowUri)),
  );
  return [...new Set(perServer.flat())].sort().join("\n");
}

/** One server's window resources with their contents; a window that cannot be read is skipped, like an empty one. */
async function windowsOf(mounted: MountedServer, wanted: string | undefined): Promise<DesktopWindow[]> {
  const { client, server } = mounted;
  const listed = (await listAll(client).catch(() => [])).filter((r) => isWindowUri(r.uri) && (wanted === undefined || r.uri === wanted));
  const read = await Promise.all(
    listed.map(async (r): Promise<DesktopWindow | null> => {
      const contents = await client.readResource({ uri: r.uri }).then(
        (res) => res.contents.map(contentOf),
        () => null,
      );
      if (contents === null) return null;
      return {
        bundle_id: server.bundleId,
        uri: r.uri,
        annotations: (r.annotations as JsonObject | undefined) ?? null,
        _meta: (r._meta as JsonObject | undefined) ?? null,
        contents: contents.filter((c): c is WindowContent => c !== null),
      };
    }),
  );
  return read.filter((w): w is DesktopWindow => w !== null);
}

async function listAll(client: Client) {
  const resources = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const listed = await client.listResources(cursor === undefined ? {} : { cursor });
    resources.push(...listed.resources);
    cursor = listed.nextCursor;
    if (cursor === undefined) break;
  }
  return resources;
}

function contentOf(content: { text?: unknown; blob?: unknown }): WindowContent | null {
  if (typeof content.text === "string") return { text: content.text };
  if (typeof content.blob === "string") return { blob: content.blob };
  return null;
}
