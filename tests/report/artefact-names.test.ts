// Artefact names come from the implementation's name, not its path (issue 31 item 9), and each
// badge has a shields.io endpoint document beside it saying the same thing.
import { describe, expect, it } from "vitest";
import { countsOf } from "../../harness/model/report.ts";
import { renderBadge, renderBadgeEndpoint } from "../../harness/report/badge.ts";
import { artefactName, junitFileName } from "../../harness/report/views.ts";

describe("artefact names", () => {
  it("a checkout is <family>-checkout whatever its path; other names keep their version", () => {
    expect(artefactName("python@path:.")).toBe("python-checkout");
    expect(artefactName("python@path:../sdk/python-sdk")).toBe("python-checkout");
    expect(artefactName("rust@path:/home/runner/work/rust-sdk")).toBe("rust-checkout");
    expect(artefactName("python@0.3.2")).toBe("python@0.3.2");
    expect(artefactName("my adapter/1")).toBe("my_adapter_1");
    expect(junitFileName("python@path:.")).toBe("junit-python-checkout.xml");
  });
});

describe("shields.io endpoint", () => {
  it("carries the badge's label, message and colour", () => {
    const counts = countsOf({ pass: 7, known_gap: 1, unsupported: 1 });
    const json = JSON.parse(renderBadgeEndpoint("python", counts, { runFailures: 0 }));
    expect(json).toEqual({ schemaVersion: 1, label: "smcp python", message: "7/8 pass, 1 known gap", color: "dfb317" });
    expect(renderBadge("python", counts)).toContain(`${json.label}: ${json.message}`);
    expect(JSON.parse(renderBadgeEndpoint("python", countsOf({ pass: 1, fail: 1 }))).color).toBe("e05d44");
  });
});
