// The real Rust crates behind their adapter. Needs the built binary, so it runs when
// SMCP_SDK_TESTS=1 (.ci/run sets it after the main job has built the adapter).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { selectImplementations } from "../../harness/impl/registry.ts";
import { sdkManifest } from "../../harness/impl/sdk-manifests.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";

function lockedVersion(crate: string): string {
  const lock = readFileSync(join(sdkManifest("rust")!.dir, "Cargo.lock"), "utf8");
  return new RegExp(`name = "${crate}"\\nversion = "([^"]+)"`).exec(lock)![1]!;
}

describe.runIf(process.env["SMCP_SDK_TESTS"] === "1")("rust adapter over smcp / smcp-computer", () => {
  it("reports the linked crate versions and answers with the SDK's own words", async () => {
    const corpus = loadCorpus();
    const vectors = selectVectors(corpus, { suites: ["upstream-bundle-id", "upstream-env-segment", "explicit-id", "inputs"] });
    const [rust] = selectImplementations(["rust"], { strictProtocol: true });
    const report = await runCorpus({ corpus, vectors, implementations: [rust!.implementation] });
    const sdk = report.implementations[0]!.handshake.sdk;
    expect(sdk.version).toBe(lockedVersion("smcp-computer"));
    // rmcp is the MCP client the transport operation drives, the server crates the Server wire.server runs, smcp-agent the Agent
    // wire.agent drives: their versions are evidence too
    expect(sdk.packages).toEqual({
      smcp: lockedVersion("smcp"),
      "smcp-computer": lockedVersion("smcp-computer"),
      rmcp: lockedVersion("rmcp"),
      "smcp-server-core": lockedVersion("smcp-server-core"),
      "smcp-server-hyper": lockedVersion("smcp-server-hyper"),
      "smcp-agent": lockedVersion("smcp-agent"),
    });
    expect(report.cases.filter((c) => ["crash", "timeout", "protocol_error"].includes(c.status))).toEqual([]);
    expect(report.cases.filter((c) => c.suite.startsWith("upstream-")).every((c) => c.status === "pass")).toBe(true);
    // serde's own message for the PascalCase-only input tag travels as evidence
    expect(report.cases.some((c) => c.transcript.response?.includes("unknown variant"))).toBe(true);
  });
});
