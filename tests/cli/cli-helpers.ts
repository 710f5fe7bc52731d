// Runs the real CLI entry point as a user would, in a child process.

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { vi } from "vitest";

export const BIN = fileURLToPath(new URL("../../bin/smcp-conformance.js", import.meta.url));

export function tempOut(): string {
  return mkdtempSync(join(tmpdir(), "smcp-out-"));
}

export async function cli(args: readonly string[], env: Record<string, string> = {}) {
  // Plain text whatever the environment: the console's colour is tested on its own (console tests).
  return execa("node", [BIN, ...args], { reject: false, stdin: "ignore", env: { NO_COLOR: "1", ...env } });
}

/**
 * Runs the CLI's `main` in this process (so a test's vi.mock applies) with stdout silenced and
 * stderr kept: its exit code and what it said. `main` is passed in: the caller's mocked copy.
 */
export async function mainCaptured(
  main: (argv: readonly string[]) => Promise<number>,
  args: readonly string[],
): Promise<{ code: number; stderr: string }> {
  const said: string[] = [];
  const stderr = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    said.push(String(chunk));
    return true;
  });
  const stdout = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  try {
    return { code: await main(args), stderr: said.join("") };
  } finally {
    stderr.mockRestore();
    stdout.mockRestore();
  }
}
