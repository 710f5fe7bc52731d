// A busy kit, made on purpose, in front of the real Rust SDK (issue 41): the first transport call's
// connections are held in a relay for 6 s, so the kit sees the SDK's request only after its 5 s
// box ran out. The case is a timeout (which box, after how long, what the server had seen), never
// value differences and no verdict; its retry, alone and unheld, passes, and that pass is the
// case's (not flaky: the first attempt measured the kit's load, not the SDK), and audit agrees.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { auditReport } from "../../harness/audit/audit-report.ts";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { minimalEnv } from "../../harness/driver/adapter-env.ts";
import { SubprocessImplementation } from "../../harness/driver/subprocess-implementation.ts";
import { sdkManifest } from "../../harness/impl/sdk-manifests.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { cacheRoot } from "../../harness/util/cache-root.ts";

const STALL = fileURLToPath(new URL("../fixtures/stall-first-call.ts", import.meta.url));
const ID = "transport/auth/sse-unauthorized";

describe.runIf(process.env["SMCP_SDK_TESTS"] === "1")("the real Rust SDK on a starved runner", () => {
  it("times out on its first attempt, passes when retried alone: a pass, with both attempts audited", async () => {
    const manifest = sdkManifest("rust")!;
    const binary = join(cacheRoot(), "rust", `target-${manifest.default_version}`, "release", "smcp-conformance-rust-adapter");
    expect(existsSync(binary), `${binary}: built by the main job`).toBe(true);
    const stalled = new SubprocessImplementation("rust-stalled", {
      file: process.execPath,
      args: ["--import", import.meta.resolve("tsx"), STALL, "--stall-ms", "6000", "--", binary],
      env: minimalEnv(),
    });
    const corpus = loadCorpus();
    const report = await runCorpus({ corpus, vectors: selectVectors(corpus, { ids: [ID] }), implementations: [stalled] });
    const c = report.cases[0]!;
    expect(c.first_attempt?.status).toBe("timeout");
    expect(c.first_attempt?.diffs).toEqual([]);
    expect(c.first_attempt?.note).toMatch(/^the connect time box \(5000 ms\) expired after [5-9]\.\d s while the SDK was still acting/);
    expect(c.status).toBe("pass");
    expect(auditReport(JSON.parse(JSON.stringify(report))).problems).toEqual([]);
  }, 90_000);
});
