// Properties of the reference's landing root reading (blob-transfer.md §7): every trusted scope
// takes an absolute landingRoot as written; the project scope never yields one, whatever the value;
// a document without the key landingRoot yields none and refuses nothing.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as ref from "../../adapters/reference/src/index.ts";

const RUNS = { seed: 20_261_207, numRuns: 500 };
const trusted = fc.constantFrom(...ref.SETTINGS_SCOPES.filter((s) => s !== "project"));
const absolute = fc.tuple(fc.constantFrom("/", "C:\\", "d:/"), fc.string({ maxLength: 12 })).map(([root, rest]) => root + rest);

describe("readLandingRoot", () => {
  it("takes an absolute path from every trusted scope, as written", () => {
    fc.assert(
      fc.property(trusted, absolute, (scope, path) => {
        expect(ref.readLandingRoot(scope, { [ref.LANDING_ROOT_KEY]: path })).toEqual({ accepted: true, reason: null, landing_root: path });
      }),
      RUNS,
    );
  });

  it("never takes one from the project scope", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(ref.readLandingRoot("project", { landingRoot: value })).toEqual({ accepted: false, reason: "settings.untrusted_scope" });
      }),
      RUNS,
    );
  });

  it("reads only the key landingRoot, and checks type then form", () => {
    for (const key of ["landing_root", "LandingRoot", "landingroot"])
      expect(ref.readLandingRoot("user", { [key]: "/srv" })).toEqual({ accepted: false, reason: null });
    expect(ref.readLandingRoot("user", { landingRoot: 5 })).toMatchObject({ reason: "settings.wrong_type" });
    for (const path of ["", "srv", "~/srv", " /srv", "\\\\host\\share", "C:"])
      expect(ref.readLandingRoot("policy", { landingRoot: path }), path).toMatchObject({ reason: "settings.not_absolute" });
  });
});
