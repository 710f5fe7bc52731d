/** Help text shared by the commands: the filter syntax, retention, environment variables, examples. */

import { Option } from "commander";
import { DEFAULT_DRIVER_OPTIONS } from "../driver/driver-options.ts";
import { DEFAULT_KEEP } from "../report/retention.ts";
import { RECORD_BYTES_PER_RUN } from "../run/record-budget.ts";

/** A byte count as the help prints it: 64 MiB, not 67108864. */
function mib(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/**
 * A repeatable option (values gathered into a list) whose help says what "not given" means
 * (`none`): commander would print the empty list as `(default: [])`.
 */
export function repeatable(flags: string, description: string, none: string): Option {
  return new Option(flags, `${description} (repeatable)`).argParser(collect).default([], none);
}

export const FILTER_HELP =
  "vector ids to run: with * or ? a glob over the whole id (* any characters, / included; ? one), without them a substring of the id (e.g. unicode, 'tlv/*/fullwidth-*')";

export const KEEP_HELP = `run folders to keep in --out: after the run, older ones the kit wrote are removed, never the one latest points at (0 keeps all; default: ${DEFAULT_KEEP})`;

export const HANDSHAKE_HELP = `how long an adapter may take from its start to its hello, in ms (default: ${DEFAULT_DRIVER_OPTIONS.handshakeTimeoutMs}; a cold SDK environment on a slow runner may need more)`;

export const CASE_TIMEOUT_HELP = `per-case timeout for subprocess adapters, in ms (default: ${DEFAULT_DRIVER_OPTIONS.caseTimeoutMs}; a live case whose scene has a longer box gets that box)`;

export const WINDOW_HELP = `most requests in flight per adapter (default: ${DEFAULT_DRIVER_OPTIONS.window})`;

export const MAX_MESSAGE_HELP = `longest line an adapter may write (default: ${DEFAULT_DRIVER_OPTIONS.maxLineBytes}, ${mib(DEFAULT_DRIVER_OPTIONS.maxLineBytes)}); a longer one is a protocol error`;

export const MAX_ADAPTER_HELP = `most answer bytes read from one adapter in the run (default: ${DEFAULT_DRIVER_OPTIONS.maxAdapterBytes}, ${mib(DEFAULT_DRIVER_OPTIONS.maxAdapterBytes)}); past it the adapter is stopped and its remaining cases are faults`;

export const MAX_RECORD_HELP = `most case-record bytes the run holds, shared by its implementations (default: ${RECORD_BYTES_PER_RUN}, ${mib(RECORD_BYTES_PER_RUN)}); past its share an implementation is stopped and its remaining cases are faults`;

/** What `--adapter` adds when it is not given, the same for every command that takes it. */
export const ADAPTER_NONE = "none: only the implementations --impl names";

export const ENVIRONMENT_HELP = `Environment:
  NO_COLOR                no colour in the console (any non-empty value; wins over FORCE_COLOR)
  FORCE_COLOR             colour even when the output is not a terminal (0 or false: never)
  SMCP_CONFORMANCE_CACHE  where SDK environments are built (default: $XDG_CACHE_HOME or ~/.cache, /smcp-conformance)
  SMCP_CONFORMANCE_TMPDIR the temporary directory given to adapters
  SMCP_CONFORMANCE_HEARTBEAT_MS  quiet this long (default 5000) before a "still waiting on" line (not on a terminal)
  GITHUB_ACTIONS, GITHUB_STEP_SUMMARY  on GitHub Actions: annotations and a step summary`;

export const EXAMPLES_HELP = `Examples:
  smcp-conformance run                                  the default matrix (reference and every SDK)
  smcp-conformance run --impl reference,python --suite tlv
  smcp-conformance run --filter unicode                 ids containing "unicode"
  smcp-conformance run --filter 'tlv/map-order/*' --tier must
  smcp-conformance run --last-failed                    again, only what failed last time
  smcp-conformance run --keep 5                         keep only the 5 newest run folders in reports/
  smcp-conformance list --suite tlv                     the ids a selection holds
  smcp-conformance show tlv/map-order/fullwidth-before-astral`;
