/**
 * Loads the kit's corpus plus any extra corpus folders. An extra folder may define new suites
 * (with suite.yaml + schema.json) or add files to a known suite (a folder named like it).
 * Every problem in every file is gathered and thrown together: a broken corpus never half-runs.
 */
import { existsSync, readdirSync, realpathSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { KIT_VECTORS_DIR } from "../model/kit-files.ts";
import type { Corpus, Suite, Vector } from "../model/vector.ts";
import { CorpusError, type CorpusProblem } from "./errors.ts";
import { loadRequirements, type RequirementIndex } from "./load-requirements.ts";
import { displayPath, type KeepVectors, loadSuiteVectors, readDefinition, type SuiteDefinition } from "./load-suite.ts";
import { isInside } from "./read-file.ts";
import { SchemaRegistry } from "./schema-registry.ts";

export interface LoadOptions {
  /** Corpus roots; the kit's own `vectors/` is always first unless `kitCorpus` is false. */
  readonly extraRoots?: readonly string[];
  readonly kitCorpus?: boolean;
  readonly cwd?: string;
  /** What is kept of each file's vectors once checked (load-suite.ts): `run` spools their payloads. */
  readonly keep?: KeepVectors;
}

/** The suite folders of a root: real folders, or links resolving to folders inside the root; anything else is skipped. */
function suiteDirs(root: string): string[] {
  const realRoot = realpathSync(root);
  return readdirSync(root)
    .filter((entry) => !entry.startsWith("_") && !entry.startsWith("."))
    .map((entry) => join(root, entry))
    .filter((path) => {
      try {
        const real = realpathSync(path);
        return isInside(real, realRoot) && statSync(real).isDirectory();
      } catch {
        return false; // a dangling or looping link
      }
    })
    .sort();
}

/** A corpus root must be a folder (a link to one is resolved): never a device, a FIFO or a file. */
function rootProblem(root: string, display: (p: string) => string): CorpusProblem | undefined {
  try {
    const stat = statSync(realpathSync(root));
    if (stat.isDirectory()) return undefined;
    const kind = stat.isFIFO() ? "a FIFO" : stat.isCharacterDevice() || stat.isBlockDevice() ? "a device" : "a file";
    return { code: "corpus.missing_dir", file: display(root), message: `vector folder is ${kind}, not a folder` };
  } catch {
    return { code: "corpus.missing_dir", file: display(root), message: "vector folder does not exist" };
  }
}

export function loadCorpus(options: LoadOptions = {}): Corpus {
  const display = displayPath(options.cwd ?? process.cwd());
  const roots = [...(options.kitCorpus === false ? [] : [KIT_VECTORS_DIR]), ...(options.extraRoots ?? []).map((r) => resolve(r))];
  const problems: CorpusProblem[] = [];
  const missing = roots.flatMap((root) => rootProblem(root, display) ?? []);
  if (missing.length > 0) throw new CorpusError(missing);
  const registry = new SchemaRegistry();
  let requirements: RequirementIndex = { requirements: new Map() };
  try {
    requirements = loadRequirements(display);
  } catch (error) {
    if (!(error instanceof CorpusError)) throw error;
    problems.push(...error.problems);
  }
  const definitions = new Map<string, SuiteDefinition>();
  const pending: Array<{ dir: string; name: string; root: string }> = [];

  for (const root of roots) {
    for (const dir of suiteDirs(root)) {
      const name = dir.slice(dir.lastIndexOf("/") + 1);
      if (existsSync(join(dir, "suite.yaml"))) {
        try {
          const definition = readDefinition(dir, registry, display, root);
          if (definitions.has(definition.name)) {
            problems.push({
              code: "corpus.unknown_suite",
              file: display(join(dir, "suite.yaml")),
              message: `suite "${definition.name}" is defined twice`,
            });
            continue;
          }
          definitions.set(definition.name, definition);
        } catch (error) {
          if (!(error instanceof CorpusError)) throw error;
          problems.push(...error.problems);
          continue;
        }
      }
      pending.push({ dir, name, root });
    }
  }

  const vectorsBySuite = new Map<string, { dirs: string[]; vectors: Vector[] }>();
  for (const { dir, name, root } of pending) {
    const definition = definitions.get(name);
    if (!definition) {
      problems.push({
        code: "corpus.unknown_suite",
        file: display(dir),
        message: `unknown suite "${name}": a folder needs a suite.yaml or the name of a known suite (${[...definitions.keys()].join(", ")})`,
      });
      continue;
    }
    const part = loadSuiteVectors(dir, definition, registry, display, requirements.requirements, root, options.keep);
    problems.push(...part.problems);
    const entry = vectorsBySuite.get(name) ?? { dirs: [], vectors: [] };
    entry.dirs.push(dir);
    entry.vectors.push(...part.vectors);
    vectorsBySuite.set(name, entry);
  }

  problems.push(...duplicateIds([...vectorsBySuite.values()].flatMap((e) => e.vectors)));
  if (problems.length > 0) throw new CorpusError(problems);

  const suites: Suite[] = [...definitions.values()]
    .map((d) => ({
      name: d.name,
      title: d.title,
      dir: vectorsBySuite.get(d.name)?.dirs[0] ?? "",
      ops: d.ops,
      vectors: vectorsBySuite.get(d.name)?.vectors ?? [],
      ...(d.opt_in !== undefined ? { opt_in: d.opt_in } : {}),
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { roots, suites, requirements: requirements.requirements };
}

function duplicateIds(vectors: readonly Vector[]): CorpusProblem[] {
  const seen = new Map<string, Vector>();
  const problems: CorpusProblem[] = [];
  for (const vector of vectors) {
    const first = seen.get(vector.id);
    if (first) {
      problems.push({
        code: "corpus.duplicate_id",
        file: vector.source.file,
        line: vector.source.line,
        vectorId: vector.id,
        message: `duplicate vector id (first defined at ${first.source.file}:${first.source.line})`,
      });
    } else {
      seen.set(vector.id, vector);
    }
  }
  return problems;
}
