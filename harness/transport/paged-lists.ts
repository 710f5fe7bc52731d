/**
 * A `paged` scene's lists: tools/list and resources/list answered one item per page, every page but
 * the last naming the next in `nextCursor` (MCP pagination). A client that reads only the first page,
 * or a Computer that drops the cursor it should pass on (client:get_resources' next_cursor), then
 * shows. The items and their order are the SDK's own listing, cut into pages.
 */
import type { SdkModules } from "./sdk-modules.ts";

type McpServer = InstanceType<SdkModules["server"]["McpServer"]>;
type Listed = Record<string, unknown>;
type ListHandler = (request: unknown, ctx: unknown) => Promise<Listed>;

/** The list methods a paged scene pages, and the key each result holds its items under. */
const PAGED: ReadonlyArray<readonly ["tools/list" | "resources/list", string]> = [
  ["tools/list", "tools"],
  ["resources/list", "resources"],
];

/** The opaque cursor naming the page that starts at item `index`. */
export function pageCursor(index: number): string {
  return `kit-page-${index}`;
}

/**
 * Replaces the server's tools/list and resources/list handlers (where it has them: call it after
 * every registration) by paged ones over the SDK's own. Tools or resources added later still show:
 * the SDK's handler reads its registry on every call.
 */
export function pageLists(sdk: SdkModules, server: McpServer): void {
  for (const [method, key] of PAGED) {
    // McpServer builds its list handlers itself and offers no page size; its stored handler is
    // reused (a protected accessor of the SDK's Protocol), so each page is exactly the SDK's listing.
    const whole = (server.server as unknown as { _getRequestHandler(m: string): ListHandler | undefined })._getRequestHandler(method);
    if (!whole) continue;
    server.server.removeRequestHandler(method);
    server.server.setRequestHandler(method, async (request, ctx) => {
      const cursor = (request as { params?: { cursor?: unknown } }).params?.cursor;
      const at = cursor === undefined ? 0 : indexOf(cursor);
      if (at === undefined)
        throw new sdk.server.ProtocolError(sdk.server.ProtocolErrorCode.InvalidParams, `unknown cursor ${JSON.stringify(cursor)}`);
      const listed = await whole(request, ctx);
      const items = Array.isArray(listed[key]) ? (listed[key] as unknown[]) : [];
      const page = { ...listed, [key]: items.slice(at, at + 1) };
      return (at + 1 < items.length ? { ...page, nextCursor: pageCursor(at + 1) } : page) as never;
    });
  }
}

/** The item index a cursor of pageCursor's names; undefined for any other value. */
function indexOf(cursor: unknown): number | undefined {
  const found = typeof cursor === "string" ? /^kit-page-([1-9][0-9]{0,5})$/.exec(cursor) : null;
  return found ? Number(found[1]) : undefined;
}
