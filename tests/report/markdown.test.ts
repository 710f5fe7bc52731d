// matrix.md shows what implementations answered readably: no JSON inside JSON, no quotes around a plain string.
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { selectVectors } from "../../harness/corpus/select.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";
import type { Implementation } from "../../harness/model/implementation.ts";
import { readableAnswers, renderMarkdown } from "../../harness/report/markdown.ts";
import { runCorpus } from "../../harness/run/run-corpus.ts";
import { tempCorpus } from "../corpus/temp-corpus.ts";

const texts = (answers: string[]) => readableAnswers(answers).map((m) => m.text);

/** The reference, except that it names every exposed tool with a string holding JSON. */
function jsonNamer(): Implementation {
  const reference = referenceInProcess();
  return {
    ...reference,
    name: "json-namer",
    call: async (op, input) =>
      op === "exposed_name"
        ? {
            result: { kind: "ok", output: { exposed_name: '{"a":1}' } },
            transcript: { request: null, response: null },
            duration_ms: 0,
            attempts: 1,
          }
        : reference.call(op, input),
  };
}

describe("matrix.md disagreement values", () => {
  it("a string once, in a code span; an object as key: value; other values compact JSON", () => {
    expect(texts(['{"value":"o={\\"a\\":1} l=[1,\\"x\\"]","warnings":[]}', '{"value":"x","warnings":[{"kind":"w"}]}'])).toEqual([
      'value: `o={"a":1} l=[1,"x"]`, warnings: `[]`',
      'value: `x`, warnings: `[{"kind":"w"}]`',
    ]);
    expect(texts(['"plain"', "error bundle_id.dot"])).toEqual(["`plain`", "`error bundle_id.dot`"]);
    // A string a code span would hide or trim stays quoted.
    expect(texts(['{"v":""}', '{"v":" padded "}'])).toEqual(['v: `""`', 'v: `" padded "`']);
    expect(texts(["{}", "[1,2]"])).toEqual(["`{}`", "`[1,2]`"]);
  });

  it("falls back to the canonical JSON when two answers would read alike", () => {
    expect(texts(['{"n":"1"}', '{"n":1}'])).toEqual(['`{"n":"1"}`', '`{"n":1}`']);
  });

  it("renders a real disagreement with each value once, unescaped", async () => {
    const file = [
      "suite: exposed-name",
      "provenance: { source: authored }",
      "vectors:",
      "  - id: exposed-name/readable/json-in-a-string",
      "    description: two implementations answer differently",
      "    spec: { file: x.md, section: s }",
      "    tier: must",
      "    op: exposed_name",
      "    input: { bundle_id: b, tool_name: t }",
      '    expected: { exposed_name: "b__t" }',
      "    covers: [data-structures/exposed-tool-name/1]",
    ].join("\n");
    const corpus = loadCorpus({ extraRoots: [tempCorpus({ "exposed-name/readable.yaml": file })] });
    const vectors = selectVectors(corpus, { filter: "exposed-name/readable/" });
    const report = await runCorpus({ corpus, vectors, implementations: [referenceInProcess(), jsonNamer()] });
    const matrix = renderMarkdown(report);
    expect(matrix).toContain(
      '- **exposed-name/readable/json-in-a-string** (must): reference → exposed\\_name: `b__t`; json-namer → exposed\\_name: `{"a":1}`',
    );
    expect(matrix).not.toContain('\\"a\\"');
  });
});
