/**
 * A local path planted in a management failure (conformance-tests.md §6: management errors holding
 * local paths are not copied into Agent-facing ErrorPayload.details). A stdio server of the scene gets
 * as its cwd a path under a temporary folder of the case's own, below a regular file, so no process
 * can start there (a Computer that creates a missing cwd cannot create this one either) and the
 * start's error names a local path the kit chose. The command stays the harness's own bridge: the
 * failed start runs nothing. The path is kept in the evidence (mcp_stdio), so the facts read it back.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import type { StdioCommand } from "../transport/index.ts";
import { canaryPointers, canarySightings } from "./canary-scan.ts";
import type { WirePacket } from "./scene-record.ts";

/** The prefix of the case's folder, which removal checks before it removes anything. */
const FOLDER_PREFIX = "smcp-cwd-";

/** A fresh folder holding a regular file `canary-<hex>`; the cwd is `<folder>/canary-<hex>/work`, which cannot exist. */
export async function makeUnusableCwd(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), FOLDER_PREFIX));
  const file = join(folder, `canary-${randomBytes(8).toString("hex")}`);
  await writeFile(file, "not a directory\n");
  return join(file, "work");
}

/** Removes the case's folder of a cwd made by makeUnusableCwd (anything else is left alone). */
export async function removeUnusableCwd(cwd: string): Promise<void> {
  const folder = dirname(dirname(cwd));
  if (basename(folder).startsWith(FOLDER_PREFIX) && dirname(folder) === tmpdir()) await rm(folder, { recursive: true, force: true });
}

/** The planted paths of a case: every stdio command's cwd in its evidence. */
export function plantedPathsOf(stdio: Readonly<Record<string, StdioCommand>> | undefined): string[] {
  return Object.values(stdio ?? {}).flatMap((c) => (typeof c?.cwd === "string" && c.cwd !== "" ? [c.cwd] : []));
}

/**
 * Where a planted path shows in an error's details: each JSON pointer, once. The needle is the
 * planted path itself and the file it runs through (a message that names only the part of the
 * path that exists still names the planted place).
 */
export function plantedPathInDetails(details: unknown, planted: readonly string[]): string[] {
  if (planted.length === 0) return [];
  return [...new Set(canaryPointers(needlesOf(planted), details).map((at) => at || "/"))];
}

/** Where a planted path shows in any packet the Computer sent (canary-scan.ts's `<event><pointer>` form). */
export function plantedPathSightings(planted: readonly string[], packets: readonly WirePacket[]): string[] {
  if (planted.length === 0) return [];
  return canarySightings(
    needlesOf(planted),
    packets.filter((p) => p?.dir === "in"),
  );
}

/** The path and the canary file's own name: the name alone is as distinctive as the whole path. */
function needlesOf(planted: readonly string[]): string[] {
  return [...new Set(planted.flatMap((p) => [p, basename(dirname(p))]))];
}
