// The set-up progress lines: redrawn in place on a terminal, a line per step and every ~10 s elsewhere.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type BoardOutput, ProgressBoard } from "../../harness/bootstrap/progress-board.ts";

/** A stream that records what is written to it. */
function fakeOutput(isTTY: boolean, columns = 80): BoardOutput & { text: string } {
  const out = {
    text: "",
    isTTY,
    columns,
    write(chunk: string) {
      out.text += chunk;
      return true;
    },
  };
  return out;
}

/** What a terminal would show after `text`: cursor-up-and-clear sequences applied. */
function screen(text: string): string[] {
  const lines: string[] = [""];
  const parts = text.split(/(\x1b\[\d+F\x1b\[J|\n)/);
  for (const part of parts) {
    if (part === "\n") lines.push("");
    else if (/^\x1b\[\d+F\x1b\[J$/.test(part)) {
      const up = Number(/\d+/.exec(part)![0]);
      lines.splice(lines.length - 1 - up, up + 1, "");
    } else lines[lines.length - 1] += part;
  }
  return lines.filter((line, i) => line !== "" || i < lines.length - 1);
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("not a terminal", () => {
  it("prints a line when a step starts, then again only after 10 s, and the closing message", () => {
    const out = fakeOutput(false);
    const board = new ProgressBoard(out);
    const line = board.start("rust 0.4.1", { step: "resolving" });
    line.update({ step: "compiling", done: 1, total: 10, unit: "crates" });
    vi.advanceTimersByTime(4_000);
    line.update({ step: "compiling", done: 2, total: 10, unit: "crates" });
    vi.advanceTimersByTime(7_000); // at 10 s: one periodic line
    line.update({ step: "compiling", done: 3, total: 10, unit: "crates" });
    line.end("[rust 0.4.1] built in 12 s (3 crates compiled)");
    vi.advanceTimersByTime(30_000); // nothing after the end
    expect(out.text.split("\n")).toEqual([
      "[rust 0.4.1] resolving · 0.0 s",
      "[rust 0.4.1] compiling 1/10 crates · 0.0 s",
      "[rust 0.4.1] compiling 2/10 crates · 10 s",
      "[rust 0.4.1] built in 12 s (3 crates compiled)",
      "",
    ]);
    expect(out.text).not.toContain("\x1b");
  });

  it("keeps one line per SDK when two set up at once", () => {
    const out = fakeOutput(false);
    const board = new ProgressBoard(out);
    const python = board.start("python 0.4.2", { step: "collecting", done: 0, total: 58, unit: "packages" });
    const rust = board.start("rust 0.4.1", { step: "resolving" });
    vi.advanceTimersByTime(10_500);
    python.end("[python 0.4.2] ready");
    rust.end("[rust 0.4.1] built");
    const lines = out.text.trimEnd().split("\n");
    expect(lines.filter((l) => l.startsWith("[python 0.4.2] collecting 0/58 packages"))).toHaveLength(2);
    expect(lines.filter((l) => l.startsWith("[rust 0.4.1] resolving"))).toHaveLength(2);
    expect(lines.slice(-2)).toEqual(["[python 0.4.2] ready", "[rust 0.4.1] built"]);
  });
});

describe("a terminal", () => {
  it("redraws the lines in place, with the elapsed time ticking, and leaves only the closing messages", () => {
    const out = fakeOutput(true);
    const board = new ProgressBoard(out);
    board.print("[rust 0.4.1] building the adapter");
    const rust = board.start("rust 0.4.1", { step: "resolving" });
    const python = board.start("python 0.4.2", { step: "collecting", done: 0, total: 3, unit: "packages" });
    vi.advanceTimersByTime(2_000);
    rust.update({ step: "compiling", done: 5, total: 9, totalIsBound: true, unit: "crates", current: "libc" });
    vi.advanceTimersByTime(1_000); // the next tick shows it
    expect(screen(out.text)).toEqual([
      "[rust 0.4.1] building the adapter",
      "[rust 0.4.1] compiling 5/≤9 crates (libc) · 3.0 s",
      "[python 0.4.2] collecting 0/3 packages · 3.0 s",
    ]);
    python.end("[python 0.4.2] ready in 3.0 s");
    vi.advanceTimersByTime(1_000);
    expect(screen(out.text)).toEqual([
      "[rust 0.4.1] building the adapter",
      "[python 0.4.2] ready in 3.0 s",
      "[rust 0.4.1] compiling 5/≤9 crates (libc) · 4.0 s",
    ]);
    rust.end("[rust 0.4.1] built in 4.0 s");
    expect(screen(out.text)).toEqual(["[rust 0.4.1] building the adapter", "[python 0.4.2] ready in 3.0 s", "[rust 0.4.1] built in 4.0 s"]);
  });

  it("throttles redraws between timer ticks", () => {
    const out = fakeOutput(true);
    const line = new ProgressBoard(out, { redrawMs: 250 }).start("rust", { step: "compiling", done: 0, unit: "crates" });
    const before = out.text.length;
    for (let i = 1; i <= 100; i++) line.update({ step: "compiling", done: i, unit: "crates" });
    expect(out.text.length).toBe(before); // within 250 ms of the first draw: no redraw
    vi.advanceTimersByTime(300);
    line.update({ step: "compiling", done: 101, unit: "crates" });
    expect(screen(out.text)).toEqual(["[rust] compiling 101 crates · 0.3 s"]);
    line.end("done");
  });

  it("cuts a line to the terminal's width so it never wraps", () => {
    const out = fakeOutput(true, 30);
    const line = new ProgressBoard(out).start("rust 0.4.1", {
      step: "compiling",
      done: 1,
      unit: "crates",
      current: "a-very-long-crate-name",
    });
    expect(screen(out.text)[0]).toHaveLength(29);
    expect(screen(out.text)[0]!.endsWith("…")).toBe(true);
    line.end("done");
  });

  it("moves other writes to the intercepted streams above the board, and lets go of them at the end", () => {
    const out = fakeOutput(true);
    const other = fakeOutput(true);
    // The intercepted stream and the board's output show on the same terminal here.
    other.write = (chunk: string) => {
      out.text += chunk;
      return true;
    };
    const ownWrite = other.write;
    const board = new ProgressBoard(out, { intercept: [other as unknown as NodeJS.WriteStream] });
    const line = board.start("rust", { step: "resolving" });
    other.write("conformance: reference done\n");
    other.write("partial ");
    vi.advanceTimersByTime(1_000); // mid-line: the board waits for the newline
    other.write("line\n");
    expect(screen(out.text)).toEqual(["conformance: reference done", "partial line", "[rust] resolving · 1.0 s"]);
    line.end("[rust] built");
    expect(other.write).toBe(ownWrite);
    expect(screen(out.text)).toEqual(["conformance: reference done", "partial line", "[rust] built"]);
  });
});
