/**
 * The one tool every case serves: a read-only lookup in a fixed, synthetic inventory. Registered
 * on the v2 server (streamable HTTP) and on the 1.x server (SSE). The handler reports each run, so
 * the evidence counts what really ran, not what was requested.
 */
import type { McpServerFactory } from "@modelcontextprotocol/server";
import type { ToolRun } from "./evidence.ts";
import { KIT_SKILL_PNG, registerKitSkill } from "./kit-skill.ts";
import { pageLists } from "./paged-lists.ts";
import { registerPlayedResources } from "./played-resources.ts";
import { registerPlayedTools } from "./played-tools.ts";
import type { CaseSpec } from "./scene.ts";
import type { SdkModules } from "./sdk-modules.ts";
import { registerSkillSources, type SkillSources } from "./skill-sources.ts";

export const INVENTORY_TOOL = "get_inventory";
export const INVENTORY_SKUS = ["DEMO-001", "DEMO-002"] as const;
type Sku = (typeof INVENTORY_SKUS)[number];

const INVENTORY: Readonly<Record<Sku, { sku: Sku; label: string; available: number }>> = Object.freeze({
  "DEMO-001": { sku: "DEMO-001", label: "Synthetic notebook", available: 7 },
  "DEMO-002": { sku: "DEMO-002", label: "Synthetic pen", available: 12 },
});

const SERVER_INFO = { name: "smcp-conformance-transport", version: "1.0.0" };
const DESCRIPTION = "Read one item of a fixed synthetic inventory; no external service, no mutation";
const ANNOTATIONS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export type OnToolRun = (run: Omit<ToolRun, "t_ms">) => void;

/** The tool's answer for one item: its JSON as text, and the same as structured content. */
function lookup(sku: Sku) {
  const item = INVENTORY[sku];
  return { content: [{ type: "text" as const, text: JSON.stringify(item) }], structuredContent: { ...item } };
}

/**
 * What a scene's MCP server serves besides the inventory tool, as the case asks (CaseSpec), with its
 * mounted / archive SKILLs already prepared (skill-sources.ts).
 */
export type InventoryServes = Pick<
  CaseSpec,
  "window" | "skills" | "images" | "played_tools" | "paged" | "played_resources" | "subscribe" | "templates"
> & { readonly skill_sources?: SkillSources };

/** A v2 server factory (called per request or per session) whose instances serve the tool. */
export function inventoryFactory(sdk: SdkModules, onRun: OnToolRun, options: InventoryServes = {}): McpServerFactory {
  const { z } = sdk.zod;
  return (ctx) => {
    const server = new sdk.server.McpServer(SERVER_INFO);
    if (options.subscribe) acceptSubscriptions(server);
    if (options.templates) registerItemTemplate(sdk, server);
    if (options.window) registerInventoryResources(server);
    if (options.skills) registerKitSkill(server);
    if (options.skill_sources) registerSkillSources(sdk, server, options.skill_sources);
    if (options.images) registerLabelTool(sdk, server, ctx.era, onRun);
    registerPlayedTools(sdk, server, options.played_tools ?? [], ctx.era, onRun);
    registerPlayedResources(server, options.played_resources ?? []);
    server.registerTool(
      INVENTORY_TOOL,
      { description: DESCRIPTION, inputSchema: z.object({ sku: z.enum(INVENTORY_SKUS) }), annotations: ANNOTATIONS },
      async ({ sku }) => {
        onRun({ era: ctx.era, arguments: { sku } });
        return lookup(sku);
      },
    );
    // Last: the list handlers exist once everything is registered.
    if (options.paged) pageLists(sdk, server);
    return server;
  };
}

/** The resources a `window` scene serves: a window:// one (a Desktop window) and one of another scheme, so a filter would show. */
export const WINDOW_URI = "window://com.example.inventory/stock";
export const README_URI = "kit://inventory/readme";
export const WINDOW_TEXT = "DEMO-001: 7\nDEMO-002: 12";
/** The stock window's text once the scene changed it (a wire case's `update_window` step). */
export const WINDOW_TEXT_UPDATED = "DEMO-001: 6\nDEMO-002: 12";
/** The servers whose stock window shows WINDOW_TEXT_UPDATED: a read answers what the server holds at that moment. */
const updatedWindows = new WeakSet<object>();

/** Changes the stock window's content on a connected v2 server (no notification: the caller sends resources/updated). */
export function markWindowUpdated(server: ReturnType<McpServerFactory>): void {
  updatedWindows.add(server);
}

function registerInventoryResources(server: InstanceType<SdkModules["server"]["McpServer"]>): void {
  server.registerResource(
    "stock",
    WINDOW_URI,
    { mimeType: "text/plain", description: "the synthetic inventory's stock, as a window" },
    async (uri: URL) => ({
      contents: [{ uri: uri.href, mimeType: "text/plain", text: updatedWindows.has(server) ? WINDOW_TEXT_UPDATED : WINDOW_TEXT }],
    }),
  );
  server.registerResource(
    "readme",
    README_URI,
    { mimeType: "text/plain", description: "a note about the synthetic inventory" },
    async (uri: URL) => ({
      contents: [{ uri: uri.href, mimeType: "text/plain", text: "a fixed synthetic inventory" }],
    }),
  );
}

/**
 * A server that takes part in the Desktop declares resources.subscribe (desktop.md, prerequisite):
 * the capability, and an empty answer to resources/subscribe and resources/unsubscribe.
 */
function acceptSubscriptions(server: InstanceType<SdkModules["server"]["McpServer"]>): void {
  server.server.registerCapabilities({ resources: { subscribe: true, listChanged: true } });
  server.server.setRequestHandler("resources/subscribe", async () => ({}));
  server.server.setRequestHandler("resources/unsubscribe", async () => ({}));
}

