/** A run's id: its start time, readable and sortable, plus a random tail so parallel runs never collide. */
import { randomBytes } from "node:crypto";

export function newRunId(now = new Date()): string {
  return `${now.toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}`;
}

/** What newRunId makes (`2026-11-29T08-52-15-577Z-c3c6c4`): how the kit recognises its own run folders. */
export const RUN_ID_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{6}$/;
