/**
 * Placeholder text for rendering and for raw (unrendered) config values: `${input:…}`,
 * `${env:…}`, the predefined and deprecated names, unknown kinds, and malformed near-misses.
 */
import fc, { type Arbitrary } from "fast-check";
import { trickyString } from "./strings.ts";

/** Input ids that render inputs and placeholders share, so lookups hit as well as miss. */
export const PLACEHOLDER_INPUT_IDS = [
  "x",
  "token",
  "db-host",
  "api_key",
  "a/b",
  "",
  "\u00E9",
  "e\u0301",
  "a:b",
  "plug@market/token",
] as const;

/** Env names shared by render envs and placeholders; "PATH"/"Path" differ only in case. */
export const PLACEHOLDER_ENV_NAMES = ["A", "B", "PATH", "Path", "HOME", "API_BASE", "EMPTY", "", "\u00E9", "A-B", "A B"] as const;

/** Kinds nobody defines, and near-misses of real ones by case or spacing: all stay literal. */
export const UNKNOWN_PLACEHOLDERS = [
  "${foo}",
  "${config:x}",
  "${command:x}",
  "${INPUT:x}",
  "${Env:A}",
  "${ env:A}",
  "${userhome}",
  "${input}",
  "${env}",
  "${inputs:x}",
] as const;

/** Broken syntax that a lenient regex might still match: `${`, `${}`, nested braces, `$$`. */
export const MALFORMED_PLACEHOLDERS = [
  "${input:",
  "${}",
  "${",
  "$",
  "}",
  "$${env:A}",
  "${env:A}}",
  "${{env:A}}",
  "${input:a{b}",
  "\\${env:A}",
  "${env:}",
  "${input:}",
  "$ {env:A}",
  "{env:A}",
] as const;

/** A name from a pool, its first two entries most often (so renders' lookups hit), or tricky text. */
const nameFrom = (pool: readonly [string, string, ...string[]]): Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(pool[0], pool[1]) },
    { weight: 3, arbitrary: fc.constantFrom(...pool) },
    { weight: 1, arbitrary: trickyString({ maxLength: 4 }) },
  );

/** An input id as placeholders and render inputs use it. */
export const placeholderInputId = (): Arbitrary<string> => nameFrom(PLACEHOLDER_INPUT_IDS);

/** An env name as placeholders and render envs use it. */
export const placeholderEnvName = (): Arbitrary<string> => nameFrom(PLACEHOLDER_ENV_NAMES);

/** One placeholder token: input, env, predefined, deprecated, unknown or malformed. */
export function placeholderToken(): Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: placeholderInputId().map((id) => `\${input:${id}}`) },
    { weight: 5, arbitrary: placeholderEnvName().map((name) => `\${env:${name}}`) },
    { weight: 3, arbitrary: fc.constantFrom("${userHome}", "${pathSeparator}") },
    { weight: 1, arbitrary: fc.constant("${workspaceFolder}") },
    { weight: 2, arbitrary: fc.constantFrom(...UNKNOWN_PLACEHOLDERS) },
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_PLACEHOLDERS) },
  );
}

/** Literal text around placeholders, including the characters placeholder syntax is made of. */
export function literalPiece(): Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom("x", "Bearer ", "/", "://", "-", "$", "{", "}", ":") },
    { weight: 1, arbitrary: trickyString({ maxLength: 4 }) },
  );
}

/**
 * A string with placeholders: exactly one token (the whole-string case, typed value), or tokens
 * and literal text mixed (embedded, several, adjacent); shrinks towards "".
 */
export function placeholderString(): Arbitrary<string> {
  const mixed = fc.array(fc.oneof({ weight: 2, arbitrary: placeholderToken() }, { weight: 3, arbitrary: literalPiece() }), {
    maxLength: 5,
  });
  return fc.oneof(
    { weight: 6, arbitrary: mixed.map((pieces) => pieces.join("")) },
    { weight: 3, arbitrary: placeholderToken() },
    { weight: 1, arbitrary: fc.array(placeholderToken(), { minLength: 2, maxLength: 3 }).map((tokens) => tokens.join("")) },
  );
}

/** A string value in a config (command, arg, env or header value, url): plain or with placeholders. */
export function configString(): Arbitrary<string> {
  return fc.oneof({ weight: 3, arbitrary: trickyString({ maxLength: 6 }) }, { weight: 2, arbitrary: placeholderString() });
}
