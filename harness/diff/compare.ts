/**
 * Structural comparison returning every difference, named by JSON pointer, never a boolean.
 * At the top level only the keys the expectation names are compared (extra output keys such as a
 * verdict's `detail` are evidence); below it, values must be equal exactly. In an expected value,
 * `{"$json": X}` stands for "a string holding JSON that parses to X" (a value the wire carries as
 * JSON text, compared without caring how the text is spaced); `{"$includes": [texts]}` /
 * `{"$excludes": [texts]}` for a message that must hold / must not hold each text.
 */

import type { Difference } from "../model/difference.ts";
import { isOneOfMarker, isTextMarker, type OneOfMarker, type TextMarker } from "../model/expected-markers.ts";
import { pointerToken } from "../util/json-pointer.ts";

const MISSING = Symbol("missing");

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function diffExpected(expected: unknown, actual: unknown): Difference[] {
  if (isObject(expected) && isObject(actual) && !isJsonMarker(expected) && !isOneOfMarker(expected) && !isTextMarker(expected)) {
    return Object.keys(expected).flatMap((key) =>
      diffValues(expected[key], Object.hasOwn(actual, key) ? actual[key] : MISSING, `/${pointerToken(key)}`, true),
    );
  }
  return diffValues(expected, actual, "", true);
}

function isJsonMarker(value: unknown): value is { $json: unknown } {
  return isObject(value) && Object.keys(value).length === 1 && Object.hasOwn(value, "$json");
}

/** A marker the actual value does not meet: the whole marker as expected, and the value or its absence. */
function mismatch(path: string, expected: unknown, actual: unknown): Difference[] {
  return [{ path, expected, ...(actual === MISSING ? { absent: "actual" as const } : { actual }) }];
}

/** `{"$one_of": [A, B, …]}` against an actual value: no difference when it equals one of them, else one naming them all. */
function diffOneOf(expected: OneOfMarker, actual: unknown, path: string): Difference[] {
  if (expected.$one_of.some((alternative) => diffValues(alternative, actual, path, true).length === 0)) return [];
  return mismatch(path, expected, actual);
}

/** `{"$includes"|"$excludes": [texts]}` against an actual value (absent holds no text; a non-string is its JSON text). */
function diffText(expected: TextMarker, actual: unknown, path: string): Difference[] {
  const text = actual === MISSING ? "" : typeof actual === "string" ? actual : JSON.stringify(actual);
  const ok = expected.$includes
    ? expected.$includes.every((t) => text.includes(t))
    : (expected.$excludes ?? []).every((t) => !text.includes(t));
  if (ok) return [];
  return mismatch(path, expected, actual);
}

/** `{"$json": X}` against an actual value: it must be a string whose JSON parses to X. */
function diffJsonText(expected: { $json: unknown }, actual: unknown, path: string): Difference[] {
  if (typeof actual !== "string") return mismatch(path, expected, actual);
  let parsed: unknown;
  try {
    parsed = JSON.parse(actual);
  } catch {
    return [{ path, expected, actual }];
  }
  return diffValues(expected.$json, parsed, path, true);
}

/** Every difference, by pointer. `markers` lets an expected `{"$json": X}`, `{"$one_of": […]}` or a text marker stand for what it says (expectations only). */
export function diffValues(expected: unknown, actual: unknown, path = "", markers = false): Difference[] {
  if (markers && isJsonMarker(expected)) return diffJsonText(expected, actual, path);
  if (markers && isOneOfMarker(expected)) return diffOneOf(expected, actual, path);
  if (markers && isTextMarker(expected)) return diffText(expected, actual, path);
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const out: Difference[] = [];
    const length = Math.max(expected.length, actual.length);
    for (let i = 0; i < length; i++) {
      out.push(
        ...diffValues(i < expected.length ? expected[i] : MISSING, i < actual.length ? actual[i] : MISSING, `${path}/${i}`, markers),
      );
    }
    return out;
  }
  if (isObject(expected) && isObject(actual)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])];
    return keys.flatMap((key) =>
      diffValues(
        Object.hasOwn(expected, key) ? expected[key] : MISSING,
        Object.hasOwn(actual, key) ? actual[key] : MISSING,
        `${path}/${pointerToken(key)}`,
        markers,
      ),
    );
  }
  if (Object.is(expected, actual) || (expected === 0 && actual === 0)) return [];
  if (expected === MISSING) return [{ path, actual, absent: "expected" }];
  if (actual === MISSING) return [{ path, expected, absent: "actual" }];
  return [{ path, expected, actual }];
}
