// The two Rust manifests (0.4.1 and 0.3.2, both in the default run) build with one release profile:
// the 0.3.2 copy is kept in step by hand (a second manifest cannot inherit a profile), so drift fails here.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const profileOf = (path: URL) => {
  const text = readFileSync(path, "utf8");
  return text
    .slice(text.indexOf("[profile.release]"))
    .split("\n")
    .filter((l) => l.trim() !== "" && !l.trimStart().startsWith("#"))
    .join("\n");
};

describe("the Rust release profile", () => {
  it("is the same for every version's manifest", () => {
    const main = profileOf(new URL("../../adapters/rust/Cargo.toml", import.meta.url));
    expect(main).toContain("[profile.release.package.smcp-computer]");
    expect(profileOf(new URL("../../adapters/rust/versions/0.3.2/Cargo.toml", import.meta.url))).toBe(main);
  });
});
