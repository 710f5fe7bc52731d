/**
 * A case's differences told together, the way vitest and pytest tell them: a set (list-order.ts)
 * as the members missing from the answer and the ones extra in it, a list whose members only moved
 * as "the same members in another order", an object's keys as missing or extra. Everything else is
 * one difference a line (describe.ts). Only the telling changes: the differences themselves (their
 * pointers and values, which pinned answers are built from) are the judge's, untouched.
 */
import type { Difference } from "../model/difference.ts";
import { keyOfToken } from "../util/json-pointer.ts";
import { describeIn } from "./describe.ts";
import { isUnorderedList } from "./list-order.ts";

const INDEX = /^(0|[1-9][0-9]*)$/;
/** A member or key value longer than this is shown cut (the whole value is in report.json). */
const VALUE_CHARS = 160;

function parentOf(path: string): { parent: string; token: string } {
  const at = path.lastIndexOf("/");
  return {
    parent: path.slice(0, at),
    token: keyOfToken(path.slice(at + 1)),
  };
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length <= VALUE_CHARS ? text : `${text.slice(0, VALUE_CHARS - 1)}…`;
}

/** `wanted` less `less`, as multisets of JSON values. */
function without(wanted: readonly unknown[], less: readonly unknown[]): unknown[] {
  const left = new Map<string, number>();
  for (const v of less) left.set(JSON.stringify(v), (left.get(JSON.stringify(v)) ?? 0) + 1);
  return wanted.filter((v) => {
    const n = left.get(JSON.stringify(v)) ?? 0;
    if (n > 0) left.set(JSON.stringify(v), n - 1);
    return n === 0;
  });
}

/**
 * A list's differences by member. Each is a whole member at a position (a position equal on both
 * sides is no difference, so the members of these differences alone give what is missing and
 * extra). Undefined when the list must be told by position: an ordered list whose members changed.
 */
function tellList(parent: string, diffs: readonly Difference[], unordered: boolean): string | undefined {
  const expected = diffs.filter((d) => d.absent !== "expected").map((d) => d.expected);
  const actual = diffs.filter((d) => d.absent !== "actual").map((d) => d.actual);
  const missing = without(expected, actual);
  const extra = without(actual, expected);
  const at = parent || "/";
  if (missing.length === 0 && extra.length === 0) {
    const positions = diffs.map((d) => parentOf(d.path).token).join(", ");
    return `${at}: the same members in another order (at ${positions}: expected ${expected.map(shown).join(", ")}; got ${actual.map(shown).join(", ")})`;
  }
  if (!unordered) return undefined;
  const parts = [
    missing.length ? `missing ${missing.map(shown).join(", ")}` : "",
    extra.length ? `extra ${extra.map(shown).join(", ")}` : "",
  ];
  return `${at}: ${parts.filter(Boolean).join("; ")}`;
}

/** An object's keys the answer lacks or adds, in one line; keys present on both sides stay one line each. */
function tellKeys(parent: string, diffs: readonly Difference[]): string {
  const missing = diffs
    .filter((d) => d.absent === "actual")
    .map((d) => `${JSON.stringify(parentOf(d.path).token)} (expected ${shown(d.expected)})`);
  const extra = diffs.filter((d) => d.absent === "expected").map((d) => `${JSON.stringify(parentOf(d.path).token)}: ${shown(d.actual)}`);
  const parts = [
    missing.length ? `missing key${missing.length > 1 ? "s" : ""} ${missing.join(", ")}` : "",
    extra.length ? `extra key${extra.length > 1 ? "s" : ""} ${extra.join(", ")}` : "",
  ];
  return `${parent || "/"}: ${parts.filter(Boolean).join("; ")}`;
}

interface Group {
  readonly kind: "list" | "keys" | "one";
  readonly parent: string;
  readonly diffs: Difference[];
}

/** Differences gathered by what tells them: a list's members, an object's missing or extra keys, or one alone. */
function groupsOf(diffs: readonly Difference[]): Group[] {
  const groups: Group[] = [];
  const byKey = new Map<string, Group>();
  // Lists whose differences go below a member (an object member that changed inside) are told by position.
  const deep = new Set<string>();
  for (const d of diffs) {
    const tokens = d.path.split("/");
    for (let i = 1; i < tokens.length - 1; i++) if (INDEX.test(tokens[i]!)) deep.add(tokens.slice(0, i).join("/"));
  }
  for (const d of diffs) {
    const { parent, token } = parentOf(d.path);
    const index = INDEX.test(token) && d.path !== "";
    const kind = index ? (deep.has(parent) ? "one" : "list") : d.absent !== undefined && d.path !== "" ? "keys" : "one";
    const key = kind === "one" ? `one:${groups.length}` : `${kind}:${parent}`;
    const group = byKey.get(key) ?? { kind, parent, diffs: [] };
    if (!byKey.has(key)) {
      byKey.set(key, group);
      groups.push(group);
    }
    group.diffs.push(d);
  }
  return groups;
}

/** Every difference of a case, told as a person reads it, in the judge's order; `op` is the case's operation. */
export function describeDifferences(diffs: readonly Difference[], op?: string): string[] {
  return groupsOf(diffs).flatMap((g) => {
    if (g.kind === "keys") return [tellKeys(g.parent, g.diffs)];
    if (g.kind === "list" && (g.diffs.length > 1 || isUnorderedList(op, g.parent))) {
      const told = tellList(g.parent, g.diffs, isUnorderedList(op, g.parent));
      if (told) return [told];
    }
    return g.diffs.map((d) => describeIn(op, d));
  });
}
