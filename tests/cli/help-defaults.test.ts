/** The help states the defaults the commands really apply (they live in the command modules, not in commander). */
import { describe, expect, it } from "vitest";
import { buildProgram } from "../../harness/cli/main.ts";
import { DEFAULT_GENERATE_GROUP } from "../../harness/commands/generate-command.ts";
import { DEFAULT_FUZZ_GROUP } from "../../harness/fuzz/candidates.ts";
import { DEFAULT_KEEP } from "../../harness/report/retention.ts";

function helpOf(command: string): string {
  const found = buildProgram().commands.find((c) => c.name() === command);
  if (!found) throw new Error(`no command ${command}`);
  // Commander wraps at the terminal width: compare on one line.
  return found.helpInformation({ error: false }).replace(/\s+/g, " ");
}

describe("help defaults", () => {
  it("run --keep names the retention default", () => {
    expect(helpOf("run")).toContain(`0 keeps all; default: ${DEFAULT_KEEP})`);
    expect(helpOf("merge")).toContain(`0 keeps all; default: ${DEFAULT_KEEP})`);
  });
  it("generate and fuzz --group name their id segment defaults", () => {
    expect(helpOf("generate")).toContain(`default: ${DEFAULT_GENERATE_GROUP})`);
    expect(helpOf("fuzz")).toContain(`default: ${DEFAULT_FUZZ_GROUP})`);
  });
  it("generate and fuzz take --into", () => {
    expect(helpOf("generate")).toContain("--into <file>");
    expect(helpOf("fuzz")).toContain("--into <file>");
  });
});
