// The real Python SDK behind its adapter. Needs the cached venv, so it runs when SMCP_SDK_TESTS=1
// (.ci/run sets it after the main job has built the environments).
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { selectImplementations } from "../../harness/impl/registry.ts";
import { prepareLaunch } from "../../harness/impl/sdk-launch.ts";
import { sdkManifest } from "../../harness/impl/sdk-manifests.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";

describe.runIf(process.env["SMCP_SDK_TESTS"] === "1")("python adapter over a2c-smcp", () => {
  it("reports the imported SDK version and answers with the SDK's own words", async () => {
    const manifest = sdkManifest("python")!;
    const interpreter = (await prepareLaunch(manifest, manifest.default_version)).file;
    const installed = (await execa(interpreter, ["-c", "import importlib.metadata as m; print(m.version('a2c-smcp'))"])).stdout.trim();
    const corpus = loadCorpus();
    const vectors = selectVectors(corpus, { suites: ["upstream-bundle-id", "explicit-id", "server-config"] });
    const [python] = selectImplementations(["python"], { strictProtocol: true });
    const report = await runCorpus({ corpus, vectors, implementations: [python!.implementation] });
    expect(report.implementations[0]!.handshake.sdk).toMatchObject({ name: "a2c-smcp", version: installed });
    const faults = report.cases.filter((c) => ["crash", "timeout", "protocol_error"].includes(c.status));
    expect(faults).toEqual([]);
    expect(report.cases.filter((c) => c.suite === "upstream-bundle-id").every((c) => c.status === "pass")).toBe(true);
    // a pydantic ValidationError and the SDK's bundle_id ValueError text travel as evidence
    expect(report.cases.some((c) => c.transcript.response?.includes("validation error for"))).toBe(true);
    expect(report.cases.some((c) => c.transcript.response?.includes("bundle_id MUST NOT contain consecutive underscores"))).toBe(true);
  });
});
