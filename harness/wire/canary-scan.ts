/**
 * A canary's whole-record scan: where any planted value appears in a case's record, every admitted
 * packet in both directions and on every namespace (events, acks, CONNECT auth, errors and their
 * details), every admitted handshake's path and query (where a2c_version travels), and every answer
 * the SDK gave the harness's acts through its public API (its lifecycle state and diagnostics, the
 * errors it raised: runtime-contract.md §6, conformance-tests.md §3.2). No field is picked in
 * advance: a secret the Computer copies anywhere an Agent, the Server or the SDK's caller could read
 * it is found (security.md zero credential propagation; management-protocol.md §8).
 */

import { pointerToken } from "../util/json-pointer.ts";
import type { WireHandshake, WirePacket } from "./scene-record.ts";

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Each place a canary shows, once: `<event or packet type><JSON pointer>` for what the Computer sent
 * (the form the facts always had), `out:<event or packet type><pointer>` for what reached it, and
 * `handshake:<url>` for a handshake's path and query. Object keys are searched as well as values.
 */
export function canarySightings(
  canaries: readonly string[],
  packets: readonly WirePacket[],
  handshakes: readonly Pick<WireHandshake, "url">[] = [],
): string[] {
  const needles = needlesOf(canaries);
  if (needles.length === 0) return [];
  const found: string[] = [];
  for (const p of packets) {
    const at = `${p?.dir === "out" ? "out:" : ""}${p?.event ?? p?.type}`;
    if (typeof p?.event === "string" && holds(needles, p.event)) found.push(`${at} (event name)`);
    walk(needles, p?.args ?? [], "", at, found);
  }
  for (const h of handshakes) if (typeof h?.url === "string" && holds(needles, safeDecode(h.url))) found.push(`handshake:${h.url}`);
  return [...new Set(found)];
}

/** An answer the SDK gave outside the wire (a lifecycle act's), named for the sightings: `act:<name>`. */
export interface ScannedAnswer {
  readonly at: string;
  readonly value: unknown;
}

/** Each place a canary shows in the given answers, once: `<at><JSON pointer>` (keys searched as well as values). */
export function answerSightings(canaries: readonly string[], answers: readonly ScannedAnswer[]): string[] {
  const needles = needlesOf(canaries);
  if (needles.length === 0) return [];
  const found: string[] = [];
  for (const a of answers) walk(needles, a?.value, "", String(a?.at), found);
  return [...new Set(found)];
}

const needlesOf = (canaries: readonly string[]) => canaries.filter((c) => typeof c === "string" && c !== "");

const holds = (needles: readonly string[], text: string) => needles.some((c) => text.includes(c));

/** Every string value and object key under `value` that holds a needle, pushed as `<at><pointer>`. */
function walk(needles: readonly string[], value: unknown, path: string, at: string, found: string[]): void {
  if (typeof value === "string") {
    if (holds(needles, value)) found.push(`${at}${path}`);
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) walk(needles, item, `${path}/${i}`, at, found);
  } else if (isObject(value))
    for (const [k, item] of Object.entries(value)) {
      if (holds(needles, k)) found.push(`${at}${path}/${pointerToken(k)} (key)`);
      walk(needles, item, `${path}/${pointerToken(k)}`, at, found);
    }
}

/** Each JSON pointer in a value where a canary shows (`<pointer> (key)` for an object key), in document order. */
export function canaryPointers(canaries: readonly string[], value: unknown): string[] {
  const needles = needlesOf(canaries);
  const found: string[] = [];
  if (needles.length > 0) walk(needles, value, "", "", found);
  return found;
}

/** A handshake URL as text: a canary may travel percent-encoded in a query. */
function safeDecode(url: string): string {
  try {
    return `${url} ${decodeURIComponent(url)}`;
  } catch {
    return url;
  }
}
