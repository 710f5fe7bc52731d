// The generators lean towards the boundaries: shares of trap cases among fixed-seed samples,
// with bounds far from the observed values (about half of them), so weights may move a little.
import fc, { type Arbitrary } from "fast-check";
import { describe, expect, it } from "vitest";
import * as ref from "../../adapters/reference/src/index.ts";
import * as gen from "../../harness/generators/index.ts";

const N = 2000;
function shareOf<T>(arbitrary: Arbitrary<T>, seed = 1): (test: (value: T) => boolean) => number {
  const samples = fc.sample(arbitrary, { seed, numRuns: N });
  return (test) => samples.filter(test).length / N;
}
const safely = <T>(run: () => T, fallback: T): T => {
  try {
    return run();
  } catch {
    return fallback;
  }
};

describe("serverName()", () => {
  const share = shareOf(gen.serverName());
  it.each([
    ["empty", (n: string) => n === "", 0.04, 0.2],
    ["empty once normalised (fallback path)", (n: string) => ref.isWellFormed(n) && ref.normalizeName(n) === "", 0.15, 0.5],
    ["astral code points", (n: string) => /[\u{10000}-\u{10FFFF}]/u.test(n), 0.1, 0.5],
    ["combining marks", (n: string) => /\p{M}/u.test(n), 0.07, 0.4],
    ["a '__' run", (n: string) => n.includes("__"), 0.04, 0.3],
    ["a '--' run", (n: string) => n.includes("--"), 0.015, 0.3],
    ["zero-width characters", (n: string) => /\u200B|\u200C|\u200D|\uFEFF|\u2060/.test(n), 0.07, 0.4],
    ["CJK", (n: string) => /\p{Script=Han}/u.test(n), 0.06, 0.4],
    ["whitespace beyond ' '", (n: string) => /[\t\n\u00A0\u3000]/.test(n), 0.06, 0.4],
    ["a leading or trailing separator", (n: string) => /^[-_ ]|[-_ ]$/.test(n), 0.12, 0.5],
    ["a spelling NFC changes (NFD)", (n: string) => n.normalize("NFC") !== n, 0.05, 0.3],
    ["only kept ASCII (the realistic part)", (n: string) => /^[A-Za-z0-9_-]+$/.test(n), 0.08, 0.5],
    ["a lone surrogate (rare)", (n: string) => !ref.isWellFormed(n), 0.003, 0.05],
  ])("%s: share within bounds", (_what, test, min, max) => {
    const observed = share(test);
    expect(observed).toBeGreaterThanOrEqual(min);
    expect(observed).toBeLessThanOrEqual(max);
  });
});

describe("map keys (stdio env)", () => {
  const keys = fc
    .sample(gen.stdioConfig(), { seed: 1, numRuns: N })
    .map((c) => Object.keys((c["server_parameters"] as { env: object }).env));
  const orderDiffers = (compare?: (a: string, b: string) => number) => (k: string[]) =>
    JSON.stringify([...k].sort(compare)) !== JSON.stringify([...k].sort(ref.compareCodePoints));
  const share = (test: (k: string[]) => boolean) => keys.filter(test).length / N;
  it("UTF-16 unit order and code point order disagree in a meaningful share of maps", () => {
    expect(share(orderDiffers())).toBeGreaterThan(0.08);
  });
  it("locale order and code point order disagree often", () => {
    expect(share(orderDiffers((a, b) => a.localeCompare(b)))).toBeGreaterThan(0.2);
  });
  it("the empty key and keys equal up to case both occur", () => {
    expect(share((k) => k.includes(""))).toBeGreaterThan(0.03);
    expect(share((k) => new Set(k.map((x) => x.toLowerCase())).size < k.length)).toBeGreaterThan(0.03);
  });
});

