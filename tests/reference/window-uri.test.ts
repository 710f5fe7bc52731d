// Properties of the reference's window:// URI parser (desktop.md §Window URI 规范), stated
// independently of its code: per-segment decoding round-trips, a query never changes the identity,
// and every input either parses or is refused with one of the op's three reasons.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as ref from "../../adapters/reference/src/index.ts";
import * as gen from "../../harness/generators/index.ts";

const RUNS = { seed: 20_261_130, numRuns: 1000 };
const REFUSALS = new Set(["window_uri.invalid_scheme", "window_uri.missing_host", "window_uri.invalid"]);
const host = fc.constantFrom("com.example.browser", "h", "a-b.c_d", "xn--nxasmq6b");
const segment = fc.string({ unit: "binary", maxLength: 6 }).filter(ref.isWellFormed);

function outcome(uri: string): { reason: string } | ref.WindowUri {
  try {
    return ref.parseWindowUri(uri);
  } catch (error) {
    if (error instanceof ref.InvalidInputError) return { reason: error.reason };
    throw error;
  }
}

describe("parseWindowUri", () => {
  it("gives back every segment that was percent-encoded on its own, '/' and '%' included", () => {
    // One empty segment is the path "/", which the kit reads as no segments (an observe point).
    const segments = fc.array(segment, { minLength: 1, maxLength: 4 }).filter((s) => !(s.length === 1 && s[0] === ""));
    fc.assert(
      fc.property(host, segments, (h, segments) => {
        const uri = `window://${h}/${segments.map(encodeURIComponent).join("/")}`;
        const parsed = ref.parseWindowUri(uri);
        return parsed.host === h && JSON.stringify(parsed.path) === JSON.stringify(segments);
      }),
      RUNS,
    );
  });

  it("a non-empty query changes nothing but the warning", () => {
    fc.assert(
      fc.property(host, fc.array(segment, { maxLength: 3 }), fc.string({ minLength: 1, maxLength: 5 }), (h, segments, query) => {
        const base = `window://${h}${segments.map((s) => `/${encodeURIComponent(s)}`).join("")}`;
        const plain = ref.parseWindowUri(base);
        const queried = ref.parseWindowUri(`${base}?${encodeURIComponent(query)}`);
        expect(queried.host).toBe(plain.host);
        expect(queried.path).toEqual(plain.path);
        expect(queried.warnings).toEqual([{ kind: "window_uri.query_dropped" }]);
        expect(plain.warnings).toEqual([]);
      }),
      RUNS,
    );
  });

  it("parses or refuses with one of the three reasons, never anything else", () => {
    fc.assert(
      fc.property(gen.windowUri(), (uri) => {
        const result = outcome(uri);
        return "reason" in result ? REFUSALS.has(result.reason) : result.host !== "";
      }),
      RUNS,
    );
  });

  it("refuses every scheme but window, in any case", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z0-9+.-]{0,8}$/), host, (scheme, h) => {
        const result = outcome(`${scheme}://${h}/x`);
        return scheme === "window" ? !("reason" in result) : "reason" in result && result.reason === "window_uri.invalid_scheme";
      }),
      RUNS,
    );
  });
});
