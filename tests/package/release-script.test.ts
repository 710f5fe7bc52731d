// scripts/release.mjs run in a throwaway repository with --dry-run: what it would tag, pack and
// publish for a version without a tag, and what it refuses (no changelog section, a dirty tree).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { describe, expect, it } from "vitest";

const SCRIPT = fileURLToPath(new URL("../../scripts/release.mjs", import.meta.url));

async function repo(version: string, changelog: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "release-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "smcp-conformance", version }));
  writeFileSync(join(dir, "CHANGELOG.md"), changelog);
  const git = (...args: string[]) => execa("git", ["-c", "user.name=t", "-c", "user.email=t@example.invalid", ...args], { cwd: dir });
  await git("init", "-q");
  await git("add", ".");
  await git("commit", "-qm", "init");
  return dir;
}

const release = (cwd: string) => execa(process.execPath, [SCRIPT, "--dry-run"], { cwd, reject: false });

describe("scripts/release.mjs --dry-run", () => {
  it("plans the annotated tag (changelog section as message), the pack, the publish with provenance and the push", async () => {
    const dir = await repo("1.2.0", "# Changelog\n\n## 1.2.0\n\n- pinned gaps\n\n## 1.1.0\n\n- older\n");
    const result = await release(dir);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.split("\n")).toEqual([
      'would run: git tag --annotate v1.2.0 --message "smcp-conformance 1.2.0\\n\\n- pinned gaps"',
      "would run: npm pack",
      "would run: npm publish --provenance --access public smcp-conformance-1.2.0.tgz",
      "would run: git push origin v1.2.0",
      "release: v1.2.0 checked (dry run)",
    ]);
  });

  it("a version already tagged is nothing to release", async () => {
    const dir = await repo("1.2.0", "## 1.2.0\n\n- x\n");
    await execa("git", ["-c", "user.name=t", "-c", "user.email=t@example.invalid", "tag", "-a", "v1.2.0", "-m", "x"], { cwd: dir });
    const result = await release(dir);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe("release: v1.2.0 exists; nothing to release");
  });

  it("refuses a version the changelog does not describe, and a dirty work tree", async () => {
    const missing = await release(await repo("1.3.0", "## 1.2.0\n\n- x\n"));
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain('CHANGELOG.md has no "## 1.3.0" section');
    const dir = await repo("1.2.0", "## 1.2.0\n\n- x\n");
    writeFileSync(join(dir, "stray.txt"), "x");
    const dirty = await release(dir);
    expect(dirty.exitCode).toBe(1);
    expect(dirty.stderr).toContain("?? stray.txt");
  });
});
