// Each real SDK adapter's handshake names only operations the kit defines (vectors/_schema/ops/).
// Needs the built adapters, so it runs when SMCP_SDK_TESTS=1 (.ci/run sets it after the main job).
import { describe, expect, it } from "vitest";
import { selectImplementations } from "../../harness/impl/registry.ts";
import { SDK_MANIFESTS } from "../../harness/impl/sdk-manifests.ts";
import { OP_DEFINITIONS } from "../../harness/model/operations.ts";

const defined = new Set(OP_DEFINITIONS.map((d) => d.op));

describe.runIf(process.env["SMCP_SDK_TESTS"] === "1")("SDK adapter handshakes", () => {
  it.each(SDK_MANIFESTS.map((m) => m.implementation))("%s offers only operations the kit defines", async (name) => {
    const [selected] = selectImplementations([name], { strictProtocol: true });
    const impl = selected!.implementation;
    try {
      const handshake = await impl.start();
      expect(handshake.operations.length).toBeGreaterThan(10);
      expect(handshake.operations.filter((op) => !defined.has(op))).toEqual([]);
    } finally {
      await impl.stop();
    }
  });
});
