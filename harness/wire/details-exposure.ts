import { pointerToken } from "../util/json-pointer.ts";

/**
 * What an Agent-facing error's details must not disclose (error-handling.md, details forbidden list;
 * management-protocol.md §8): internal addresses and ports, database connection information, stack
 * traces, local filesystem paths.
 * Each is matched by its textual form in any string of `details` (keys too), whatever the field.
 * A string the Agent itself sent in the request is no disclosure when echoed, so the request's own
 * strings are taken out of each text before it is matched. Pure.
 */

/** The kinds of disclosure, each with the forms that show it. */
const FORMS: ReadonlyArray<readonly [kind: string, form: RegExp]> = [
  // A dotted IPv4 address (loopback included: the Computer's MCP servers live there), or a host:port.
  ["address", /\b(?:\d{1,3}\.){3}\d{1,3}\b/],
  ["address", /\b(?:localhost|\[[0-9a-f:]+\]):\d{1,5}\b/i],
  // Database connection information: a database URL (postgresql://, mysql://, mongodb+srv://, jdbc:…),
  // any URL carrying user:password@, or a key=value DSN naming its database.
  [
    "database",
    /\b(?:postgres(?:ql)?|mysql|mariadb|mongodb|redis|rediss|mssql|sqlserver|oracle|sqlite|jdbc:[a-z0-9]+)(?:\+[a-z0-9]+)?:\/\//i,
  ],
  ["database", /\b[a-z][a-z0-9+.-]*:\/\/[^\s/@"':]+:[^\s/@"']*@/i],
  ["database", /\b(?:dbname|database|initial catalog)\s*=\s*[^\s;]+/i],
  // Python, Node and Rust traces.
  ["stack_trace", /Traceback \(most recent call last\)|File "[^"]+", line \d+/],
  ["stack_trace", /\n\s+at [^\n]*:\d+:\d+\)?/],
  ["stack_trace", /panicked at |stack backtrace:/],
  // An absolute local path under a system or user root, or a Windows drive path.
  ["local_path", /(?:^|[\s"'(=:,])\/(?:tmp|home|root|Users|var|usr|etc|opt|private|proc|mnt|srv|run)\/[^\s"')]*/],
  ["local_path", /\b[A-Za-z]:\\[^\s"')]+/],
];

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** Every string of a JSON value, keys included. */
function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, out);
  else if (isObject(value))
    for (const [k, item] of Object.entries(value)) {
      out.push(k);
      stringsOf(item, out);
    }
  return out;
}

/** Each disclosure in an error's details: `<kind> at <JSON pointer>`, once each. */
export function detailsExposure(details: unknown, request: unknown): string[] {
  const echoed = stringsOf(request)
    .filter((s) => s.length >= 3)
    .sort((a, b) => b.length - a.length);
  const found: string[] = [];
  const check = (text: string, at: string) => {
    const own = echoed.reduce((t, s) => t.split(s).join(" "), text);
    for (const [kind, form] of FORMS) if (form.test(own)) found.push(`${kind} at ${at}`);
  };
  const walk = (value: unknown, path: string) => {
    if (typeof value === "string") check(value, path || "/");
    else if (Array.isArray(value)) for (const [i, item] of value.entries()) walk(item, `${path}/${i}`);
    else if (isObject(value))
      for (const [k, item] of Object.entries(value)) {
        const at = `${path}/${pointerToken(k)}`;
        check(k, `${at} (key)`);
        walk(item, at);
      }
  };
  walk(details, "");
  return [...new Set(found)];
}

/** The details of an Agent-facing error answer: a flat ErrorPayload's, or a wrapped `{error: …}`'s; undefined otherwise. */
export function errorDetailsOf(answer: unknown): unknown {
  if (!isObject(answer)) return undefined;
  if (typeof answer.code === "number" && "details" in answer) return answer.details;
  if (isObject(answer.error) && "details" in answer.error) return answer.error.details;
  return undefined;
}
