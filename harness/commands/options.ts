/** Option parsing every command shares: lists, numbers, durations, seeds, and implementation selection. */
import { type DriverOptions, MAX_TIMER_MS } from "../driver/subprocess-implementation.ts";
import { withExpectationFiles } from "../impl/expectations-override.ts";
import { defaultNames, knownNames, parseAdapterSpec, pinnedNames, type Selected, selectImplementations } from "../impl/registry.ts";
import type { Handshake, Implementation } from "../model/implementation.ts";
import { describeVersions, PROTOCOL_VERSIONS } from "../model/protocols.ts";
import { MCP_TRANSPORTS } from "../transport/index.ts";
import { didYouMean } from "../util/did-you-mean.ts";
import { terminalSafe } from "../util/terminal-text.ts";
import { UsageError } from "../util/usage-error.ts";

export interface SelectionOptions {
  readonly impl?: string;
  readonly adapter: string[];
  readonly strictProtocol?: boolean;
  readonly caseTimeout?: string;
  /** `--handshake-timeout <ms>`: how long an adapter may take to say hello (default 60 s). */
  readonly handshakeTimeout?: string;
  readonly window?: string;
  readonly maxMessageBytes?: string;
  readonly maxAdapterBytes?: string;
  /** `--expectations <impl>=<file>` (run only): the caller's known-gaps files. */
  readonly expectations?: string[];
  /** Without --impl: the run's matrix with older releases (run), or only the pinned releases (fuzz, lint, generate). */
  readonly defaults?: "run" | "pinned";
  /** `--protocol`: at a draft, plain `reference` is the reading that implements it (impl/registry.ts). */
  readonly protocol?: string;
}

/** A comma-separated list, blanks dropped. */
export function list(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** `--protocol <version>`: a version the kit knows (a draft included), else a usage error naming them. */
export function checkProtocol(value: string | undefined, what: string): void {
  if (value !== undefined && !PROTOCOL_VERSIONS.includes(value))
    throw new UsageError(`--protocol ${value}: the kit has ${what} for ${describeVersions()}`);
}

/** `--mcp-transport <kind>`: one the kit can mount (transport/stdio-bridge.ts); undefined for the default, streamable HTTP. */
export function mcpTransportOption(value: string | undefined): "stdio" | undefined {
  if (value === undefined || value === "streamable_http") return undefined;
  if (value === "stdio") return "stdio";
  throw new UsageError(`--mcp-transport ${value}: the kit mounts MCP servers over ${MCP_TRANSPORTS.join(" or ")}`);
}

/** A whole number from 1 to `max` (default: the largest safe integer); anything else is a usage error. */
export function positive(name: string, value: string | undefined, max = Number.MAX_SAFE_INTEGER, why = ""): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`${name} needs a positive whole number, got ${JSON.stringify(value)}`);
  if (n > max) throw new UsageError(`${name} is at most ${max}${why}, got ${value}`);
  return n;
}

/** Bounds of the driver's numbers: a timer cannot wait longer than 2^31−1 ms, and a line is read into one buffer. */
export const LIMITS = {
  caseTimeoutMs: MAX_TIMER_MS,
  window: 65_536,
  maxMessageBytes: 1024 * 1024 * 1024,
} as const;

/** `90`, `90s`, `2m` or `1500ms`. */
export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  if (!match) throw new UsageError(`--time-budget needs a duration such as 60s, 2m or 1500ms, got ${JSON.stringify(text)}`);
  const n = Number(match[1]);
  return match[2] === "ms" ? n : match[2] === "m" ? n * 60_000 : n * 1000;
}

export function parseSeed(text: string | undefined): number {
  if (text === undefined) return (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
  const n = Number(text);
  if (!Number.isInteger(n) || Math.abs(n) > 2 ** 31)
    throw new UsageError(`--seed needs a 32-bit whole number, got ${JSON.stringify(text)}`);
  return n | 0;
}

export function driverOptions(
  options: Pick<SelectionOptions, "strictProtocol" | "caseTimeout" | "handshakeTimeout" | "window" | "maxMessageBytes" | "maxAdapterBytes">,
): Partial<DriverOptions> {
  const caseTimeoutMs = positive("--case-timeout", options.caseTimeout, LIMITS.caseTimeoutMs, " (ms; a timer cannot wait longer)");
  const handshakeTimeoutMs = positive("--handshake-timeout", options.handshakeTimeout, MAX_TIMER_MS, " (ms; a timer cannot wait longer)");
  const window = positive("--window", options.window, LIMITS.window);
  const maxLineBytes = positive("--max-message-bytes", options.maxMessageBytes, LIMITS.maxMessageBytes);
  const maxAdapterBytes = positive("--max-adapter-bytes", options.maxAdapterBytes);
  return {
    strictProtocol: options.strictProtocol === true,
    ...(caseTimeoutMs !== undefined ? { caseTimeoutMs } : {}),
    ...(handshakeTimeoutMs !== undefined ? { handshakeTimeoutMs } : {}),
    ...(window !== undefined ? { window } : {}),
    ...(maxLineBytes !== undefined ? { maxLineBytes } : {}),
    ...(maxAdapterBytes !== undefined ? { maxAdapterBytes } : {}),
  };
}

/** `--impl` and `--adapter` (default: the main matrix, or the pinned releases), each name at most once. */
export function selectFromOptions(options: SelectionOptions): Selected[] {
  const driver = driverOptions(options);
  const defaults = options.defaults === "pinned" ? pinnedNames() : defaultNames();
  const names = options.impl === undefined ? (options.adapter.length > 0 ? [] : defaults) : list(options.impl);
  const known = knownNames();
  const unknown = names.find((n) => !known.includes(n.split("@")[0]!));
  if (unknown !== undefined)
    throw new UsageError(`--impl: unknown implementation "${unknown}"${didYouMean(unknown, known)} (known: ${known.join(", ")})`);
  const context = options.protocol === undefined ? {} : { protocol: options.protocol };
  const selected = [...selectImplementations(names, driver, context), ...options.adapter.map((spec) => parseAdapterSpec(spec, driver))];
  const duplicate = selected.map((s) => s.implementation.name).find((n, i, all) => all.indexOf(n) !== i);
  if (duplicate) throw new UsageError(`implementation "${duplicate}" is selected twice`);
  return withExpectationFiles(selected, options.expectations ?? []);
}

/** Starts each implementation in turn (fuzz and generate need them all); one that cannot start is a usage error. Returns their handshakes, in order. */
export async function startAll(implementations: readonly Implementation[]): Promise<Handshake[]> {
  const handshakes: Handshake[] = [];
  for (const impl of implementations) {
    const handshake = await impl.start().catch((error: Error) => {
      throw new UsageError(`implementation ${impl.name} could not start: ${error.message}`);
    });
    process.stderr.write(terminalSafe(`implementation ${impl.name}: ${handshake.sdk.name} ${handshake.sdk.version}\n`));
    handshakes.push(handshake);
  }
  return handshakes;
}
