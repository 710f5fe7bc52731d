// The fuzz console: exploration lines as they come, shrink steps folded into one live line (TTY) or a count.
import { describe, expect, it } from "vitest";
import { fuzz } from "../../harness/fuzz/fuzz-run.ts";
import { progressSink } from "../../harness/fuzz/progress-sink.ts";
import { OP_ARBITRARIES } from "../../harness/generators/index.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";

/** Real progress lines: the reference against its own v0.3.0 reading disagrees on scoped renders. */
async function realLines(): Promise<string[]> {
  const lines: string[] = [];
  const implementations = [referenceInProcess(), referenceInProcess("0.3")];
  for (const impl of implementations) await impl.start();
  await fuzz({
    ops: ["render"],
    arbitraries: OP_ARBITRARIES,
    seed: 3,
    runs: 400,
    implementations,
    shrinksPerSignature: 2,
    onProgress: (l) => lines.push(l),
  });
  return lines;
}

describe("fuzz progress sink", () => {
  it("keeps the shrink lines off a non-terminal console (a count instead) and every line for the log", async () => {
    const lines = await realLines();
    const shrinks = lines.filter((l) => l.startsWith("fuzz: shrank "));
    expect(shrinks.length).toBeGreaterThan(0);
    let out = "";
    const sink = progressSink((t) => (out += t), false);
    for (const l of lines) sink.line(l);
    sink.close("reports/fuzz-x/fuzz-progress.log");
    expect(out).toBe(
      `${lines.filter((l) => !shrinks.includes(l)).join("\n")}\nfuzz: shrank ${shrinks.length} cases (each one: reports/fuzz-x/fuzz-progress.log)\n`,
    );
    expect(sink.lines).toEqual(lines);
  }, 60_000);

  it("on a terminal rewrites one line in place and clears it before the count", () => {
    let out = "";
    const sink = progressSink((t) => (out += t), true, 60);
    sink.line("fuzz: render: 400 cases, 9 disagreeing, 1 signatures (12 ms)");
    sink.line("fuzz: shrank render case 3 to 40 bytes in 7 steps");
    sink.line("fuzz: shrank render case 9 to 38 bytes in 5 steps");
    sink.close(undefined);
    expect(out.split("\n")).toEqual([
      "fuzz: render: 400 cases, 9 disagreeing, 1 signatures (12 ms)",
      "\r\x1b[Kfuzz: shrinking… 1 cases shrunk (last: render case 3 to 40 \r\x1b[Kfuzz: shrinking… 2 cases shrunk (last: render case 9 to 38 \r\x1b[Kfuzz: shrank 2 cases",
      "",
    ]);
  });
});
