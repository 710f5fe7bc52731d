/**
 * Protocol 2's batch answer line, `{"type":"batch","answers":[…]}` (keys in any order), split into
 * the exact text of each answer without parsing the line: each answer is then read and checked as
 * a line of its own, and its text is that case's evidence, byte for byte what the adapter wrote.
 */
import { MAX_MESSAGE_DEPTH } from "./messages.ts";

export type BatchScan =
  /** `others`: the keys besides type and answers, which the schema does not allow (--strict-protocol refuses them). */
  | { readonly kind: "batch"; readonly answers: readonly string[]; readonly others: readonly string[] }
  /** Not a batch, or not JSON at all: read as a line of its own (which reports what is wrong). */
  | { readonly kind: "single" }
  | { readonly kind: "bad"; readonly problem: string };

const SINGLE: BatchScan = { kind: "single" };

/** Past this nesting the scan stops: the line is refused as parseFromAdapter refuses a deep line. */
const DEPTH_LIMIT = MAX_MESSAGE_DEPTH + 2;

class Malformed extends Error {}
class TooDeep extends Error {}

export function scanBatchLine(line: string): BatchScan {
  try {
    return scan(line);
  } catch (error) {
    if (error instanceof TooDeep) return { kind: "bad", problem: `a batch nested deeper than ${DEPTH_LIMIT} levels` };
    if (error instanceof Malformed) return SINGLE;
    throw error;
  }
}

function scan(line: string): BatchScan {
  let i = skipSpace(line, 0);
  if (line.charCodeAt(i) !== 0x7b) return SINGLE;
  i = skipSpace(line, i + 1);
  let type: string | undefined;
  let answers: string[] | undefined;
  const others: string[] = [];
  if (line.charCodeAt(i) === 0x7d) return SINGLE;
  for (;;) {
    if (line.charCodeAt(i) !== 0x22) throw new Malformed();
    const keyEnd = stringEnd(line, i);
    const key = line.slice(i + 1, keyEnd - 1);
    i = skipSpace(line, keyEnd);
    if (line.charCodeAt(i) !== 0x3a) throw new Malformed();
    i = skipSpace(line, i + 1);
    if (key === "answers" && line.charCodeAt(i) === 0x5b) {
      answers = [];
      i = elements(line, i, answers);
    } else {
      const end = valueEnd(line, i, 1);
      if (key === "type") type = line.slice(i, end);
      else others.push(key);
      i = end;
    }
    i = skipSpace(line, i);
    const c = line.charCodeAt(i);
    if (c === 0x7d) break;
    if (c !== 0x2c) throw new Malformed();
    i = skipSpace(line, i + 1);
  }
  if (skipSpace(line, i + 1) !== line.length) throw new Malformed();
  if (type !== '"batch"') return SINGLE;
  if (answers === undefined) return { kind: "bad", problem: "a batch line without an answers array" };
  return { kind: "batch", answers, others };
}

/** Collects the text of each element of the array at `start`; returns the index after its `]`. */
function elements(line: string, start: number, into: string[]): number {
  let i = skipSpace(line, start + 1);
  if (line.charCodeAt(i) === 0x5d) return i + 1;
  for (;;) {
    const end = valueEnd(line, i, 2);
    into.push(line.slice(i, end));
    i = skipSpace(line, end);
    const c = line.charCodeAt(i);
    if (c === 0x5d) return i + 1;
    if (c !== 0x2c) throw new Malformed();
    i = skipSpace(line, i + 1);
  }
}

/** The index just after the JSON value at `i` (a string, an object or array, or a bare literal). */
function valueEnd(line: string, i: number, depthAt: number): number {
  const c = line.charCodeAt(i);
  if (c === 0x22) return stringEnd(line, i);
  if (c !== 0x7b && c !== 0x5b) {
    let j = i;
    while (j < line.length && !isDelimiter(line.charCodeAt(j))) j++;
    if (j === i) throw new Malformed();
    return j;
  }
  let depth = 0;
  for (let j = i; j < line.length; j++) {
    const d = line.charCodeAt(j);
    if (d === 0x22) j = stringEnd(line, j) - 1;
    else if (d === 0x7b || d === 0x5b) {
      if (++depth + depthAt > DEPTH_LIMIT) throw new TooDeep();
    } else if ((d === 0x7d || d === 0x5d) && --depth === 0) return j + 1;
  }
  throw new Malformed();
}

/** The index just after the closing quote of the string starting at `i`. */
function stringEnd(line: string, i: number): number {
  for (let j = i + 1; j < line.length; j++) {
    const c = line.charCodeAt(j);
    if (c === 0x5c) j++;
    else if (c === 0x22) return j + 1;
  }
  throw new Malformed();
}

function skipSpace(line: string, i: number): number {
  while (i < line.length) {
    const c = line.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0a) break;
    i++;
  }
  return i;
}

function isDelimiter(c: number): boolean {
  return c === 0x2c || c === 0x7d || c === 0x5d || c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
}

/** The batch line the harness writes: the calls' own lines joined, so each case's request text is exactly its call. */
export function batchLine(callLines: readonly string[]): string {
  return `{"type":"batch","calls":[${callLines.join(",")}]}`;
}
