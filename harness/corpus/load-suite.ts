/** Loads one suite folder: its manifest, its schema, and its YAML files or upstream import. */
import { existsSync, readdirSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { opsOfSuite } from "../model/operations.ts";
import type { Requirement } from "../model/requirement.ts";
import type { Provenance, Vector } from "../model/vector.ts";
import { sha256Hex } from "../util/canonical-json.ts";
import { buildVector, type RawVector } from "./build-vector.ts";
import { CorpusError, type CorpusProblem } from "./errors.ts";
import { explainTierShape } from "./expected-shape.ts";
import { readCorpusText } from "./read-file.ts";
import { errorMessage, errorPointer, SchemaRegistry, SchemaTimeout } from "./schema-registry.ts";
import { suiteSchema } from "./suite-schema.ts";
import { IMPORTERS } from "./upstream/index.ts";
import { type UpstreamImport, upstreamProvenance } from "./upstream/types.ts";
import { parseSource, type SourceFile } from "./yaml-source.ts";

export interface SuiteDefinition {
  readonly name: string;
  readonly title: string;
  readonly ops: readonly string[];
  readonly schemaId: string;
  readonly needs?: string;
  /** Why the suite runs only when --suite names it. */
  readonly opt_in?: string;
  readonly import?: UpstreamImport;
  /** The suite's default protocol span (suite.yaml), which files and vectors may narrow. */
  readonly since?: string;
  readonly until?: string;
  /** An imported suite's requirement ids (its fixture cannot say per vector). */
  readonly covers?: readonly string[];
}

export interface LoadedSuitePart {
  readonly definition: SuiteDefinition;
  readonly dir: string;
  readonly vectors: Vector[];
  readonly problems: CorpusProblem[];
}

/**
 * What is kept of one file's checked vectors (default: the vectors as built). A run of a large
 * corpus puts their payloads on disk here, file by file (vector-spool.ts), so the parse of one
 * file is garbage before the next is read.
 */
export type KeepVectors = (built: Vector[]) => Vector[];

const MANIFEST = "suite.yaml";
const SCHEMA = "schema.json";

/** Problems are collected, not thrown, so one run reports every broken file at once. */
function collect(problems: CorpusProblem[], fn: () => void): void {
  try {
    fn();
  } catch (error) {
    if (error instanceof CorpusError) problems.push(...error.problems);
    else throw error;
  }
}

/** A corpus file, read only if it is a regular file inside the corpus folder `root`. */
function readSource(path: string, display: string, root: string): SourceFile {
  return parseSource(display, readCorpusText(path, display, root));
}

function schemaProblems(registry: SchemaRegistry, schemaId: string, source: SourceFile): CorpusProblem[] {
  const validate = registry.validator(schemaId);
  try {
    if (validate(source.data)) return [];
  } catch (error) {
    if (!(error instanceof SchemaTimeout)) throw error;
    return [{ code: "corpus.schema", file: source.file, message: error.message }];
  }
  // The tier rule (observe pins nothing, must / should pin one answer) in words, not as ajv's `must NOT be valid`.
  const { errors, problems } = explainTierShape(source.data, SchemaRegistry.meaningful(validate.errors));
  return [
    ...problems.map((p) => ({
      code: "corpus.tier" as const,
      file: source.file,
      line: source.lineOf(p.pointer),
      vectorId: vectorIdAt(source.data, p.pointer),
      pointer: p.pointer,
      message: p.message,
    })),
    ...errors.map((error) => {
      const pointer = errorPointer(error);
      return {
        code: "corpus.schema" as const,
        file: source.file,
        line: source.lineOf(pointer),
        vectorId: vectorIdAt(source.data, pointer),
        pointer,
        message: errorMessage(error),
      };
    }),
  ];
}

function vectorIdAt(data: unknown, pointer: string): string | undefined {
  const match = /^\/vectors\/(\d+)/.exec(pointer);
  if (!match) return undefined;
  const vector = (data as { vectors?: Array<{ id?: unknown }> }).vectors?.[Number(match[1])];
  return typeof vector?.id === "string" ? vector.id : undefined;
}

/** Reads suite.yaml and schema.json of a suite folder that defines a suite. */
export function readDefinition(
  dir: string,
  registry: SchemaRegistry,
  display: (p: string) => string,
  root = dirname(dir),
): SuiteDefinition {
  const manifestPath = join(dir, MANIFEST);
  const source = readSource(manifestPath, display(manifestPath), root);
  const problems = schemaProblems(registry, "smcp-conformance:suite-manifest", source);
  const schemaPath = join(dir, SCHEMA);
  const manifest = source.data as {
    suite: string;
    title: string;
    ops?: string[];
    needs?: string;
    opt_in?: string;
    import?: UpstreamImport;
    since?: string;
    until?: string;
    covers?: string[];
  };
  if (problems.length === 0 && manifest.import && !existsSync(schemaPath)) {
    problems.push({
      code: "corpus.schema",
      file: display(schemaPath),
      message: "an imported suite needs a schema.json for its fixture format",
    });
  }
  const ops = manifest.ops ?? opsOfSuite(manifest.suite ?? "");
  if (problems.length === 0 && ops.length === 0) {
    problems.push({
      code: "corpus.unknown_op",
      file: source.file,
      line: source.lineOf("/suite"),
      message: `suite "${manifest.suite}" has no operations: list them under ops (no op definition in vectors/_schema/ops/ names this suite)`,
    });
  }
  if (problems.length === 0 && manifest.suite !== basename(dir)) {
    problems.push({
      code: "corpus.unknown_suite",
      file: source.file,
      line: source.lineOf("/suite"),
      message: `suite "${manifest.suite}" must be named like its folder "${basename(dir)}"`,
    });
  }
  if (problems.length > 0) throw new CorpusError(problems);
  // An imported fixture format, or an extra corpus's own schema, comes from schema.json; an authored suite's is built.
  const schema = existsSync(schemaPath)
    ? (readJson(schemaPath, display(schemaPath), root) as { $id?: string })
    : suiteSchema(manifest.suite, manifest.title, ops);
  const schemaId = registry.addSuiteSchema(schema, display(schemaPath));
  return {
    name: manifest.suite,
    title: manifest.title,
    ops,
    schemaId,
    ...(manifest.needs !== undefined ? { needs: manifest.needs } : {}),
    ...(manifest.opt_in !== undefined ? { opt_in: manifest.opt_in } : {}),
    ...(manifest.since !== undefined ? { since: manifest.since } : {}),
    ...(manifest.until !== undefined ? { until: manifest.until } : {}),
    ...(manifest.covers !== undefined ? { covers: manifest.covers } : {}),
    ...(manifest.import !== undefined ? { import: manifest.import } : {}),
  };
}

/** A JSON file of the corpus (a suite's schema.json), read like every corpus file. */
function readJson(path: string, display: string, root: string): unknown {
  const text = readCorpusText(path, display, root);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CorpusError([{ code: "corpus.schema", file: display, message: `not JSON: ${(error as Error).message}` }]);
  }
}

