/** Turns a schema-valid raw vector into a resolved Vector, or reports what is wrong with it. */
import { basename } from "node:path";
import { isOperation } from "../model/operations.ts";
import { applies, compareVersions, describeSpan, FIRST_PROTOCOL, PROTOCOL_VERSIONS } from "../model/protocols.ts";
import { isReason, isWarningKind } from "../model/reasons.ts";
import type { Requirement } from "../model/requirement.ts";
import type { Provenance, Vector } from "../model/vector.ts";
import { vectorContentHash } from "../model/vector-hash.ts";
import { pointerToken } from "../util/json-pointer.ts";
import type { CorpusProblem } from "./errors.ts";
import { tierFinding } from "./tier-check.ts";

export interface RawVector {
  readonly id: string;
  readonly description: string;
  readonly spec: Vector["spec"];
  readonly tier: Vector["tier"];
  readonly op: string;
  readonly input: Record<string, unknown>;
  readonly expected?: unknown;
  readonly expected_error?: { reason: string; details?: Record<string, unknown> };
  readonly provenance?: Provenance;
  readonly since?: string;
  readonly until?: string;
  readonly covers?: readonly string[];
  readonly near?: readonly string[];
  readonly optional?: string;
}

export interface VectorContext {
  readonly suite: string;
  readonly ops: readonly string[];
  readonly file: string;
  readonly provenance: Provenance;
  readonly needs?: string;
  /** The file's protocol span (itself defaulting to the suite's). */
  readonly since?: string;
  readonly until?: string;
  /** The requirement ids every vector of an imported suite checks (suite.yaml covers). */
  readonly covers?: readonly string[];
  /** An imported fixture's vectors: their ids come from the fixture (`<suite>/<its name>`), not from an author. */
  readonly imported?: boolean;
  /** Known requirements by id, to check `covers` against. */
  readonly requirements: ReadonlyMap<string, Requirement>;
  lineOf(pointer: string): number;
}

/** Semantic checks the schema cannot express: known op, op allowed in the suite, id prefix, reasons. */
export function buildVector(raw: RawVector, pointer: string, ctx: VectorContext): Vector | CorpusProblem[] {
  const problems: CorpusProblem[] = [];
  const problem = (code: CorpusProblem["code"], at: string, message: string) =>
    problems.push({ code, file: ctx.file, line: ctx.lineOf(at), vectorId: raw.id, pointer: at, message });

  if (!raw.id.startsWith(`${ctx.suite}/`)) problem("corpus.id_prefix", `${pointer}/id`, `id must start with "${ctx.suite}/"`);
  else if (!ctx.imported) {
    const shape = idShapeProblem(raw.id, ctx.suite, ctx.file);
    if (shape) problem("corpus.id_prefix", `${pointer}/id`, shape);
  }
  if (!isOperation(raw.op)) problem("corpus.unknown_op", `${pointer}/op`, `unknown operation "${raw.op}"`);
  else if (!ctx.ops.includes(raw.op))
    problem("corpus.unknown_op", `${pointer}/op`, `operation "${raw.op}" is not one of suite ${ctx.suite}'s ops (${ctx.ops.join(", ")})`);
  for (const [key, why] of unsafePaths(raw)) {
    problem(
      "corpus.unsafe_path",
      `${pointer}/input/files/${pointerToken(key)}`,
      `plugin file path ${JSON.stringify(key)} ${why}; adapters write these files, so only plain relative paths are allowed`,
    );
  }
  for (const [at, reason] of reasonsIn(raw, pointer)) {
    if (!isReason(reason))
      problem("corpus.unknown_reason", at, `reason "${reason}" is not in the kit's taxonomy (vectors/_schema/reasons.json)`);
  }
  for (const [at, kind] of warningKindsIn(raw, pointer)) {
    if (!isWarningKind(kind))
      problem("corpus.unknown_reason", at, `warning kind "${kind}" is not in the kit's taxonomy (vectors/_schema/reasons.json)`);
  }
  const since = raw.since ?? ctx.since ?? FIRST_PROTOCOL;
  const until = raw.until ?? ctx.until;
  for (const [field, version] of [
    ["since", since],
    ["until", until],
  ] as const) {
    if (version !== undefined && !PROTOCOL_VERSIONS.includes(version))
      problem(
        "corpus.unknown_protocol",
        `${pointer}/${field}`,
        `${field} ${version} is not a protocol version the kit has a corpus for (${PROTOCOL_VERSIONS.join(", ")})`,
      );
  }
  if (problems.length === 0 && until !== undefined && compareVersions(since, until) > 0)
    problem("corpus.unknown_protocol", `${pointer}/until`, `until ${until} is before since ${since}`);
  const declared = raw.covers ?? ctx.covers;
  const covers = declared ?? [];
  covers.forEach((id, i) => {
    const requirement = ctx.requirements.get(id);
    if (!requirement) problem("corpus.unknown_requirement", `${pointer}/covers/${i}`, `covers unknown requirement ${id} (vectors/_spec/)`);
    else if (
      problems.length === 0 &&
      !PROTOCOL_VERSIONS.some((v) => applies({ since, ...(until ? { until } : {}) }, v) && applies(requirement, v))
    )
      problem(
        "corpus.unknown_requirement",
        `${pointer}/covers/${i}`,
        `covers ${id}, which holds in ${describeSpan(requirement)}, but the vector applies to ${describeSpan({ since, ...(until ? { until } : {}) })}`,
      );
  });
  (raw.near ?? []).forEach((id, i) => {
    if (!ctx.requirements.has(id))
      problem("corpus.unknown_requirement", `${pointer}/near/${i}`, `near names unknown requirement ${id} (vectors/_spec/)`);
  });
  // The rule binds authored vectors: an imported fixture that names no requirement is judged on its own terms.
  const authored = (raw.provenance ?? ctx.provenance)?.source === "authored";
  if (problems.length === 0 && (authored || declared !== undefined)) {
    const finding = tierFinding(
      { tier: raw.tier, covers: declared, note: raw.spec?.note, contested: raw.spec?.contested },
      ctx.requirements,
    );
    if (finding) problem("corpus.tier", `${pointer}/${finding.at === "covers" && raw.covers ? "covers" : "tier"}`, finding.message);
  }
  if (problems.length > 0) return problems;

  return {
    id: raw.id,
    suite: ctx.suite,
    description: raw.description,
    spec: raw.spec,
    tier: raw.tier,
    op: raw.op,
    provenance: raw.provenance ?? ctx.provenance,
    input: raw.input,
    ...(raw.expected !== undefined ? { expected: raw.expected } : {}),
    ...(raw.expected_error !== undefined ? { expected_error: raw.expected_error } : {}),
    ...(ctx.needs !== undefined ? { needs: ctx.needs } : {}),
    since,
    ...(until !== undefined ? { until } : {}),
    covers,
    ...(raw.near !== undefined ? { near: raw.near } : {}),
    ...(raw.optional !== undefined ? { optional: raw.optional } : {}),
    content_hash: vectorContentHash({ ...raw, since, ...(until !== undefined ? { until } : {}) }),
    source: { file: ctx.file, line: ctx.lineOf(pointer) },
  };
}

