// show names a vector's file relative to the kit or to the extra corpus folder as given, never by
// this machine's absolute path (issue 45, item 3).
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { showCommand, shownVectorFile } from "../../harness/commands/show-command.ts";
import { KIT_ROOT } from "../../harness/model/kit-files.ts";
import { tempOut } from "../cli/cli-helpers.ts";

describe("show's file line", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is relative to the kit for the kit's corpus, and below the extra folder as given for another", () => {
    expect(shownVectorFile(join(KIT_ROOT, "vectors", "tlv", "utf8.yaml"))).toBe(join("vectors", "tlv", "utf8.yaml"));
    expect(shownVectorFile("/tmp/x/extra/explicit-id/a.yaml", ["not-this/extra", "/tmp/x/extra"])).toBe(
      join("/tmp/x/extra", "explicit-id", "a.yaml"),
    );
    expect(shownVectorFile(join(process.cwd(), "mine", "s.yaml"), ["mine"])).toBe(join("mine", "s.yaml"));
    // Neither under the kit nor under a folder given: as it is.
    expect(shownVectorFile("/elsewhere/s.yaml", [], "/kit")).toBe("/elsewhere/s.yaml");
  });

  it("prints a kit vector's file as vectors/…", () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((c) => written.push(String(c)) > 0);
    expect(showCommand("explicit-id/charset/trailing-newline", { out: tempOut(), vectors: [] })).toBe(0);
    const file = written
      .join("")
      .split("\n")
      .find((l) => l.startsWith("  file: "));
    expect(file).toMatch(/^ {2}file: vectors\/explicit-id\/[\w.-]+\.yaml:\d+$/);
    expect(written.join("")).not.toContain(KIT_ROOT);
  });
});