/** Loads the vectors in `dir` under `definition` (the folder's own, or a known suite it extends). */
export function loadSuiteVectors(
  dir: string,
  definition: SuiteDefinition,
  registry: SchemaRegistry,
  display: (p: string) => string,
  requirements: ReadonlyMap<string, Requirement> = new Map(),
  root = dirname(dir),
  keep: KeepVectors = (built) => built,
): LoadedSuitePart {
  const problems: CorpusProblem[] = [];
  const vectors: Vector[] = [];
  if (definition.import && existsSync(join(dir, MANIFEST))) {
    collect(problems, () =>
      vectors.push(...keep(importUpstream(dir, definition, definition.import!, registry, display, problems, requirements, root))),
    );
  } else {
    const files = readdirSync(dir)
      .filter((f) => /\.ya?ml$/.test(f) && f !== MANIFEST)
      .sort();
    for (const file of files) {
      collect(problems, () =>
        vectors.push(...keep(loadYamlFile(join(dir, file), definition, registry, display, problems, requirements, root))),
      );
    }
  }
  return { definition, dir, vectors, problems };
}

function loadYamlFile(
  path: string,
  definition: SuiteDefinition,
  registry: SchemaRegistry,
  display: (p: string) => string,
  problems: CorpusProblem[],
  requirements: ReadonlyMap<string, Requirement>,
  root: string,
): Vector[] {
  const source = readSource(path, display(path), root);
  const data = source.data as { suite?: unknown; provenance: Provenance; vectors: RawVector[]; since?: string; until?: string };
  if (data && typeof data === "object" && typeof data.suite === "string" && data.suite !== definition.name) {
    problems.push({
      code: "corpus.unknown_suite",
      file: source.file,
      line: source.lineOf("/suite"),
      pointer: "/suite",
      message: `file declares suite "${data.suite}" but lives in suite folder "${definition.name}"`,
    });
    return [];
  }
  if (!schemaValid(registry, definition, source, problems)) return [];
  const ctx = { ...suiteContext(definition, source, requirements), provenance: data.provenance, ...spanOf(data, definition) };
  return keepVectors(
    data.vectors.map((raw, i) => buildVector(raw, `/vectors/${i}`, ctx)),
    problems,
  );
}

