/**
 * `smcp-conformance lint`: checks that every vector reaches its rule in every implementation —
 * each rejecting vector's input with its one fault repaired (its base), and each config other
 * vectors carry, must be accepted. Exit 1 when a base is rejected where a plainer one would do, or
 * a vector breaks more than one rule; a base that must stay (an implementation rejects even the
 * plainest valid value) is listed with the implementation's answer, and does not fail. An adapter
 * fault on a base is a fault (exit 1), never "rejects the plainest valid config"; an implementation
 * that answered no base (only unsupported, or only faults) fails the lint too.
 */
import { loadCorpus } from "../corpus/load-corpus.ts";
import { selectVectors } from "../corpus/select.ts";
import { collectProbes } from "../lint/isolation.ts";
import { probeAll } from "../lint/probe.ts";
import { renderLint, summarize } from "../lint/render-lint.ts";
import { EXIT } from "./exit-code.ts";
import { list, type SelectionOptions, selectFromOptions, startAll } from "./options.ts";

export interface LintCommandOptions extends SelectionOptions {
  readonly suite?: string;
  readonly filter?: string;
  readonly vectors: string[];
  readonly json?: boolean;
}

export async function lintCommand(options: LintCommandOptions): Promise<number> {
  const implementations = selectFromOptions({ ...options, defaults: "pinned" }).map((s) => s.implementation);
  const corpus = loadCorpus({ extraRoots: options.vectors });
  const suites = list(options.suite);
  const vectors = selectVectors(corpus, { suites, ...(options.filter ? { filter: options.filter } : {}) });
  const collected = collectProbes(vectors);
  try {
    await startAll(implementations);
    const result = await probeAll(collected.probes, implementations);
    const summary = summarize(collected, result);
    process.stdout.write(
      options.json
        ? `${JSON.stringify({
            summary,
            findings: result.findings.map((f) => ({
              implementation: f.implementation,
              vector_id: f.probe.vector.id,
              at: f.probe.at,
              base: f.probe.base,
              answer: f.answer,
              ...(f.plainAnswer !== undefined ? { must_stay: `rejects the plainest valid ${f.kind} too: ${f.plainAnswer}` } : {}),
              culprits: f.culprits.map((c) => c.path),
            })),
            not_isolated: collected.notIsolated.map((n) => ({ vector_id: n.vector.id, reason: n.reason })),
            faults: result.faults.map((f) => ({
              implementation: f.implementation,
              vector_id: f.probe.vector.id,
              at: f.probe.at,
              answer: f.answer,
            })),
          })}\n`
        : `${renderLint(
            implementations.map((i) => i.name),
            collected,
            result,
          )}\n`,
    );
    const failed = summary.to_fix > 0 || summary.not_isolated > 0 || summary.faults > 0 || summary.nothing_judged.length > 0;
    return failed ? EXIT.failures : EXIT.ok;
  } finally {
    await Promise.all(implementations.map((impl) => impl.stop()));
  }
}
