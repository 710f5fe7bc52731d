/**
 * Loads the corpus once per Stryker worker and hands it to every mutant run (`inject("corpus")`):
 * loading and schema-checking the YAML takes seconds, running a suite through the reference takes
 * milliseconds, and only the reference is mutated, never the loader.
 */
import type { TestProject } from "vitest/node";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import type { Corpus } from "../../harness/model/vector.ts";

declare module "vitest" {
  export interface ProvidedContext {
    corpus: Corpus;
  }
}

export default function setup(project: TestProject): void {
  project.provide("corpus", loadCorpus());
}
