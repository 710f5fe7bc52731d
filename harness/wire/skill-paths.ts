/**
 * What the A2CSkillRef.path values a Computer gave point at (skill.md §4, §6: a real, readable local
 * directory holding a SKILL package named after its frontmatter name). The harness runs on the
 * Computer's machine, so at the end of the script, while the Computer still serves, it looks at
 * every path its client:get_skills answers named and keeps what it found as evidence.
 */
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

export async function probeSkillPaths(paths: readonly string[]): Promise<Record<string, SkillPathProbe>> {
  const found = await Promise.all(paths.map(async (path) => [path, await probe(path)] as const));
  return Object.fromEntries(found);
}

async function probe(path: string): Promise<SkillPathProbe> {
  const isDir = (await statOf(path))?.isDirectory() === true;
  const readable = isDir && (await canReadAndList(path));
  const skillMd = isDir && (await statOf(join(path, "SKILL.md")))?.isFile() === true;
  return { is_dir: isDir, readable, skill_md: skillMd, base_name: basename(path) };
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
