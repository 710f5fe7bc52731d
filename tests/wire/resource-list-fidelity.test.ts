// The client:get_resources relay: what both readings of the entry's shape agree on (every value
// passed on) is judged; the MIME type's name and an unlisted MCP field dropped are readings of an
// open point; anything else is unexplained.
import { describe, expect, it } from "vitest";
import { resourceListFidelity } from "../../harness/wire/resource-list-fidelity.ts";
import { listedRecord } from "./listed-record.ts";

const listed = (resources: unknown[]) => listedRecord("resources/list", "resources", resources);
const resource = { uri: "window://x/y", name: "stock", title: "Stock", description: "d", mimeType: "text/plain", _meta: { k: 1 } };
const judged = (received: unknown) =>
  resourceListFidelity(listed([resource]), { resources: [received] }).changes.map((c) => [c.path, c.kind, c.open ? "open" : "unexplained"]);

describe("the resources relay", () => {
  it("passed on as is, or in the A2CResource mirror: nothing unexplained", () => {
    expect(resourceListFidelity(listed([resource]), { resources: [resource] }).changes).toEqual([]);
    const { mimeType, title, ...rest } = resource;
    expect(judged({ ...rest, mime_type: mimeType })).toEqual([
      ["/resources/0/title", "removed", "open"],
      ["/resources/0/mimeType", "removed", "open"],
      ["/resources/0/mime_type", "added", "open"],
    ]);
  });

  it("a value changed, a listed field dropped, a null written or a MIME type renamed with another value: unexplained", () => {
    expect(judged({ ...resource, description: "other" })).toEqual([["/resources/0/description", "changed", "unexplained"]]);
    const { _meta, ...noMeta } = resource;
    expect(judged(noMeta)).toEqual([["/resources/0/_meta", "removed", "unexplained"]]);
    expect(judged({ ...resource, size: null })).toEqual([["/resources/0/size", "added", "unexplained"]]);
    const { mimeType, ...noMime } = resource;
    expect(judged({ ...noMime, mime_type: "text/html" })).toEqual([
      ["/resources/0/mimeType", "removed", "unexplained"],
      ["/resources/0/mime_type", "added", "unexplained"],
    ]);
  });

  it("a resource the server did not list is not judged here; no resources/list says so", () => {
    expect(resourceListFidelity(listed([resource]), { resources: [{ uri: "kit://other" }] }).changes).toEqual([]);
    expect(resourceListFidelity({}, { resources: [] })).toMatchObject({ given: null, given_missing: "no_call" });
  });
});
