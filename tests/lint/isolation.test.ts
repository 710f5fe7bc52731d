/**
 * The isolation lint (harness/lint): a rejecting vector's base (its one fault repaired) must be
 * accepted by every implementation. An implementation that, like the Rust SDK, refuses
 * `headers: null` is caught on a vector whose base carries it, with the field named, and the
 * corpus itself has no base such an implementation rejects.
 */
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import { collectProbes } from "../../harness/lint/isolation.ts";
import { probeAll } from "../../harness/lint/probe.ts";
import { summarize } from "../../harness/lint/render-lint.ts";
import type { Implementation } from "../../harness/model/implementation.ts";
import type { Vector } from "../../harness/model/vector.ts";

/** The reference, except that a config whose headers are null is refused (the Rust SDK's serde). */
function refusesNullHeaders(): Implementation {
  const inner = referenceInProcess();
  return {
    ...inner,
    name: "strict-headers",
    async call(op, input, options) {
      const params = (input.config as { server_parameters?: { headers?: unknown } } | undefined)?.server_parameters;
      if (op === "server_config.validate" && params && "headers" in params && params.headers === null) {
        const result = { kind: "ok" as const, output: { accepted: false, reason: "config.wrong_type" } };
        return { result, transcript: { request: null, response: null }, duration_ms: 0, attempts: 1 };
      }
      return inner.call(op, input, options);
    },
  };
}

const corpus = loadCorpus();
const byId = new Map(corpus.suites.flatMap((s) => s.vectors.map((v) => [v.id, v] as const)));
const vector = (id: string): Vector => byId.get(id) ?? expect.fail(`no vector ${id}`);

describe("the isolation lint", () => {
  const wrongType = vector("server-config/wrong-type/sse-timeout-bool");
  const withNullHeaders: Vector = {
    ...wrongType,
    input: {
      config: {
        ...(wrongType.input.config as object),
        server_parameters: { ...(wrongType.input.config as { server_parameters: object }).server_parameters, headers: null },
      },
    },
  };

  it("repairs the one fault of a rejecting vector and puts the base to each implementation", async () => {
    const collected = collectProbes([wrongType]);
    expect(collected.probes).toHaveLength(1);
    expect(collected.probes[0]!.repairs?.map((r) => r.path)).toEqual(["server_parameters.timeout"]);
    const result = await probeAll(collected.probes, [referenceInProcess(), refusesNullHeaders()]);
    expect(result.findings).toEqual([]);
  });

  it("names the field when an implementation rejects a base for another reason than the vector's rule", async () => {
    const collected = collectProbes([withNullHeaders]);
    const result = await probeAll(collected.probes, [referenceInProcess(), refusesNullHeaders()]);
    expect(result.findings.map((f) => [f.implementation, f.answer, f.culprits.map((c) => [c.path, c.value])])).toEqual([
      ["strict-headers", "rejected config.wrong_type", [["server_parameters.headers", {}]]],
    ]);
    expect(summarize(collected, result)).toMatchObject({ to_fix: 1, must_stay: 0 });
  });

  it("finds no base in the server-config suite that such an implementation rejects", async () => {
    const vectors = corpus.suites.find((s) => s.name === "server-config")!.vectors;
    const collected = collectProbes(vectors);
    expect(collected.probes.length).toBeGreaterThan(20);
    const result = await probeAll(collected.probes, [refusesNullHeaders()]);
    expect(result.findings.map((f) => f.probe.vector.id)).toEqual([]);
    expect(collected.notIsolated.map((n) => n.vector.id)).toEqual([]);
  });
});
