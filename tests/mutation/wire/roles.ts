/** The reference's live roles the wire campaign mutates, one folder each under adapters/reference/. */
import { readdirSync } from "node:fs";
import { join } from "node:path";

export const WIRE_ROLES = ["computer", "server", "agent"] as const;
export type WireRole = (typeof WIRE_ROLES)[number];

/** A role's source files, sorted, relative to the repository root. */
export function roleFiles(root: string, role: WireRole): string[] {
  const dir = `adapters/reference/${role}`;
  return readdirSync(join(root, dir))
    .filter((f) => f.endsWith(".ts"))
    .sort()
    .map((f) => `${dir}/${f}`);
}
