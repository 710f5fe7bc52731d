#!/usr/bin/env node
// Releases the kit when package.json's version has no tag yet: checks that CHANGELOG.md has a
// section for it and the work tree is clean, then tags v<version> (annotated, the changelog section
// as its message), packs the kit and publishes the tarball with provenance, and pushes the tag.
// Run by .github/workflows/release.yml on every push to main (a version already tagged is a no-op);
// `--dry-run` checks everything and prints the commands instead of running them.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const dryRun = process.argv.includes("--dry-run");
const git = (...args) => execFileSync("git", args, { encoding: "utf8" }).trim();

function fail(message) {
  process.stderr.write(`release: ${message}\n`);
  process.exit(1);
}

const { name, version } = JSON.parse(readFileSync("package.json", "utf8"));
if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) fail(`package.json's version ${version} is not semver`);
const tag = `v${version}`;
if (git("tag", "--list", tag) === tag) {
  process.stdout.write(`release: ${tag} exists; nothing to release\n`);
  process.exit(0);
}
const changelog = readFileSync("CHANGELOG.md", "utf8");
const section = new RegExp(`^## ${version.replace(/[.+-]/g, "\\$&")}\\b[^\\n]*\\n([\\s\\S]*?)(?=^## |(?![\\s\\S]))`, "m").exec(changelog);
if (!section || section[1].trim() === "") fail(`CHANGELOG.md has no "## ${version}" section saying what changed`);
const dirty = git("status", "--porcelain");
if (dirty !== "") fail(`the work tree has uncommitted changes:\n${dirty}`);

const tarball = `${name}-${version}.tgz`;
const steps = [
  ["git", ["tag", "--annotate", tag, "--message", `${name} ${version}\n\n${section[1].trim()}`]],
  ["npm", ["pack"]],
  ["npm", ["publish", "--provenance", "--access", "public", tarball]],
  ["git", ["push", "origin", tag]],
];
for (const [command, args] of steps) {
  const shown = `${command} ${args.map((a) => (/[\s"]/.test(a) ? JSON.stringify(a) : a)).join(" ")}`;
  if (dryRun) process.stdout.write(`would run: ${shown}\n`);
  else execFileSync(command, args, { stdio: "inherit" });
}
process.stdout.write(`release: ${tag} ${dryRun ? "checked (dry run)" : "released"}\n`);
