/**
 * What the A2CSkillRef.path values a Computer gave point at (skill.md §4, §6: a real, readable local
 * directory holding a SKILL package named after its frontmatter name). The harness runs on the
 * Computer's machine, so at the end of the script, while the Computer still serves, it looks at
 * every path its client:get_skills answers named and keeps what it found as evidence.
 */

import type { Stats } from "node:fs";
import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import { basename, isAbsolute, join } from "node:path";
import type { WirePacket } from "./scene-record.ts";

/** One path as found: a directory, readable and listable, holding a SKILL.md file, and its last segment. */
export interface SkillPathProbe {
  readonly is_dir: boolean;
  readonly readable: boolean;
  readonly skill_md: boolean;
  readonly base_name: string;
  /** The path is the very folder a mounted-mode root named (same device and inode once symlinks are followed); absent when the case mounted none. */
  readonly at_mount_dir?: boolean;
}

const MAX_PATHS = 32;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** The absolute path strings of every A2CSkillRef in the Computer's acks (a GetSkillsRet's skills), first 32. */
export function skillPathsIn(packets: readonly WirePacket[]): string[] {
  const paths = new Set<string>();
  for (const p of packets) {
    const value = p.dir === "in" && p.type === "ack" ? p.args?.[0] : undefined;
    if (!isObject(value) || !Array.isArray(value.skills)) continue;
    for (const ref of value.skills) if (isObject(ref) && typeof ref.path === "string" && isAbsolute(ref.path)) paths.add(ref.path);
  }
  return [...paths].slice(0, MAX_PATHS);
}

export async function probeSkillPaths(
  paths: readonly string[],
  mountDirs: readonly string[] = [],
): Promise<Record<string, SkillPathProbe>> {
  const mounts = (await Promise.all(mountDirs.map(statOf))).filter((s) => s !== undefined);
  const found = await Promise.all(paths.map(async (path) => [path, await probe(path, mountDirs.length > 0 ? mounts : undefined)] as const));
  return Object.fromEntries(found);
}

async function probe(path: string, mounts: readonly Stats[] | undefined): Promise<SkillPathProbe> {
  const st = await statOf(path);
  const isDir = st?.isDirectory() === true;
  const readable = isDir && (await canReadAndList(path));
  const skillMd = isDir && (await statOf(join(path, "SKILL.md")))?.isFile() === true;
  // A symlink or a bind mount shows the mounted folder itself; a copy is another inode.
  const atMount =
    mounts === undefined ? {} : { at_mount_dir: st !== undefined && mounts.some((m) => m.dev === st.dev && m.ino === st.ino) };
  return { is_dir: isDir, readable, skill_md: skillMd, base_name: basename(path), ...atMount };
}

const statOf = (path: string) => stat(path).catch(() => undefined);

async function canReadAndList(path: string): Promise<boolean> {
  try {
    await access(path, constants.R_OK | constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