/**
 * An authored id is `<suite>/<group>/<name>` (vectors/README.md): three parts, the group saying
 * which rule the vector belongs with. What is wrong, and an id of the right shape to start from.
 */
export function idShapeProblem(id: string, suite: string, file: string): string | undefined {
  const parts = id.split("/");
  if (parts.length === 3) return undefined;
  const group = basename(file).replace(/\.ya?ml$/, "") || "<group>";
  const example = parts.length < 3 ? `${suite}/${group}/${parts.slice(1).join("-")}` : `${suite}/${parts[1]}/${parts.slice(2).join("-")}`;
  return `id has ${parts.length} parts, but an id is <suite>/<group>/<name> (three, never changed once published): rename it, e.g. to ${example}`;
}

/** plugin.layout file maps become files in a temp folder: refuse anything that could escape it. */
function unsafePaths(raw: RawVector): Array<[string, string]> {
  const files = raw.op === "plugin.layout" ? (raw.input["files"] as Record<string, unknown> | undefined) : undefined;
  if (!files || typeof files !== "object") return [];
  return Object.keys(files).flatMap((key): Array<[string, string]> => {
    if (key.startsWith("/") || /^[A-Za-z]:/.test(key)) return [[key, "is absolute"]];
    if (key.includes("\\")) return [[key, "contains a backslash"]];
    if (key.includes("\0")) return [[key, "contains a NUL"]];
    const segments = key.replace(/\/$/, "").split("/");
    if (segments.some((s) => s === ".." || s === ".")) return [[key, "contains a . or .. segment"]];
    if (segments.some((s) => s === "")) return [[key, "contains an empty segment"]];
    return [];
  });
}

/** Every warning kind a vector expects (render's `warnings`), with its pointer. */
function warningKindsIn(raw: RawVector, pointer: string): Array<[string, string]> {
  const warnings = (raw.expected as Record<string, unknown> | undefined)?.["warnings"];
  if (!Array.isArray(warnings)) return [];
  return warnings.flatMap(
    (w: Record<string, unknown>, i): Array<[string, string]> =>
      typeof w?.["kind"] === "string" ? [[`${pointer}/expected/warnings/${i}/kind`, w["kind"]]] : [],
  );
}

/** Every reason code a vector expects, with its pointer: verdicts, errors and diagnostics. */
function reasonsIn(raw: RawVector, pointer: string): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  if (raw.expected_error) found.push([`${pointer}/expected_error/reason`, raw.expected_error.reason]);
  const expected = raw.expected as Record<string, unknown> | undefined;
  if (expected && typeof expected.reason === "string") found.push([`${pointer}/expected/reason`, expected.reason]);
  const diagnostics = expected?.["diagnostics"];
  if (Array.isArray(diagnostics)) {
    diagnostics.forEach((d: Record<string, unknown>, i) => {
      if (typeof d?.["reason"] === "string") found.push([`${pointer}/expected/diagnostics/${i}/reason`, d["reason"]]);
    });
  }
  return found;
}
