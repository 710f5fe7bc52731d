// Properties of the reference's plugin activation (runtime-contract.md §2.4, §2.5 item 3) and
// reclaim test (§4.9.1 item 2): a plugin not installed is available whatever the switches say;
// the highest scope with a boolean opinion decides; a reclaimed bundle_id is one the plugin
// declares that no other plugin and no non-plugin source declares.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as ref from "../../adapters/reference/src/index.ts";
import { pluginActivationInput, pluginGateInput, pluginReclaimInput, sourceMergeInput } from "../../harness/generators/index.ts";

const RUNS = { seed: 20_261_207, numRuns: 300 };
type Layers = ref.EnabledLayers;

describe("pluginActivation", () => {
  it("names every plugin of the input; not installed is available, else the highest boolean decides", () => {
    fc.assert(
      fc.property(pluginActivationInput(), (input) => {
        const installed = input.installed as string[];
        const enabled = (input.enabled ?? {}) as Layers;
        const { states } = ref.pluginActivation(installed, enabled);
        for (const [id, state] of Object.entries(states)) {
          const said = ref.ENABLE_SCOPES.map((s) => enabled[s]?.[id]).filter((v) => typeof v === "boolean");
          const on = said.length > 0 && said[said.length - 1] === true;
          expect(state).toBe(installed.includes(id) ? (on ? "installed_enabled" : "installed_disabled") : "available");
        }
        for (const id of installed) expect(states[id]).toBeDefined();
      }),
      RUNS,
    );
  });
});

describe("reclaimOnRemoval", () => {
  it("reclaims exactly the plugin's own dependencies nobody else declares, sorted", () => {
    fc.assert(
      fc.property(pluginReclaimInput(), (input) => {
        const ledger = input.ledger as Record<string, string[]>;
        const declared = (input.declared ?? {}) as ref.Declarations;
        const { reclaimed } = ref.reclaimOnRemoval(input.plugin as string, ledger, declared);
        const userIds = ref.DECLARATION_SOURCES.flatMap((s) => (declared[s] ?? []).map(ref.resolveBundleId));
        for (const id of reclaimed) {
          expect(ledger[input.plugin as string]).toContain(id);
          expect(userIds).not.toContain(id);
          for (const [other, deps] of Object.entries(ledger)) if (other !== input.plugin) expect(deps).not.toContain(id);
        }
        expect([...reclaimed].sort()).toEqual(reclaimed);
      }),
      RUNS,
    );
  });
});

describe("bundledServerGate", () => {
  it("denies before it asks for trust, and never asks when a trusted scope enables", () => {
    fc.assert(
      fc.property(pluginGateInput(), (input) => {
        const settings = (input.settings ?? {}) as ref.SettingsLayers;
        const { status } = ref.bundledServerGate(settings, input.plugin as string, input.bundle_id as string);
        const denied = settings.policy?.deniedMcpServers;
        const activation = ref.pluginActivation(
          [input.plugin as string],
          Object.fromEntries(ref.ENABLE_SCOPES.map((s) => [s, settings[s]?.enabledPlugins ?? {}])) as Layers,
        );
        if (activation.states[input.plugin as string] !== "installed_enabled") expect(status).toBe("inactive");
        else if (Array.isArray(denied) && denied.includes(input.bundle_id)) expect(status).toBe("denied");
        if (
          settings.user?.enabledPlugins &&
          (settings.user.enabledPlugins as Record<string, unknown>)[input.plugin as string] === true &&
          status === "pending"
        )
          expect.fail("a user-scope true that is still in force never leaves the server pending");
      }),
      RUNS,
    );
  });
});

describe("mergeSources", () => {
  it("keeps each name once, from the highest source declaring it", () => {
    fc.assert(
      fc.property(sourceMergeInput(), (input) => {
        const declared = (input.declared ?? {}) as ref.Declarations;
        const { servers } = ref.mergeSources(declared);
        expect(new Set(servers.map((s) => s.name)).size).toBe(servers.length);
        for (const server of servers) {
          const highest = ref.DECLARATION_SOURCES.filter((s) => (declared[s] ?? []).some((c) => c.name === server.name)).at(-1);
          expect(server.origin).toBe(highest);
        }
      }),
      RUNS,
    );
  });
});
