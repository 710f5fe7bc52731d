/** Help text shared by the commands: the filter syntax, retention, environment variables, examples. */

import { DEFAULT_KEEP } from "../report/retention.ts";

export const FILTER_HELP =
  "vector ids to run: with * or ? a glob over the whole id (* any characters, / included; ? one), without them a substring of the id (e.g. unicode, 'tlv/*/fullwidth-*')";

export const KEEP_HELP = `run folders to keep in --out: after the run, older ones the kit wrote are removed, never the one latest points at (0 keeps all; default: ${DEFAULT_KEEP})`;

export const HANDSHAKE_HELP =
  "how long an adapter may take from its start to its hello, in ms (default: 60000; a cold SDK environment on a slow runner may need more)";

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
