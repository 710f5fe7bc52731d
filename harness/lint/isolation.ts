/**
 * The isolation lint: a vector about one rule must reach that rule in every implementation. For
 * a vector that expects a rejection, its input with the one fault repaired (its *base*) must be
 * accepted; for a vector that only carries configs (identity bytes, load diagnostics, plugin
 * layouts), each config the kit's reading accepts is itself the base. An implementation that
 * rejects a base answers the vector for another reason than its rule.
 */
import type { Json, JsonObject, Verdict } from "../../adapters/reference/src/index.ts";
import { ABSENT, applyPatch, type Field } from "../generators/objects.ts";
import type { Vector } from "../model/vector.ts";
import { pointerToken } from "../util/json-pointer.ts";
import { SERVER_CONFIG, SUBJECTS, type Subject } from "./subjects.ts";

/** One base to put to every implementation. */
export interface Probe {
  readonly vector: Vector;
  readonly subject: Subject;
  /** Where in the vector's input the subject sits (e.g. `/config`, `/servers/1/config`). */
  readonly at: string;
  readonly base: JsonObject;
  /** The repairs that made the base, in turn (more than one only for a check-order vector); absent when the base is carried as is. */
  readonly repairs?: readonly Repair[];
}

/** A rejecting vector whose faults give different reasons (its verdict depends on check order) without being a check-order vector, or that no repair makes acceptable. */
export interface NotIsolated {
  readonly vector: Vector;
  readonly reason: string;
  /** The faults found, in the kit's check order (empty: none could be repaired). */
  readonly repairs: readonly Repair[];
}

export interface Collected {
  readonly probes: readonly Probe[];
  readonly notIsolated: readonly NotIsolated[];
  /** Rejecting vectors whose whole input is the fault (not an object, a bare bundle_id): nothing around it to isolate. */
  readonly wholeInput: readonly Vector[];
}

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** The reason a verdict vector expects its input to be rejected for, or the kit's reason for an observe vector. */
function rejectionReason(vector: Vector, subject: Subject | undefined): string | undefined {
  const expected = vector.expected as { accepted?: unknown; reason?: unknown } | undefined;
  if (isObject(expected) && expected.accepted === false && typeof expected.reason === "string") return expected.reason;
  if (vector.tier !== "observe" || !subject) return undefined;
  const verdict = subject.check(vector.input[subject.key] as Json);
  return verdict.accepted ? undefined : (verdict.reason ?? undefined);
}

/** Value of `base` at `path`, or ABSENT. */
export function valueAt(base: JsonObject, path: readonly string[]): Field {
  let here: unknown = base;
  for (const key of path) {
    if (!isObject(here) || !Object.hasOwn(here, key)) return ABSENT;
    here = here[key];
  }
  return here as Json;
}

/** One repair: the faulty path, the plain value set there (ABSENT: the key removed), and the reason the fault gave. */
export interface Repair {
  readonly path: string;
  readonly value: Field;
  readonly reason: string;
}

const detail = (v: Verdict) => ("detail" in v ? v.detail : undefined);
const sameVerdict = (a: Verdict, b: Verdict) => a.accepted === b.accepted && a.reason === b.reason && detail(a) === detail(b);

/**
 * One fault repaired: of the paths the generators' fault tables give for the reason, then any
 * field, the deepest whose plain value changes the kit's verdict (accepted, or the next rule broken).
 */
function repairOne(subject: Subject, value: JsonObject, reason: string): (Omit<Repair, "reason"> & { base: JsonObject }) | null {
  const { base: plain } = subject.plain(value);
  const before = subject.check(value);
  const tabled = subject
    .faults(value)
    .filter((f) => f.reason === reason)
    .map((f) => f.path);
  let best: (Omit<Repair, "reason"> & { base: JsonObject; depth: number }) | null = null;
  const tried = new Set<string>();
  for (const path of [...tabled, ...subject.fieldPaths(value, plain)]) {
    const key = path.join(".");
    if (tried.has(key) || (best && best.depth >= path.length)) continue;
    tried.add(key);
    // A field is repaired inside its own object; a missing or mistyped object is repaired whole.
    if (path.length > 1 && !isObject(valueAt(value, path.slice(0, -1)))) continue;
    const fixed = valueAt(plain, path);
    const base = applyPatch(value, { path, value: fixed });
    if (!sameVerdict(subject.check(base), before)) best = { path: key, value: fixed, base, depth: path.length };
  }
  return best && { path: best.path, value: best.value, base: best.base };
}

