// Properties of the reference's desktop organiser (desktop.md §Desktop 组织策略, §指定窗口获取),
// checked over the boundary-biased requests: the size rules, the shape of every entry, the window
// filter, and one window per server when a fullscreen window is kept.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as ref from "../../adapters/reference/src/index.ts";
import * as gen from "../../harness/generators/index.ts";
import { isWarningKind } from "../../harness/model/reasons.ts";

const RUNS = { seed: 20_261_130, numRuns: 1000 };
const requests = gen.desktopRequest().map((r) => r as unknown as ref.DesktopRequest);

/** A window with text content and a valid window URI that renders as this entry, if there is one. */
function sourceOf(entry: string, request: ref.DesktopRequest): ref.DesktopWindow | undefined {
  return request.windows.find((w) => {
    const texts = (w.contents ?? []).flatMap((c) => ("text" in c ? [c.text] : []));
    return texts.length > 0 && ref.isWindowUri(w.uri) && entry === `${ref.withoutQuery(w.uri)}\n\n${texts.join("\n\n")}`;
  });
}

describe("organizeDesktop", () => {
  it("a size of 0 or less gives nothing; a positive size caps the total", () => {
    fc.assert(
      fc.property(requests, fc.integer({ min: -3, max: 4 }), (request, size) => {
        const { desktops } = ref.organizeDesktop({ ...request, size });
        return size <= 0 ? desktops.length === 0 : desktops.length <= size;
      }),
      RUNS,
    );
  });

  it("every entry renders a window with text content and a valid window URI", () => {
    fc.assert(
      fc.property(requests, (request) => {
        for (const entry of ref.organizeDesktop(request).desktops) expect(sourceOf(entry, request)).toBeDefined();
      }),
      RUNS,
    );
  });

  it("with a window filter, every entry comes from a window whose URI is exactly the filter", () => {
    fc.assert(
      fc.property(requests, (request) => {
        if (request.window === undefined) return true;
        return ref
          .organizeDesktop(request)
          .desktops.every((entry) => sourceOf(entry, { ...request, windows: request.windows.filter((w) => w.uri === request.window) }));
      }),
      RUNS,
    );
  });

  it("a server whose first kept window is fullscreen contributes that window only", () => {
    const fullscreen = { bundle_id: "solo", uri: "window://solo.example/full", _meta: { fullscreen: true }, contents: [{ text: "full" }] };
    const other = { bundle_id: "solo", uri: "window://solo.example/side", annotations: { priority: 1 }, contents: [{ text: "side" }] };
    fc.assert(
      fc.property(requests, (request) => {
        const windows = [...request.windows.filter((w) => w.bundle_id !== "solo"), other, fullscreen];
        const { desktops } = ref.organizeDesktop({ windows, history: ["solo"] });
        return desktops[0] === "window://solo.example/full\n\nfull" && !desktops.includes("window://solo.example/side\n\nside");
      }),
      RUNS,
    );
  });

  it("warnings are distinct kinds of the taxonomy, sorted", () => {
    fc.assert(
      fc.property(requests, (request) => {
        const kinds = ref.organizeDesktop(request).warnings.map((w) => w.kind);
        return JSON.stringify(kinds) === JSON.stringify([...new Set(kinds)].sort()) && kinds.every(isWarningKind);
      }),
      RUNS,
    );
  });
});
