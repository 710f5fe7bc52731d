// audit re-derives a live case's exchanges from the scene its vector describes (issue 32, item 6):
// a scripted 403 edited into a 200, in an exchange no asserted fact reads, passed the audit.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { auditReport } from "../../harness/audit/audit-report.ts";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { minimalEnv } from "../../harness/driver/adapter-env.ts";
import { SubprocessImplementation } from "../../harness/driver/subprocess-implementation.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";

const FIXTURE = fileURLToPath(new URL("../fixtures/transport-flood-adapter.ts", import.meta.url));
const ID = "transport/auth/forbidden-insufficient-scope";

describe("audit and a live case's scene", () => {
  it("an exchange whose recorded status is not the one its scene answered with is a disagreement", async () => {
    const corpus = loadCorpus();
    // One tools/call, which the vector's scene answers with a scripted 403.
    const adapter = new SubprocessImplementation("poster", {
      file: process.execPath,
      args: ["--import", import.meta.resolve("tsx"), FIXTURE, "--count", "1", "--mb", "0.001"],
      env: minimalEnv(),
    });
    const report = await runCorpus({ corpus, vectors: selectVectors(corpus, { ids: [ID] }), implementations: [adapter] });
    const json = JSON.parse(JSON.stringify(report));
    const exchanges = json.cases[0].transcript.transport.evidence.exchanges as Array<{ seq: number; status: number; answered_by: string }>;
    const scripted = exchanges.find((ex) => ex.answered_by === "status")!;
    expect(scripted.status).toBe(403);
    expect(auditReport(json).problems).toEqual([]);
    scripted.status = 200;
    expect(auditReport(json).problems).toEqual([
      `poster ${ID}: exchange ${scripted.seq}: its scene answers it with status 403, the evidence says 200`,
    ]);
    scripted.status = 403;
    scripted.answered_by = "sdk";
    expect(auditReport(json).problems).toEqual([
      `poster ${ID}: exchange ${scripted.seq}: its scene answers it (status), the evidence says sdk`,
    ]);
    scripted.answered_by = "status";
    json.cases[0].transcript.transport.evidence.scene.status = 200;
    expect(auditReport(json).problems).toContain(
      `poster ${ID}: the scene its evidence records is not the one its vector describes (edited)`,
    );
  }, 60_000);
});
