/**
 * window:// URIs (desktop.md §Window URI 规范): scheme window, a non-empty host, path segments
 * percent-decoded one by one (c%2Fd stays one segment, "c/d"); a query is dropped with a warning.
 * Where the page is silent the reading is RFC 3986's generic syntax, with the host kept as written.
 */
import { InvalidInputError } from "./errors.ts";
import type { WarningKind } from "./reasons.ts";
import { requireWellFormed } from "./unicode.ts";

export interface WindowUri {
  readonly host: string;
  readonly path: readonly string[];
  readonly warnings: ReadonlyArray<{ readonly kind: WarningKind }>;
}

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g;
const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** Parses a window URI, or throws window_uri.invalid_scheme / window_uri.missing_host / window_uri.invalid. */
export function parseWindowUri(uri: string): WindowUri {
  requireWellFormed(uri, "uri");
  const scheme = SCHEME.exec(uri);
  if (!scheme || scheme[1]!.toLowerCase() !== "window")
    throw new InvalidInputError("window_uri.invalid_scheme", `scheme ${JSON.stringify(scheme?.[1] ?? "")} is not window`);
  const { hierarchy, query } = splitUri(uri.slice(scheme[0].length));
  if (!hierarchy.startsWith("//")) throw new InvalidInputError("window_uri.missing_host", "no //host after window:");
  const afterSlashes = hierarchy.slice(2);
  const slash = afterSlashes.indexOf("/");
  const host = hostOf(slash < 0 ? afterSlashes : afterSlashes.slice(0, slash));
  if (host === "") throw new InvalidInputError("window_uri.missing_host", "the host is empty");
  const pathText = slash < 0 ? "" : afterSlashes.slice(slash);
  const path = pathText === "" || pathText === "/" ? [] : pathText.slice(1).split("/").map(decodeSegment);
  return { host, path, warnings: query ? [{ kind: "window_uri.query_dropped" }] : [] };
}

/** True when `uri` parses as a window URI (the desktop's step-1 test). */
export function isWindowUri(uri: string): boolean {
  try {
    parseWindowUri(uri);
    return true;
  } catch (error) {
    if (error instanceof InvalidInputError) return false;
    throw error;
  }
}

/** The URI with its query (from '?' up to a fragment) removed, everything else as written. */
export function withoutQuery(uri: string): string {
  const hash = uri.indexOf("#");
  const body = hash < 0 ? uri : uri.slice(0, hash);
  const question = body.indexOf("?");
  return question < 0 ? uri : body.slice(0, question) + (hash < 0 ? "" : uri.slice(hash));
}

/** What follows "scheme:", without fragment, split at the query ('?' alone is no query). */
function splitUri(rest: string): { hierarchy: string; query: string } {
  const hash = rest.indexOf("#");
  const beforeFragment = hash < 0 ? rest : rest.slice(0, hash);
  const question = beforeFragment.indexOf("?");
  if (question < 0) return { hierarchy: beforeFragment, query: "" };
  return { hierarchy: beforeFragment.slice(0, question), query: beforeFragment.slice(question + 1) };
}

/** The authority without userinfo and port; an IP literal keeps its brackets. */
function hostOf(authority: string): string {
  const hostPort = authority.slice(authority.lastIndexOf("@") + 1);
  if (hostPort.startsWith("[")) {
    const close = hostPort.indexOf("]");
    return close < 0 ? hostPort : hostPort.slice(0, close + 1);
  }
  return hostPort.replace(/:[0-9]*$/, "");
}

/** One segment percent-decoded over UTF-8 bytes; '+' stays a plus (this is not form encoding). */
function decodeSegment(segment: string): string {
  if (BAD_ESCAPE.test(segment))
    throw new InvalidInputError("window_uri.invalid", `malformed percent escape in segment ${JSON.stringify(segment)}`);
  return segment.replace(ESCAPES, (run) => {
    const bytes = Uint8Array.from(run.slice(1).split("%"), (hex) => Number.parseInt(hex, 16));
    try {
      return strictUtf8.decode(bytes);
    } catch {
      throw new InvalidInputError("window_uri.invalid", `segment ${JSON.stringify(segment)} does not decode to UTF-8 text`);
    }
  });
}