/**
 * The input with its faults repaired one at a time until the kit's reading accepts it: one repair
 * for a vector that breaks one rule, more for a check-order vector. Null when no repair helps.
 */
export function repair(subject: Subject, value: JsonObject, reason: string): { repairs: Repair[]; base: JsonObject } | null {
  const repairs: Repair[] = [];
  let current = value;
  let verdict: Verdict = { accepted: false, reason };
  for (let step = 0; step < 12 && !verdict.accepted; step++) {
    const broken = verdict.reason ?? reason;
    const fixed = repairOne(subject, current, broken);
    if (fixed === null) return null;
    repairs.push({ path: fixed.path, value: fixed.value, reason: broken });
    current = fixed.base;
    verdict = subject.check(current);
  }
  return verdict.accepted ? { repairs, base: current } : null;
}

/**
 * Vectors that break several rules on purpose, to pin which is reported first: their group or
 * name says so (`<suite>/order/…`, `…/order-…`). Any other vector should break exactly one.
 */
export function isCheckOrderVector(id: string): boolean {
  return /\/order(\/|-)/.test(id);
}

/**
 * Configs a vector of another operation carries, with where they sit: the full configs of load
 * diagnostics and plugin layouts, whose rules are about ids, names and files, never the config's
 * own fields. Identity vectors (bundle_id.resolve, identity_bytes) are left out: they use the flat
 * connection-identity form, decoupled from config validation (data-structures §connection-identity),
 * and their subject is often the config's own content (null headers, a non-string value).
 */
function carriedConfigs(vector: Vector): Array<{ at: string; config: unknown }> {
  const input = vector.input;
  switch (vector.op) {
    case "load.diagnostics":
      return (Array.isArray(input["servers"]) ? input["servers"] : []).map((s, i) => ({
        at: `/servers/${i}/config`,
        config: (s as JsonObject)?.["config"],
      }));
    case "plugin.layout":
      return Object.entries(isObject(input["files"]) ? input["files"] : {})
        .filter(([path]) => /^mcp-servers\/[^/]+\.json$/.test(path) && path !== "mcp-servers/inputs.json")
        .flatMap(([path, text]) => {
          try {
            return [{ at: `/files/${pointerToken(path)}`, config: JSON.parse(String(text)) as unknown }];
          } catch {
            return [];
          }
        });
    default:
      return [];
  }
}

/** Every base the corpus implies, and the rejecting vectors that have none. */
export function collectProbes(vectors: readonly Vector[]): Collected {
  const probes: Probe[] = [];
  const notIsolated: NotIsolated[] = [];
  const wholeInput: Vector[] = [];
  for (const vector of vectors) {
    const subject = SUBJECTS[vector.op];
    const reason = rejectionReason(vector, subject);
    if (subject && reason !== undefined) {
      const value = vector.input[subject.key];
      if (!isObject(value) || reason.endsWith(".not_object")) {
        wholeInput.push(vector);
        continue;
      }
      const fixed = repair(subject, value, reason);
      if (fixed === null) notIsolated.push({ vector, reason, repairs: [] });
      else {
        // Several faults of one reason answer the same whatever the check order (an empty
        // server_parameters lacks every field); an observe vector may leave out several fields on
        // purpose (the guide's short examples). Neither is flagged.
        const reasons = new Set(fixed.repairs.map((r) => r.reason));
        if (reasons.size > 1 && vector.tier !== "observe" && !isCheckOrderVector(vector.id))
          notIsolated.push({ vector, reason, repairs: fixed.repairs });
        probes.push({ vector, subject, at: `/${subject.key}`, base: fixed.base, repairs: fixed.repairs });
      }
    } else if (reason !== undefined) {
      wholeInput.push(vector); // a verdict on a bare value (bundle_id.validate): the value is the fault
    } else if (!subject) {
      for (const { at, config } of carriedConfigs(vector)) {
        if (!isObject(config)) continue;
        // A config the kit's reading rejects is there for its fault (an illegal explicit id, a
        // plugin file's invalid config): it is repaired like a rejecting vector's input.
        const verdict = SERVER_CONFIG.check(config);
        if (verdict.accepted) {
          probes.push({ vector, subject: SERVER_CONFIG, at, base: config });
          continue;
        }
        const fixed = repair(SERVER_CONFIG, config, verdict.reason);
        if (fixed === null) notIsolated.push({ vector, reason: verdict.reason, repairs: [] });
        else probes.push({ vector, subject: SERVER_CONFIG, at, base: fixed.base, repairs: fixed.repairs });
      }
    }
  }
  return { probes, notIsolated, wholeInput };
}
