/**
 * `desktop.organize` inputs: a few servers (bundle_ids that sort differently by case and by
 * code point, one with a display-name-like id) with window resources that tie on priority, carry
 * priorities out of range or of the wrong type ("0.5", "NaN", true), fullscreen flags that are
 * not booleans, audiences without "assistant", empty / blob-only / mixed contents, URIs shared by
 * two servers, queries and invalid URIs; a history that names servers with and without windows;
 * size absent, null, negative, zero, small or larger than everything; a window filter that hits,
 * hits twice or misses by a character.
 */
import fc, { type Arbitrary } from "fast-check";
import type { Json, JsonObject } from "../../adapters/reference/src/index.ts";
import { constantJson, maybe, objectOf } from "./objects.ts";

const BUNDLE_IDS = ["b1", "b2", "a0", "B1", "b1-x", "b10"];
const URIS = [
  "window://com.example.browser/main",
  "window://com.example.browser/tab",
  "window://com.example.logger",
  "window://com.example.editor/src%2Fmain/file%20name",
  "window://com.example.shared/status",
  "window://com.example.browser/main/",
];
const ODD_URIS = ["window://com.example.mcp/page?priority=90", "http://example.com/x", "window://", "window://h/%FF"];
const PRIORITIES: Json[] = [0, 1, 0.5, 0.5, 0.1, 0.9, 1.5, -0.5, 1e308, 1.0000001, -1e-9, "0.5", "NaN", true, null];
const FULLSCREENS: Json[] = [true, false, "true", 1, null, "yes"];
const AUDIENCES: Json[] = [["assistant"], ["user"], ["user", "assistant"], [], "assistant"];
const TEXT_CONTENTS: Json[] = [[{ text: "T" }], [{ text: "T" }, { text: "line 2" }], [{ text: "T" }, { blob: "AAEC" }]];
const ODD_CONTENTS: Json[] = [[{ blob: "AAEC" }], [], [{ text: "" }], [{ text: "  padded  \n" }]];

const annotations = (): Arbitrary<Json> =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant(null) },
    {
      weight: 6,
      arbitrary: objectOf({
        priority: maybe(constantJson(...PRIORITIES), 7),
        audience: maybe(constantJson(...AUDIENCES), 3),
        lastModified: maybe(fc.constant("2026-01-15T08:30:00Z"), 1),
      }),
    },
  );

const meta = (): Arbitrary<Json> =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 4, arbitrary: objectOf({ fullscreen: maybe(constantJson(...FULLSCREENS), 5), priority: maybe(fc.constant(1), 1) }) },
  );

/** One window resource of one server; its text names it, so outputs show which window went where. */
function desktopWindow(): Arbitrary<JsonObject> {
  return fc
    .tuple(
      objectOf({
        bundle_id: fc.constantFrom(...BUNDLE_IDS),
        uri: fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...URIS) }, { weight: 1, arbitrary: fc.constantFrom(...ODD_URIS) }),
        annotations: maybe(annotations(), 7),
        _meta: maybe(meta(), 4),
        contents: maybe(
          fc.oneof({ weight: 4, arbitrary: constantJson(...TEXT_CONTENTS) }, { weight: 1, arbitrary: constantJson(...ODD_CONTENTS) }),
          9,
        ),
      }),
      fc.nat({ max: 99 }),
    )
    .map(([window, n]) => {
      const contents = window["contents"];
      if (!Array.isArray(contents)) return window;
      return {
        ...window,
        contents: contents.map((c) => (c !== null && typeof c === "object" && "text" in c && c["text"] === "T" ? { text: `w${n}` } : c)),
      };
    });
}

export function desktopRequest(): Arbitrary<JsonObject> {
  return fc
    .tuple(
      objectOf({
        windows: fc.array(desktopWindow(), { minLength: 1, maxLength: 6 }),
        history: maybe(fc.array(fc.constantFrom(...BUNDLE_IDS, "gone"), { maxLength: 5 }), 6),
        size: maybe(
          fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom<Json>(null, 1, 2, 3, 100) },
            { weight: 1, arbitrary: fc.constantFrom<Json>(0, -1) },
          ),
          5,
        ),
      }),
      fc.constantFrom("none", "none", "none", "none", "none", "hit", "hit", "miss"),
      fc.nat(),
    )
    .map(([request, filter, pick]) => {
      const windows = request["windows"] as JsonObject[];
      if (filter === "none" || windows.length === 0) return request;
      const uri = windows[pick % windows.length]!["uri"] as string;
      return { ...request, window: filter === "hit" ? uri : `${uri}/` };
    });
}
