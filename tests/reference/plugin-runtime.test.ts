// The reference's plugin runtime (adapters/reference/src/plugin-runtime.ts) on the points the
// plugin-runtime vectors do not pin: the marketplace reading, the project-only enable, a prune.
import { describe, expect, it } from "vitest";
import { type PluginStep, readMarketplace, runPluginScript } from "../../adapters/reference/src/index.ts";

const server = (name: string, bundleId: string) =>
  JSON.stringify({
    name,
    bundle_id: bundleId,
    type: "stdio",
    server_parameters: { command: "/nonexistent/x", args: [], env: {}, cwd: null, encoding: "utf-8", encoding_error_handler: "strict" },
  });
const skill = (name: string) => `---\nname: ${name}\ndescription: d\n---\nbody\n`;
const acme = {
  ".tfrobot-plugin/marketplace.json": JSON.stringify({ plugins: [{ name: "audit", source: "./plugins/audit" }] }),
  "plugins/audit/skills/review/SKILL.md": skill("review"),
  "plugins/audit/skills/Bad/SKILL.md": skill("Bad"),
  "plugins/audit/mcp-servers/audit-db.json": server("audit-db", "audit-store"),
};
const run = (script: PluginStep[]) => runPluginScript({ marketplaces: { acme }, script });

describe("reference plugin runtime", () => {
  it("reads a plugin's registrable SKILLs and its servers by bundle_id", () => {
    expect(readMarketplace(acme)?.get("audit")).toEqual({ skills: ["audit:review"], servers: ["audit-store"] });
    expect(readMarketplace({ ".tfrobot-plugin/marketplace.json": "{" })).toBeUndefined();
  });

  it("a plugin whose server file is misnamed has no materialisation, so install fails", () => {
    const bad = { ...acme, "plugins/audit/mcp-servers/audit-db.json": server("other", "audit-store") };
    expect(readMarketplace(bad)?.has("audit")).toBe(false);
  });

  it("enabled from project scope alone: SKILLs project, the bundled server waits for approval", () => {
    const out = run([
      { do: "add_marketplace", marketplace: "acme" },
      { do: "install", plugin: "audit@acme" },
      { do: "enable", plugin: "audit@acme", scope: "project", as: "on", observe: ["skills", "servers"] },
      { do: "enable", plugin: "audit@acme", scope: "user" },
      { do: "disable", plugin: "audit@acme", scope: "local", as: "off", observe: ["skills"] },
    ]);
    expect(out["on"]).toEqual({ ok: true, skills: ["audit:review"], servers: [] });
    expect(out["off"]).toEqual({ ok: true, skills: [] });
  });

  it("a prune hides the SKILLs and keeps the intent; a later enable fails for want of the marketplace", () => {
    const out = run([
      { do: "add_marketplace", marketplace: "acme" },
      { do: "install", plugin: "audit@acme" },
      { do: "enable", plugin: "audit@acme" },
      { do: "prune_marketplace", marketplace: "acme", as: "pruned", observe: ["installed", "skills"] },
      { do: "enable", plugin: "audit@acme", as: "again" },
    ]);
    expect(out["pruned"]).toEqual({ ok: true, installed: ["audit@acme"], skills: [] });
    expect(out["again"]).toEqual({ ok: false });
    expect(Object.keys(out["errors"] as object)).toEqual(["again"]);
  });
});
