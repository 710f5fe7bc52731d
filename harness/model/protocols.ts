/**
 * Protocol versions as a dimension of the matrix: the versions the kit has a corpus for
 * (vectors/_schema/protocols.json), how versions compare, and whether a vector applies to one.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SHARED_SCHEMA_DIR } from "./kit-files.ts";

interface ProtocolsFile {
  readonly versions: ReadonlyArray<{ readonly version: string; readonly source: string }>;
}

const FILE = join(SHARED_SCHEMA_DIR, "protocols.json");
export const PROTOCOL_VERSIONS: readonly string[] = (JSON.parse(readFileSync(FILE, "utf8")) as ProtocolsFile).versions.map(
  (v) => v.version,
);
export const FIRST_PROTOCOL = PROTOCOL_VERSIONS[0]!;
export const LATEST_PROTOCOL = PROTOCOL_VERSIONS[PROTOCOL_VERSIONS.length - 1]!;

/** MAJOR.MINOR.PATCH as numbers, or undefined for anything else (pre-release tags are not compared). */
export function parseVersion(text: string): readonly [number, number, number] | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(text);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

export function compareVersions(a: string, b: string): number {
  const x = parseVersion(a);
  const y = parseVersion(b);
  if (!x || !y) throw new Error(`not a protocol version: ${x ? b : a}`);
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/** The protocol span a vector covers: from `since`, up to `until` inclusive when set. */
export interface ProtocolSpan {
  readonly since: string;
  readonly until?: string;
}

export function applies(span: ProtocolSpan, version: string): boolean {
  return compareVersions(span.since, version) <= 0 && (span.until === undefined || compareVersions(version, span.until) <= 0);
}

export function describeSpan(span: ProtocolSpan): string {
  if (span.until === undefined) return `protocol ≥ ${span.since}`;
  return span.until === span.since ? `protocol ${span.since} only` : `protocol ${span.since} … ${span.until}`;
}

/** How a run chose the version an implementation is judged against. */
export interface ProtocolChoice {
  /** What the handshake claimed (null: nothing, or not a MAJOR.MINOR.PATCH version). */
  readonly claimed: string | null;
  readonly used: string;
  readonly source: "handshake" | "--protocol" | "latest";
}

/** `--protocol` wins; else a well-formed claim; else the latest version the kit has. */
export function chooseProtocol(claimed: string | null, forced: string | undefined): ProtocolChoice {
  if (forced !== undefined) return { claimed, used: forced, source: "--protocol" };
  if (claimed !== null && parseVersion(claimed)) return { claimed, used: claimed, source: "handshake" };
  return { claimed, used: LATEST_PROTOCOL, source: "latest" };
}

/** "0.4.0 (claimed)", "0.3.2 (--protocol; claims 0.4.0)", "0.4.0 (latest; claims none)". */
export function describeProtocolChoice(choice: ProtocolChoice | undefined): string {
  if (!choice) return "–";
  if (choice.source === "handshake") return `${choice.used} (claimed)`;
  const claim = choice.claimed === null ? "claims none" : `claims ${choice.claimed}`;
  return `${choice.used} (${choice.source === "--protocol" ? "--protocol" : "latest"}; ${claim})`;
}
