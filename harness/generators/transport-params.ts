/**
 * Valid `server_parameters` per transport, every field the TypedDicts require present: args and
 * maps with tricky keys and placeholder values (identity bytes hash them raw), string-only maps.
 */
import fc, { type Arbitrary } from "fast-check";
import type { JsonObject } from "../../adapters/reference/src/index.ts";
import { mapWithTrickyKeys } from "./maps.ts";
import { objectOf } from "./objects.ts";
import { configString } from "./placeholders.ts";

/** ISO-8601 durations the kit accepts, fractions and rarely used units included. */
export function isoDuration(): Arbitrary<string> {
  return fc.oneof(
    {
      weight: 2,
      arbitrary: fc.constantFrom("PT30S", "PT5M", "PT0S", "P1D", "PT1.5S", "PT1H", "P1W", "P0D", "PT0.001S", "P1Y2M3W4DT5H6M7.5S"),
    },
    { weight: 1, arbitrary: fc.nat({ max: 100_000 }).map((n) => `PT${n}S`) },
  );
}

/** sse timeouts: numbers of seconds, integers and fractions. */
export function seconds(): Arbitrary<number> {
  return fc.oneof({ weight: 2, arbitrary: fc.nat({ max: 3600 }) }, { weight: 1, arbitrary: fc.constantFrom(0.5, 300.25, 0.001, 86400) });
}

export function url(): Arbitrary<string> {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        "https://mcp.example.com/mcp",
        "http://localhost:8080/sse",
        "https://例子.测试/mcp",
        "https://mcp.example.com/a b",
        "",
      ),
    },
    { weight: 1, arbitrary: configString().map((path) => `https://mcp.example.com/${path}`) },
  );
}

/** A string map (env or headers) keyed by sort traps, values possibly with placeholders. */
export const stringMapOfConfigStrings = (): Arbitrary<Record<string, string>> => mapWithTrickyKeys(configString());

export function stdioParameters(): Arbitrary<JsonObject> {
  return objectOf({
    command: fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom("npx", "uvx", "fixture-echo-server", "/usr/bin/env") },
      { weight: 1, arbitrary: configString() },
    ),
    args: fc.array(configString(), { maxLength: 4 }),
    env: stringMapOfConfigStrings(),
    cwd: fc.option(fc.constantFrom("/tmp", "C:\\work", "", "${userHome}/x"), { nil: null }),
    encoding: fc.constantFrom("utf-8", "utf8", "latin-1", "gbk"),
    encoding_error_handler: fc.constantFrom("strict", "ignore", "replace"),
  });
}

export function streamableParameters(): Arbitrary<JsonObject> {
  return objectOf({
    url: url(),
    headers: stringMapOfConfigStrings(),
    timeout: isoDuration(),
    sse_read_timeout: isoDuration(),
    terminate_on_close: fc.boolean(),
  });
}

export function sseParameters(): Arbitrary<JsonObject> {
  return objectOf({ url: url(), headers: stringMapOfConfigStrings(), timeout: seconds(), sse_read_timeout: seconds() });
}
