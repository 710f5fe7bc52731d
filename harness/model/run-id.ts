/** A run's id: its start time, readable and sortable, plus a random tail so parallel runs never collide. */
import { randomBytes } from "node:crypto";

export function newRunId(now = new Date()): string {
  return `${now.toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}`;
}
