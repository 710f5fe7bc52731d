/**
 * Protocol versions as a dimension of the matrix: the versions the kit has a corpus for
 * (vectors/_schema/protocols.json), how versions compare, and whether a vector applies to one.
 *
 * A version marked `draft` there (an unreleased cycle such as 0.5.0-dev) is known but never the
 * default: the latest version means the latest released one, and a span starting at a draft applies
 * only to a draft version (one `--protocol` names or a handshake claims), never to a released one.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SHARED_SCHEMA_DIR } from "./kit-files.ts";

interface ProtocolsFile {
  readonly versions: ReadonlyArray<{ readonly version: string; readonly source: string; readonly draft?: boolean }>;
}

const FILE = join(SHARED_SCHEMA_DIR, "protocols.json");
const ENTRIES = (JSON.parse(readFileSync(FILE, "utf8")) as ProtocolsFile).versions;
/** Every version the kit knows, oldest first, drafts included. */
export const PROTOCOL_VERSIONS: readonly string[] = ENTRIES.map((v) => v.version);
/** The released versions only, oldest first. */
export const RELEASED_PROTOCOLS: readonly string[] = ENTRIES.filter((v) => v.draft !== true).map((v) => v.version);
export const FIRST_PROTOCOL = PROTOCOL_VERSIONS[0]!;
/** The latest released version: what an implementation claiming nothing is judged against. Never a draft. */
export const LATEST_PROTOCOL = RELEASED_PROTOCOLS[RELEASED_PROTOCOLS.length - 1]!;
const DRAFTS: ReadonlySet<string> = new Set(ENTRIES.filter((v) => v.draft === true).map((v) => v.version));

/** MAJOR.MINOR.PATCH as numbers, or undefined for anything else (a pre-release tag included). */
export function parseVersion(text: string): readonly [number, number, number] | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(text);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

const PRERELEASE = /^(\d+\.\d+\.\d+)-([0-9A-Za-z.-]+)$/;

/** A draft: marked so in protocols.json, or any version with a pre-release tag (0.5.0-dev). */
export function isDraft(version: string): boolean {
  return DRAFTS.has(version) || PRERELEASE.test(version);
}

/** The version, with " (draft)" after a draft: how every view names a protocol version. */
export function protocolLabel(version: string): string {
  return isDraft(version) ? `${version} (draft)` : version;
}

/** Versions in order; a pre-release comes before its release (0.4.0 < 0.5.0-dev < 0.5.0). */
export function compareVersions(a: string, b: string): number {
  const [x, xTag] = split(a);
  const [y, yTag] = split(b);
  const base = x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  if (base !== 0 || xTag === yTag) return base;
  if (xTag === undefined || yTag === undefined) return xTag === undefined ? 1 : -1;
  return compareTags(xTag.split("."), yTag.split("."));
}

/** Pre-release identifiers as semver orders them: numbers numerically and before words, then by length. */
function compareTags(x: readonly string[], y: readonly string[]): number {
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const [a, b] = [x[i]!, y[i]!];
    if (a === b) continue;
    const [m, n] = [/^\d+$/.test(a), /^\d+$/.test(b)];
    if (m && n) return Number(a) - Number(b);
    if (m !== n) return m ? -1 : 1;
    return a < b ? -1 : 1;
  }
  return x.length - y.length;
}

function split(text: string): readonly [readonly [number, number, number], string | undefined] {
  const tagged = PRERELEASE.exec(text);
  const parsed = parseVersion(tagged ? tagged[1]! : text);
  if (!parsed) throw new Error(`not a protocol version: ${text}`);
  return [parsed, tagged?.[2]];
}

/** The protocol span a vector covers: from `since`, up to `until` inclusive when set. */
export interface ProtocolSpan {
  readonly since: string;
  readonly until?: string;
}

/** Whether a span holds at a version; a span starting at a draft holds at drafts only. */
export function applies(span: ProtocolSpan, version: string): boolean {
  if (isDraft(span.since) && !isDraft(version)) return false;
  return compareVersions(span.since, version) <= 0 && (span.until === undefined || compareVersions(version, span.until) <= 0);
}

export function describeSpan(span: ProtocolSpan): string {
  if (span.until === undefined) return `protocol ≥ ${protocolLabel(span.since)}`;
  return span.until === span.since ? `protocol ${protocolLabel(span.since)} only` : `protocol ${span.since} … ${protocolLabel(span.until)}`;
}

/** How a run chose the version an implementation is judged against. */
export interface ProtocolChoice {
  /** What the handshake claimed (null: nothing, or not a MAJOR.MINOR.PATCH version). */
  readonly claimed: string | null;
  readonly used: string;
  readonly source: "handshake" | "--protocol" | "latest";
}

/** `--protocol` wins; else a well-formed claim (or a draft the kit knows); else the latest released version. */
export function chooseProtocol(claimed: string | null, forced: string | undefined): ProtocolChoice {
  if (forced !== undefined) return { claimed, used: forced, source: "--protocol" };
  if (claimed !== null && (parseVersion(claimed) || DRAFTS.has(claimed))) return { claimed, used: claimed, source: "handshake" };
  return { claimed, used: LATEST_PROTOCOL, source: "latest" };
}

/**
 * "0.4.0 (claimed)", "0.3.2 (--protocol; claims 0.4.0)", "0.4.0 (latest; claims none)";
 * a draft says so first: "0.5.0-dev (draft; --protocol; claims 0.4.0)".
 */
export function describeProtocolChoice(choice: ProtocolChoice | undefined): string {
  if (!choice) return "–";
  const draft = isDraft(choice.used) ? "draft; " : "";
  if (choice.source === "handshake") return `${choice.used} (${draft}claimed)`;
  const claim = choice.claimed === null ? "claims none" : `claims ${choice.claimed}`;
  return `${choice.used} (${draft}${choice.source === "--protocol" ? "--protocol" : "latest"}; ${claim})`;
}

/** The versions for a message: "0.3.0, 0.3.2, 0.4.0, 0.5.0-dev (draft)". */
export function describeVersions(): string {
  return PROTOCOL_VERSIONS.map(protocolLabel).join(", ");
}
