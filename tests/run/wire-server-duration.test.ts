// A wire.server case lasts from the start call through the harness's scene to the stop call: its
// duration is all of that, not the start call alone (the scene below ends with a quiet window).
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { QUIET_WINDOWS } from "../../harness/wire/index.ts";

const ID = "wire-server/coverage/notify-reaches-every-other-member";

describe("a wire.server case's duration", () => {
  it("covers its scene, not only the start call", async () => {
    const corpus = loadCorpus();
    const vectors = selectVectors(corpus, { filter: ID });
    expect(vectors.map((v) => v.id)).toEqual([ID]);
    expect(JSON.stringify(vectors[0]!.input)).toContain('"quiet":"broadcast"');
    const report = await runCorpus({ corpus, vectors, implementations: [referenceInProcess()] });
    const [only] = [...report.cases];
    expect(only!.status).toBe("pass");
    expect(only!.duration_ms).toBeGreaterThanOrEqual(QUIET_WINDOWS.broadcast.ms);
  });
});