function keepVectors(built: Array<Vector | CorpusProblem[]>, problems: CorpusProblem[]): Vector[] {
  const vectors: Vector[] = [];
  for (const item of built) {
    if (Array.isArray(item)) problems.push(...item);
    else vectors.push(item);
  }
  return vectors;
}

/** Upstream files are kept byte for byte; their recorded sha256 proves it before they are read. */
function importUpstream(
  dir: string,
  definition: SuiteDefinition,
  meta: UpstreamImport,
  registry: SchemaRegistry,
  display: (p: string) => string,
  problems: CorpusProblem[],
  requirements: ReadonlyMap<string, Requirement>,
  root: string,
): Vector[] {
  const path = join(dir, meta.file);
  if (!existsSync(path)) {
    problems.push({ code: "corpus.upstream_mismatch", file: display(path), message: "the imported upstream file is missing" });
    return [];
  }
  const text = readCorpusText(path, display(path), root);
  const bytes = Buffer.from(text, "utf8");
  const actual = sha256Hex(bytes);
  if (actual !== meta.sha256) {
    problems.push({
      code: "corpus.upstream_mismatch",
      file: display(path),
      message: `sha256 ${actual} differs from the recorded upstream ${meta.sha256}`,
    });
    return [];
  }
  const source = parseSource(display(path), text);
  if (!schemaValid(registry, definition, source, problems)) return [];
  const ctx = {
    ...suiteContext(definition, source, requirements),
    provenance: upstreamProvenance(meta),
    imported: true,
    ...(definition.covers !== undefined ? { covers: definition.covers } : {}),
    ...spanOf({}, definition),
  };
  const imported = IMPORTERS[meta.format](definition.name, source.data);
  return keepVectors(
    imported.map(({ pointer, ...raw }) => buildVector(raw, pointer, ctx)),
    problems,
  );
}

/** A file checked against its suite's schema; its problems are kept when it is not valid. */
function schemaValid(registry: SchemaRegistry, definition: SuiteDefinition, source: SourceFile, problems: CorpusProblem[]): boolean {
  const invalid = schemaProblems(registry, definition.schemaId, source);
  problems.push(...invalid);
  return invalid.length === 0;
}

/** What every vector of a suite's file is built with, authored or imported. */
function suiteContext(definition: SuiteDefinition, source: SourceFile, requirements: ReadonlyMap<string, Requirement>) {
  return {
    suite: definition.name,
    ops: definition.ops,
    file: source.file,
    lineOf: source.lineOf,
    requirements,
    ...(definition.needs !== undefined ? { needs: definition.needs } : {}),
  };
}

/** A file's protocol span, defaulting to its suite's. */
function spanOf(file: { since?: string; until?: string }, suite: SuiteDefinition): { since?: string; until?: string } {
  const since = file.since ?? suite.since;
  const until = file.until ?? suite.until;
  return { ...(since !== undefined ? { since } : {}), ...(until !== undefined ? { until } : {}) };
}

export function displayPath(cwd: string): (p: string) => string {
  return (p) => {
    const rel = relative(cwd, p);
    return rel.startsWith("..") ? p : rel;
  };
}
