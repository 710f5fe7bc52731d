// Runs the real CLI entry point as a user would, in a child process.

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";

export const BIN = fileURLToPath(new URL("../../bin/smcp-conformance.js", import.meta.url));

export function tempOut(): string {
  return mkdtempSync(join(tmpdir(), "smcp-out-"));
}

export async function cli(args: readonly string[], env: Record<string, string> = {}) {
  // Plain text whatever the environment: the console's colour is tested on its own (console tests).
  return execa("node", [BIN, ...args], { reject: false, stdin: "ignore", env: { NO_COLOR: "1", ...env } });
}
