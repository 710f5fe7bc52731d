// An error's details.reason, as the SDK's error kept it, is a surfaced fact (agent-facts.ts), present
// only when the adapter reports one: an open-enum reason the SDK does not know is judged by it.
import { describe, expect, it } from "vitest";
import { surfacedOf } from "../../harness/wire/index.ts";

describe("surfacedOf: an error's reason", () => {
  it("keeps the reason the SDK's error carries, and leaves it out when it carries none", () => {
    const steps = [
      { as: "put", outcome: "error", error: { type: "BlobUploadError", code: null, message: "m", reason: "quota_exceeded" } },
      { as: "tools", outcome: "error", error: { type: "SMCPProtocolError", code: 404, message: "m", reason: null } },
    ];
    expect(surfacedOf(steps)).toEqual({
      put: { outcome: "error", code: null, reason: "quota_exceeded" },
      tools: { outcome: "error", code: 404 },
    });
  });
});
