/**
 * A canary's whole-record scan: where any planted value appears in a case's record, every admitted
 * packet in both directions and on every namespace (events, acks, CONNECT auth, errors and their
 * details), and every admitted handshake's path and query (where a2c_version travels). No field is
 * picked in advance: a secret the Computer copies anywhere an Agent or the Server could read it is
 * found (security.md zero credential propagation; management-protocol.md §8).
 */
import type { WireHandshake, WirePacket } from "./scene-record.ts";

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

const pointerKey = (k: string) => k.replace(/~/g, "~0").replace(/\//g, "~1");

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
  const needles = canaries.filter((c) => typeof c === "string" && c !== "");
  if (needles.length === 0) return [];
  const found: string[] = [];
  const holds = (text: string) => needles.some((c) => text.includes(c));
  for (const p of packets) {
    const at = `${p?.dir === "out" ? "out:" : ""}${p?.event ?? p?.type}`;
    if (typeof p?.event === "string" && holds(p.event)) found.push(`${at} (event name)`);
    found.push(...canaryPointers(needles, p?.args ?? []).map((path) => `${at}${path}`));
  }
  for (const h of handshakes) if (typeof h?.url === "string" && holds(safeDecode(h.url))) found.push(`handshake:${h.url}`);
  return [...new Set(found)];
}

/** Each JSON pointer in a value where a canary shows (`<pointer> (key)` for an object key), in document order. */
export function canaryPointers(canaries: readonly string[], value: unknown): string[] {
  const needles = canaries.filter((c) => typeof c === "string" && c !== "");
  const found: string[] = [];
  const holds = (text: string) => needles.some((c) => text.includes(c));
  const walk = (v: unknown, path: string) => {
    if (typeof v === "string") {
      if (holds(v)) found.push(path);
    } else if (Array.isArray(v)) {
      for (const [i, item] of v.entries()) walk(item, `${path}/${i}`);
    } else if (isObject(v))
      for (const [k, item] of Object.entries(v)) {
        if (holds(k)) found.push(`${path}/${pointerKey(k)} (key)`);
        walk(item, `${path}/${pointerKey(k)}`);
      }
  };
  if (needles.length > 0) walk(value, "");
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
