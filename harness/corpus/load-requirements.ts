/**
 * Loads the requirements index (vectors/_spec/<revision>/*.yaml): every file checked against
 * requirements.schema.json, ids unique across all revisions, `contradicts` naming known ids, spans
 * within the revisions the kit knows. Problems are gathered and thrown together, like the corpus.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { KIT_VECTORS_DIR, SHARED_SCHEMA_DIR } from "../model/kit-files.ts";
import { compareVersions, PROTOCOL_VERSIONS } from "../model/protocols.ts";
import type { Requirement } from "../model/requirement.ts";
import { CorpusError, type CorpusProblem } from "./errors.ts";
import { readCorpusText } from "./read-file.ts";
import { errorMessage, errorPointer } from "./schema-registry.ts";
import { parseSource } from "./yaml-source.ts";

export const SPEC_DIR = join(KIT_VECTORS_DIR, "_spec");

export interface RequirementIndex {
  readonly requirements: ReadonlyMap<string, Requirement>;
}

type RawFile = { protocol: string; page: string; requirements: Array<Omit<Requirement, "page" | "since" | "text"> & { since?: string }> };

const validate = new Ajv({ allErrors: true }).compile(
  JSON.parse(readFileSync(join(SHARED_SCHEMA_DIR, "requirements.schema.json"), "utf8")),
);

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) return files(path);
      return /\.ya?ml$/.test(entry) ? [path] : [];
    });
}

export function loadRequirements(display: (p: string) => string = (p) => p, dir = SPEC_DIR): RequirementIndex {
  const problems: CorpusProblem[] = [];
  const requirements = new Map<string, Requirement>();
  const lineOfId = new Map<string, { file: string; line: number }>();
  for (const path of files(dir)) {
    let source: ReturnType<typeof parseSource>;
    try {
      source = parseSource(display(path), readCorpusText(path, display(path), dir));
    } catch (error) {
      if (error instanceof CorpusError) {
        problems.push(...error.problems);
        continue;
      }
      throw error;
    }
    if (!validate(source.data)) {
      for (const e of validate.errors ?? [])
        if (e.keyword !== "if")
          problems.push({
            code: "corpus.schema",
            file: source.file,
            line: source.lineOf(errorPointer(e)),
            pointer: errorPointer(e),
            message: errorMessage(e),
          });
      continue;
    }
    const data = source.data as RawFile;
    data.requirements.forEach((raw, i) => {
      const at = `/requirements/${i}`;
      const problem = (pointer: string, message: string) =>
        problems.push({
          code: "corpus.unknown_requirement",
          file: source.file,
          line: source.lineOf(pointer),
          vectorId: raw.id,
          pointer,
          message,
        });
      if (!raw.id.startsWith(`${data.page}/`)) problem(`${at}/id`, `requirement ids of page ${data.page} start with "${data.page}/"`);
      const first = lineOfId.get(raw.id);
      if (first) {
        problem(`${at}/id`, `requirement id listed twice (first at ${first.file}:${first.line})`);
        return;
      }
      const since = raw.since ?? data.protocol;
      for (const [field, version] of [
        ["since", since],
        ["until", raw.until],
      ] as const)
        if (version !== undefined && !PROTOCOL_VERSIONS.includes(version))
          problem(`${at}/${field}`, `${field} ${version} is not a revision the kit knows (${PROTOCOL_VERSIONS.join(", ")})`);
      if (
        raw.until !== undefined &&
        PROTOCOL_VERSIONS.includes(raw.until) &&
        PROTOCOL_VERSIONS.includes(since) &&
        compareVersions(since, raw.until) > 0
      )
        problem(`${at}/until`, `until ${raw.until} is before since ${since}`);
      lineOfId.set(raw.id, { file: source.file, line: source.lineOf(`${at}/id`) });
      requirements.set(raw.id, {
        ...raw,
        page: data.page,
        since,
        text: { protocol: data.protocol, file: source.file, line: source.lineOf(`${at}/id`) },
      });
    });
  }
  for (const r of requirements.values())
    for (const c of r.contradicts ?? [])
      if (!requirements.has(c.id))
        problems.push({
          code: "corpus.unknown_requirement",
          file: r.text.file,
          line: r.text.line,
          vectorId: r.id,
          message: `contradicts unknown requirement ${c.id}`,
        });
  if (problems.length > 0) throw new CorpusError(problems);
  return { requirements };
}
