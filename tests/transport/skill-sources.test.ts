// The mounted and archive SKILLs a scene serves: the mounted package is a real folder while the
// case lives and is gone after; each archive is a gzipped ustar holding the package's files
// (read back with the reference's reader, which refuses a member climbing out of the package).
import { existsSync, mkdtempSync, readFileSync, readlinkSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { unpackTar } from "../../adapters/reference/computer/tar-reader.ts";
import { OUTSIDE_PACKAGE_TEXT, packageFiles, prepareSkillSources, removeSkillSources } from "../../harness/transport/skill-sources.ts";
import { tarGzOf } from "../../harness/transport/tar-writer.ts";

describe("skill sources", () => {
  it("writes the mounted package and removes it with the case", async () => {
    const sources = prepareSkillSources(["mounted"], "http://127.0.0.1:1/c/x");
    expect(sources.mountDir).toBeDefined();
    expect(readFileSync(join(sources.mountDir!, "SKILL.md"), "utf8")).toBe(packageFiles("mounted")["SKILL.md"]);
    await removeSkillSources(sources);
    expect(existsSync(sources.mountDir!)).toBe(false);
  });

  it("the symlink package's links leave it, to a file of the kit's own words", async () => {
    const sources = prepareSkillSources(["mounted", "mounted_symlink"], "http://127.0.0.1:1/c/x");
    const dir = sources.symlinkMountDir!;
    expect(dir).not.toBe(sources.mountDir);
    expect(readFileSync(join(dir, "SKILL.md"), "utf8")).toBe(packageFiles("mounted_symlink")["SKILL.md"]);
    expect(readlinkSync(join(dir, "escape"))).toBe("../outside-of-package");
    expect(readFileSync(join(dir, "escape", "secret.md"), "utf8")).toBe(OUTSIDE_PACKAGE_TEXT);
    expect(realpathSync(join(dir, "notes.md")).startsWith(`${dir}/`)).toBe(false);
    await removeSkillSources(sources);
    expect(existsSync(dir)).toBe(false);
  });

  const scratch = () => mkdtempSync(join(tmpdir(), "smcp-test-unpack-"));

  it("builds each archive as a gzipped tar of the package's files", () => {
    const sources = prepareSkillSources(["archive", "archive_tampered"], "http://127.0.0.1:1/c/x");
    const archive = sources.archives.get("archive-skill.tar.gz")!;
    const dir = scratch();
    try {
      const written = unpackTar(gunzipSync(archive), dir);
      const files = Object.fromEntries(written.map((rel) => [rel, readFileSync(join(dir, rel), "utf8")]));
      expect(files).toEqual(packageFiles("archive"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect([...sources.archives.keys()]).toEqual(["archive-skill.tar.gz", "tampered-skill.tar.gz"]);
  });

  it("builds the same bytes whenever it runs (the digest a root declares is stable)", () => {
    const files = packageFiles("archive");
    expect(tarGzOf(files).equals(tarGzOf(files))).toBe(true);
  });

  it("the reader refuses a member that leaves the package and writes nothing", () => {
    const dir = scratch();
    try {
      const hostile = gunzipSync(tarGzOf({ "SKILL.md": "ok", "../escape.md": "x" }, true));
      expect(() => unpackTar(hostile, join(dir, "pkg"))).toThrow(/leaves the package/);
      expect(existsSync(join(dir, "pkg"))).toBe(false);
      expect(existsSync(join(dir, "escape.md"))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