/** The template a `templates` scene offers: one item of the inventory by sku (resources/templates/list only). */
export const ITEM_TEMPLATE = "kit://inventory/items/{sku}";

function registerItemTemplate(sdk: SdkModules, server: InstanceType<SdkModules["server"]["McpServer"]>): void {
  server.registerResource(
    "item",
    new sdk.server.ResourceTemplate(ITEM_TEMPLATE, { list: undefined }),
    { mimeType: "application/json", description: "one item of the synthetic inventory, by sku" },
    async (uri: URL) => ({ contents: [{ uri: uri.href, mimeType: "application/json", text: "{}" }] }),
  );
}

/** The resource of another scheme a scene can add while sessions are open (a wire case's `add_note` step). */
export const NOTES_URI = "kit://inventory/notes";

/** Adds a kit:// resource (no window) to a connected v2 server, which then sends notifications/resources/list_changed. */
export function addNotesResource(server: ReturnType<McpServerFactory>): void {
  (server as InstanceType<SdkModules["server"]["McpServer"]>).registerResource(
    "notes",
    NOTES_URI,
    { mimeType: "text/plain", description: "notes on the synthetic inventory (not a window)" },
    async (uri: URL) => ({ contents: [{ uri: uri.href, mimeType: "text/plain", text: "no notes" }] }),
  );
}

/** The window a scene can add while sessions are open (a wire case's `add_window` step). */
export const ORDERS_WINDOW_URI = "window://com.example.inventory/orders";

/**
 * Adds the orders window to a connected v2 server: the SDK then sends
 * notifications/resources/list_changed on the session's stream, so the window:// set a Computer
 * sees has changed.
 */
export function addOrdersWindow(server: ReturnType<McpServerFactory>): void {
  (server as InstanceType<SdkModules["server"]["McpServer"]>).registerResource(
    "orders",
    ORDERS_WINDOW_URI,
    { mimeType: "text/plain", description: "open orders of the synthetic inventory, as a window" },
    async (uri: URL) => ({ contents: [{ uri: uri.href, mimeType: "text/plain", text: "no open orders" }] }),
  );
}

/** The tool a scene can add while sessions are open (a wire case's `add_tool` step): the price of one item. */
export const PRICE_TOOL = "get_price";
const PRICES: Readonly<Record<Sku, number>> = Object.freeze({ "DEMO-001": 3.5, "DEMO-002": 1.25 });

/**
 * Adds the price tool to a connected v2 server: the SDK then sends notifications/tools/list_changed
 * on the session's stream, as a real server whose tool set changes does.
 */
export function addPriceTool(sdk: SdkModules, server: ReturnType<McpServerFactory>, era: ToolRun["era"], onRun: OnToolRun): void {
  const { z } = sdk.zod;
  (server as InstanceType<SdkModules["server"]["McpServer"]>).registerTool(
    PRICE_TOOL,
    {
      description: "The list price of one item of the synthetic inventory",
      inputSchema: z.object({ sku: z.enum(INVENTORY_SKUS) }),
      annotations: ANNOTATIONS,
    },
    async ({ sku }: { sku: Sku }) => {
      onRun({ era, arguments: { sku } });
      return { content: [{ type: "text" as const, text: JSON.stringify({ sku, price: PRICES[sku] }) }] };
    },
  );
}

/**
 * The tool an `images` scene adds: an item's label as a text item and a PNG image item, small (70
 * bytes, within any inline budget) or large (40 000 bytes, over a 32 KiB budget, the Python SDK's
 * default: the spec names no number), so a Computer's binary sideband rule for tool results shows
 * (events.md client:tool_call).
 */
export const LABEL_TOOL = "get_label";

function registerLabelTool(
  sdk: SdkModules,
  server: InstanceType<SdkModules["server"]["McpServer"]>,
  era: ToolRun["era"],
  onRun: OnToolRun,
) {
  const { z } = sdk.zod;
  server.registerTool(
    LABEL_TOOL,
    {
      description: "The printed label of one item of the synthetic inventory, as an image",
      inputSchema: z.object({ sku: z.enum(INVENTORY_SKUS), size: z.enum(["small", "large"]) }),
      annotations: ANNOTATIONS,
    },
    async ({ sku, size }: { sku: Sku; size: "small" | "large" }) => {
      onRun({ era, arguments: { sku, size } });
      const image = size === "small" ? KIT_SKILL_PNG : LARGE_LABEL;
      return {
        content: [
          { type: "text" as const, text: `label of ${sku}` },
          { type: "image" as const, data: image.toString("base64"), mimeType: "image/png" },
        ],
      };
    },
  );
}

/** 40 000 bytes: the small PNG's signature, then a fixed byte pattern (only its size and digest matter). */
export const LARGE_LABEL = Buffer.concat([KIT_SKILL_PNG.subarray(0, 8), Buffer.alloc(40_000 - 8, 0x5a)]);

/** A 1.x server serving the tool, for one SSE connection. */
export function inventoryServerV1(sdk: SdkModules, onRun: OnToolRun) {
  const { z } = sdk.zod;
  const server = new sdk.v1Mcp.McpServer(SERVER_INFO);
  server.registerTool(
    INVENTORY_TOOL,
    { description: DESCRIPTION, inputSchema: { sku: z.enum(INVENTORY_SKUS) }, annotations: ANNOTATIONS },
    async ({ sku }) => {
      onRun({ era: "sse", arguments: { sku } });
      return lookup(sku);
    },
  );
  return server;
}
