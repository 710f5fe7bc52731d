/**
 * A parsed YAML document turned into JSON values, checked as it goes: the corpus is YAML for
 * people, but every value travels to adapters as JSON, so the in-process and subprocess
 * implementations must judge the same input. Anything JSON cannot carry is a corpus error with its
 * line: `.inf` / `.nan`, -0, integers past 2^53, timestamps, `!!binary`, any tag outside the JSON
 * types, keys that are not scalars. Aliases share the anchored value, within a budget on the size
 * they expand to (an alias bomb is refused, not expanded), and nesting is bounded.
 */
import { type Alias, type Document, isAlias, isMap, isPair, isScalar, isSeq, type LineCounter, type Node } from "yaml";
import { MAX_VALUE_DEPTH } from "../util/json-depth.ts";
import type { CorpusProblem } from "./errors.ts";

const JSON_TAGS = new Set(["str", "int", "float", "bool", "null", "map", "seq"].map((t) => `tag:yaml.org,2002:${t}`));

/** A file's structure around a vector's values (file → vectors → item → input). */
const FILE_DEPTH_ALLOWANCE = 4;
const MAX_PROBLEMS = 20;

export interface JsonConversion {
  readonly value: unknown;
  readonly problems: CorpusProblem[];
}

/** The budget on what aliases expand to, in bytes of JSON: ten times the file, plus 1 MiB. */
export function aliasBudget(textLength: number): number {
  return 10 * textLength + 1024 * 1024;
}

export function yamlToJson(doc: Document, lineCounter: LineCounter, file: string, text: string): JsonConversion {
  const problems: CorpusProblem[] = [];
  const memo = new Map<Node, { value: unknown; size: number }>();
  const open = new Set<Node>();
  const budget = aliasBudget(text.length);
  const maxDepth = MAX_VALUE_DEPTH + FILE_DEPTH_ALLOWANCE;
  let expanded = 0;
  let overBudget = false;

  const problem = (node: Node | null | undefined, message: string, code: CorpusProblem["code"] = "corpus.not_json") => {
    if (problems.length >= MAX_PROBLEMS) return;
    const offset = node?.range?.[0];
    problems.push({ code, file, ...(offset !== undefined ? { line: lineCounter.linePos(offset).line } : {}), message });
  };

  /** Converts one node; returns the value and the size (JSON bytes) it expands to. */
  const convert = (node: Node | Alias | null | undefined, depth: number): { value: unknown; size: number } => {
    if (node === null || node === undefined) return { value: null, size: 4 };
    if (overBudget) return { value: null, size: 0 };
    if (isAlias(node)) {
      const target = node.resolve(doc) as Node | undefined;
      if (!target) {
        problem(node, `alias *${node.source} names no anchor`);
        return { value: null, size: 4 };
      }
      if (open.has(target)) {
        problem(node, `alias *${node.source} refers to a value that contains it`);
        return { value: null, size: 4 };
      }
      const done = memo.get(target) ?? convert(target, depth);
      return account(node, done);
    }
    if (depth > maxDepth) {
      problem(node, `nested deeper than ${maxDepth} levels`, "corpus.too_large");
      return { value: null, size: 4 };
    }
    const tag = node.tag;
    if (tag !== undefined && !JSON_TAGS.has(tag))
      problem(node, `tag ${tag}: corpus values are JSON values (strings, numbers, booleans, null, maps, lists), with no tags`);
    if (node.anchor) open.add(node);
    let out: { value: unknown; size: number };
    if (isScalar(node)) out = scalar(node);
    else if (isSeq(node)) {
      const items: unknown[] = [];
      let size = 2;
      for (const item of node.items) {
        const c = convert(item as Node, depth + 1);
        items.push(c.value);
        size += c.size + 1;
      }
      out = { value: items, size };
    } else if (isMap(node)) {
      const object: Record<string, unknown> = {};
      let size = 2;
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = keyOf(pair.key as Node | null);
        const c = convert(pair.value as Node | null, depth + 1);
        if (key === undefined) continue;
        // defineProperty: a key such as "__proto__" is an own key, as JSON.parse makes it, never the prototype.
        Object.defineProperty(object, key, { value: c.value, enumerable: true, writable: true, configurable: true });
        size += key.length + 3 + c.size + 1;
      }
      out = { value: object, size };
    } else {
      problem(node, "a YAML node JSON cannot carry");
      out = { value: null, size: 4 };
    }
    if (node.anchor) {
      open.delete(node);
      memo.set(node, out);
    }
    return out;
  };

  /** An alias's expansion counts against the budget every time it is used. */
  const account = (node: Node | Alias, done: { value: unknown; size: number }) => {
    expanded += done.size;
    if (expanded > budget && !overBudget) {
      overBudget = true;
      problem(
        node as Node,
        `aliases expand past ${budget} bytes (ten times the file plus 1 MiB): refused rather than expanded`,
        "corpus.too_large",
      );
    }
    return done;
  };

  const keyOf = (key: Node | null): string | undefined => {
    const resolved = isAlias(key) ? (key.resolve(doc) as Node | undefined) : key;
    if (resolved === null || resolved === undefined) return "";
    if (!isScalar(resolved)) {
      problem(resolved, "a map key that is a list or a map: JSON keys are strings");
      return undefined;
    }
    const v = resolved.value;
    if (v === null || typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v))) return String(v);
    problem(resolved, `a map key JSON cannot carry: ${describe(v)}`);
    return undefined;
  };

  const sourceOf = (node: Node) => (node.range ? text.slice(node.range[0], node.range[1]).trim() : "");

  const scalar = (node: Node & { value: unknown }): { value: unknown; size: number } => {
    const v = node.value;
    if (v === null || typeof v === "boolean") return { value: v, size: 5 };
    if (typeof v === "string") return { value: v, size: v.length + 2 };
    if (typeof v === "number") {
      if (!Number.isFinite(v)) problem(node, `${v}: JSON has no ${Number.isNaN(v) ? "NaN" : "Infinity"}`);
      else if (Object.is(v, -0)) problem(node, "-0: JSON carries it as 0, so implementations would judge different inputs");
      else if (!Number.isSafeInteger(v) && Number.isInteger(v) && inexactInteger(sourceOf(node), v))
        problem(
          node,
          `${sourceOf(node)}: an integer past 2^53 that a number cannot hold exactly (it would arrive as ${v}; quote it if it is text)`,
        );
      return { value: v, size: 12 };
    }
    problem(node, `${describe(v)}: corpus values are JSON values (quote it if it is text)`);
    return { value: null, size: 4 };
  };

  const root = convert(doc.contents as Node | null, 0);
  return { value: root.value, problems };
}

/** How YAML writes an integer (decimal, 0x, 0o). */
const INTEGER_TEXT = /^([-+]?)(0x[0-9a-fA-F]+|0o[0-7]+|[0-9]+)$/;

/** An integer written in the file that the number it became does not equal (a float such as 1.0e+308 is not one). */
function inexactInteger(text: string, value: number): boolean {
  const match = INTEGER_TEXT.exec(text);
  if (!match) return false;
  const written = BigInt(match[2]!) * (match[1] === "-" ? -1n : 1n);
  return written !== BigInt(value);
}

function describe(value: unknown): string {
  if (value instanceof Date) return "a timestamp";
  if (value instanceof Uint8Array) return "binary data";
  if (typeof value === "bigint") return "a big integer";
  return `a ${typeof value}`;
}
