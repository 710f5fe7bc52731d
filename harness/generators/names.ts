/** Display names, tool names and input ids aimed at the normalisation and segment rules. */
import fc, { type Arbitrary } from "fast-check";
import { asciiWord, blankingUnit, rarelyLoneSurrogate, trickyString } from "./strings.ts";
import * as traps from "./unicode-traps.ts";

/** Names as people write them, several with a derived bundle_id different from the name. */
export const REALISTIC_NAMES = [
  "My Server!",
  "postgres-explorer",
  "Log Stream (display)",
  "web_search",
  "GitHub MCP",
  "飞书 MCP",
  "feishu-mcp",
  "A-b_C",
] as const;

/** Names with no ASCII letter or digit (separators, blanks, CJK, emoji…): the hash fallback path. */
export function emptyNormalisingName(): Arbitrary<string> {
  return fc.string({ unit: blankingUnit(), minLength: 1, maxLength: 6 });
}

/** A core wrapped in leading and trailing separators or blanks, which trimming must remove. */
export function separatorFramedName(): Arbitrary<string> {
  const edge = fc.string({ unit: fc.constantFrom("_", "-", " ", "\t", "\u3000", "\u200B", ".", "__"), maxLength: 3 });
  return fc.tuple(edge, trickyString({ minLength: 1, maxLength: 6 }), edge).map(([head, core, tail]) => head + core + tail);
}

/** ASCII around one spelling of an NFC/NFD pair: "café" and "cafe\u0301" must differ by one `_`. */
export function nfcNfdName(): Arbitrary<string> {
  return fc
    .tuple(asciiWord({ maxLength: 3 }), fc.constantFrom(...traps.NFC_NFD_PAIRS.flat()), asciiWord({ maxLength: 3 }))
    .map(([head, letter, tail]) => head + letter + tail);
}

export interface NameOptions {
  /** Allow the rare lone-surrogate name (default true); turn off where a config must stay valid. */
  readonly loneSurrogates?: boolean;
}

/**
 * A server display name: empty, realistic, tricky text, empty after normalisation (close to a third),
 * framed by separators, NFC/NFD spellings, and rarely a lone surrogate.
 */
export function serverName({ loneSurrogates = true }: NameOptions = {}): Arbitrary<string> {
  const name = fc.oneof(
    { weight: 4, arbitrary: fc.constant("") },
    { weight: 12, arbitrary: fc.constantFrom(...REALISTIC_NAMES) },
    { weight: 8, arbitrary: asciiWord({ maxLength: 10 }) },
    { weight: 40, arbitrary: trickyString({ maxLength: 10 }) },
    { weight: 10, arbitrary: emptyNormalisingName() },
    { weight: 12, arbitrary: separatorFramedName() },
    { weight: 6, arbitrary: nfcNfdName() },
  );
  return loneSurrogates ? rarelyLoneSurrogate(name) : name;
}

/** Original tool names, which may contain `__` themselves (routing must not split on it). */
export function toolName(): Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom("search", "web_search", "a__b", "__init__", "search__v2", "get-data", "Search", "_", "") },
    { weight: 2, arbitrary: trickyString({ maxLength: 6 }) },
  );
}

/** Input ids: pairs that collide once segmented ("a-b"/"a_b"/"a b"), case pairs, Unicode. */
export function inputId(): Arbitrary<string> {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom("api_key", "API_KEY", "db-host", "a-b", "a_b", "a b", "a.b", "token", "\u00E9", "e\u0301", ""),
    },
    { weight: 2, arbitrary: trickyString({ maxLength: 6 }) },
  );
}
