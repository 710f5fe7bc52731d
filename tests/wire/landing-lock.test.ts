// A scene that locks its landing root needs a machine where a folder can be made read-only to the
// kit's own user; the probe says so once, and leaves nothing behind.
import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { LANDING_LOCK_UNAVAILABLE, landingLockHolds, scriptLocksLanding } from "../../harness/wire/index.ts";

const landingFolders = () =>
  readdirSync(tmpdir())
    .filter((f) => f.startsWith("smcp-landing-"))
    .sort();

describe("landing-root lock probe", () => {
  it("finds the lock_landing step in a script, and nothing else", () => {
    expect(scriptLocksLanding({ script: [{ send: "client:put_blob" }, { lock_landing: true }] })).toBe(true);
    expect(scriptLocksLanding({ script: [{ send: "client:put_blob" }, { quiet: "trailing" }] })).toBe(false);
    expect(scriptLocksLanding({ landing_root: true })).toBe(false);
    expect(scriptLocksLanding(null)).toBe(false);
  });

  it("answers once per process and removes its scratch folder", async () => {
    const before = landingFolders();
    const first = landingLockHolds();
    expect(landingLockHolds()).toBe(first);
    expect(typeof (await first)).toBe("boolean");
    expect(landingFolders().filter((f) => !before.includes(f))).toEqual([]);
  });

  it("says why a case is kept out, naming the step", () => {
    expect(LANDING_LOCK_UNAVAILABLE).toContain("lock_landing");
  });
});
