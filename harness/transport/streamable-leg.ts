/**
 * Stateless streamable HTTP from the v2 server: `dual` serves 2026-07-28 and 2025-era traffic side
 * by side (createMcpHandler, legacy 'stateless'), `modern_only` rejects 2025-era requests (legacy
 * 'reject'), `legacy_only` is the 2025 stateless fallback alone.
 */
import { Readable } from "node:stream";
import { inventoryFactory } from "./inventory-tool.ts";
import type { Leg, LegHooks, LegRequest } from "./leg.ts";
import type { SdkModules } from "./sdk-modules.ts";

/** The request again, with the bytes already read, so the SDK parses the body itself (no pre-parsed shortcut). */
function replay({ req, raw }: LegRequest) {
  return Object.assign(Readable.from(raw.length > 0 ? [raw] : []), { method: req.method, url: req.url, headers: req.headers });
}

/** The leg for one of the stateless modes; the SDK answers GET/DELETE itself (405 in stateless legacy). */
export function streamableLeg(mode: "dual" | "modern_only" | "legacy_only", sdk: SdkModules, hooks: LegHooks): Leg {
  const factory = inventoryFactory(sdk, hooks.onRun, hooks);
  const onerror = hooks.onError;
  const handler =
    mode === "legacy_only"
      ? undefined
      : sdk.server.createMcpHandler(factory, { legacy: mode === "dual" ? "stateless" : "reject", onerror });
  const fetchFace = handler ?? { fetch: sdk.server.legacyStatelessFallback(factory, onerror) };
  const node = sdk.node.toNodeHandler(fetchFace, { onerror });
  return {
    serves: (_method, subpath) => subpath === "/mcp",
    serve: (request) => node(replay(request), request.res),
    close: async () => {
      await handler?.close();
    },
  };
}
