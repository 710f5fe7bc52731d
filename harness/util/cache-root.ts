/**
 * Where heavy one-time work lives (Python environments, the Rust build): outside the clone, so a
 * fresh clone on the same machine reuses it. SMCP_CONFORMANCE_CACHE overrides the location.
 */
import { homedir } from "node:os";
import { join } from "node:path";

export function cacheRoot(): string {
  const override = process.env["SMCP_CONFORMANCE_CACHE"];
  if (override) return override;
  const xdg = process.env["XDG_CACHE_HOME"];
  return join(xdg && xdg.length > 0 ? xdg : join(homedir(), ".cache"), "smcp-conformance");
}
