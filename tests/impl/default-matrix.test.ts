// The default run's matrix (issue 29 item 3): the reference, each SDK at its pinned version, and the
// older releases its manifest lists, so each release's conformance statement is shown side by side.
import { describe, expect, it } from "vitest";
import { defaultNames, knownNames, pinnedNames } from "../../harness/impl/registry.ts";
import { SDK_MANIFESTS } from "../../harness/impl/sdk-manifests.ts";

describe("the default matrix", () => {
  it("holds the reference, every SDK at its default version and each listed older release, each once", () => {
    const names = defaultNames();
    expect(names[0]).toBe("reference");
    for (const m of SDK_MANIFESTS) {
      expect(names).toContain(m.implementation);
      for (const v of m.also_in_default_run ?? []) expect(names).toContain(`${m.implementation}@${v}`);
    }
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(knownNames()).toContain(n);
  });

  it("puts the last 0.3.x release of both SDKs beside their 0.4 release", () => {
    expect(defaultNames()).toEqual(expect.arrayContaining(["python", "python@0.3.2", "rust", "rust@0.3.2"]));
  });

  it("fuzz, lint and generate keep to the pinned releases (their baselines are about those)", () => {
    expect(pinnedNames()).toEqual(["reference", ...SDK_MANIFESTS.map((m) => m.implementation)]);
    expect(pinnedNames().every((n) => !n.includes("@"))).toBe(true);
  });
});