describe("configs and inputs", () => {
  it("serverConfig() mixes accepted and rejected configs", () => {
    const accepted = shareOf(gen.serverConfig())((c) => ref.validateServerConfig(c).accepted);
    expect(accepted).toBeGreaterThan(0.45);
    expect(accepted).toBeLessThan(0.85);
  });
  it("an explicit bundle_id is present in a minority of valid configs (names matter for resolve)", () => {
    const present = shareOf(gen.stdioConfig())((c) => "bundle_id" in c);
    expect(present).toBeGreaterThan(0.1);
    expect(present).toBeLessThan(0.35);
  });
  it("inputDefinition() covers every type and the pickString traps", () => {
    const share = shareOf(gen.inputDefinition());
    for (const type of ["promptString", "pickString", "command"])
      expect(share((i) => (i as { type?: unknown })?.type === type)).toBeGreaterThan(0.12);
    expect(share((i) => ref.validateInput(i).reason === "input.pick_option_legacy_string")).toBeGreaterThan(0.005);
    expect(share((i) => ref.validateInput(i).reason === "input.pick_default_not_in_options")).toBeGreaterThan(0.01);
    const accepted = share((i) => ref.validateInput(i).accepted);
    expect(accepted).toBeGreaterThan(0.35);
    expect(accepted).toBeLessThan(0.85);
  });
  it("identityConfig() reaches the hash fallback and the unencodable cases", () => {
    const share = shareOf(gen.identityConfig());
    expect(share((c) => safely(() => ref.resolveBundleId(c).startsWith("bundle_"), false))).toBeGreaterThan(0.1);
    expect(share((c) => safely(() => (ref.connectionIdentityBytes(c), false), true))).toBeGreaterThan(0.05);
  });
});

describe("placeholders and render", () => {
  const share = shareOf(gen.placeholderString());
  it("whole-string, several, unknown and empty placeholder strings all occur", () => {
    expect(share((s) => /^\$\{[^{}]*\}$/.test(s))).toBeGreaterThan(0.15);
    expect(share((s) => (s.match(/\$\{[^{}]*\}/g) ?? []).length >= 2)).toBeGreaterThan(0.1);
    expect(share((s) => gen.UNKNOWN_PLACEHOLDERS.some((u) => s.includes(u)))).toBeGreaterThan(0.05);
    expect(share((s) => s === "")).toBeGreaterThan(0.03);
  });
  it("renders hit the plugin-scope fallback in a meaningful share", () => {
    const used = shareOf(gen.renderInput())((i) => {
      const context = (scope: boolean) => ({
        inputs: i["inputs"] as never,
        env: i["env"] as never,
        pluginScope: scope ? (i["plugin_scope"] as string) : undefined,
      });
      // Under a scope, 0.4.0 refuses an exhausted lookup (missing_input): that outcome differs from the unscoped render too.
      const outcome = (scope: boolean) => safely(() => JSON.stringify(ref.render(i["value"] as never, context(scope))), "missing_input");
      return outcome(true) !== outcome(false);
    });
    expect(used).toBeGreaterThan(0.04);
  });
});

describe("lists built to collide", () => {
  it("env identity lists often contain a full-name collision", () => {
    expect(shareOf(gen.envIdentityList())((l) => safely(() => ref.findEnvVarCollisions(l as never).length > 0, false))).toBeGreaterThan(
      0.05,
    );
  });
  const loadReports = fc.sample(gen.loadEntries(), { seed: 1, numRuns: N }).map((l) => ref.loadDiagnostics(l as never));
  it.each(["duplicate_bundle_id", "invalid_bundle_id", "exposed_name_collision"])("load lists produce %s", (kind) => {
    expect(loadReports.filter((r) => r.diagnostics.some((d) => d.kind === kind)).length / N).toBeGreaterThan(0.04);
  });
  const layouts = fc.sample(gen.pluginFiles(), { seed: 1, numRuns: N }).map((f) => ref.checkPluginLayout(f));
  it.each(["plugin.server_name", "plugin.invalid_json", "plugin.invalid_config", "plugin.name_mismatch", "plugin.empty_folder"])(
    "plugin folders produce %s",
    (reason) => {
      expect(layouts.filter((r) => r.diagnostics.some((d) => d.reason === reason)).length / N).toBeGreaterThan(0.02);
    },
  );
  it("some plugin folders are accepted with servers", () => {
    expect(layouts.filter((r) => r.accepted && r.servers.length > 0).length / N).toBeGreaterThan(0.04);
  });
});
