// Set-up through stand-in tools (fixtures/bin): a progress line instead of the tools' output, which
// goes to a log file in the cache; a failure names that file and quotes its last lines.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cargoBuild } from "../../harness/bootstrap/cargo-build.ts";
import { pythonVenv } from "../../harness/bootstrap/python-venv.ts";
import { SetupLog } from "../../harness/bootstrap/setup-log.ts";
import { BootstrapError, streamCommand } from "../../harness/bootstrap/stream-command.ts";

const FAKE_BIN = fileURLToPath(new URL("fixtures/bin", import.meta.url));
const saved = { ...process.env };
let stderr = "";
let cache = "";

beforeAll(() => {
  cache = mkdtempSync(join(tmpdir(), "setup-cache-"));
  process.env["SMCP_CONFORMANCE_CACHE"] = cache;
  process.env["PATH"] = `${FAKE_BIN}${delimiter}${process.env["PATH"]}`;
  process.env["FAKE_CARGO_BINARY"] = "adapter";
  vi.spyOn(process.stderr, "write").mockImplementation((chunk: unknown) => {
    stderr += String(chunk);
    return true;
  });
});

afterAll(() => {
  vi.restoreAllMocks();
  process.env = saved;
});

/** The stderr written while `work` ran. */
async function stderrOf(work: () => Promise<unknown>): Promise<string> {
  const from = stderr.length;
  await work().catch(() => {});
  return stderr.slice(from);
}

function crate(): string {
  const dir = mkdtempSync(join(tmpdir(), "fake-crate-"));
  mkdirSync(join(dir, "src"));
  writeFileSync(join(dir, "src", "main.rs"), "fn main() {}\n");
  writeFileSync(join(dir, "Cargo.toml"), '[package]\nname = "adapter"\n');
  writeFileSync(join(dir, "Cargo.lock"), ["a", "b", "c", "d", "e", "f"].map((n) => `[[package]]\nname = "${n}"\n`).join("\n"));
  return dir;
}

const cargoRequest = (dir: string, version: string) => ({
  name: "fake-rust",
  version,
  dir,
  manifest: join(dir, "Cargo.toml"),
  binary: "adapter",
  inputs: ["src"],
});

describe("cargo set-up", () => {
  it("shows a progress line and a closing line, never cargo's own lines, which go to the log", async () => {
    const dir = crate();
    let binary = "";
    const shown = await stderrOf(async () => (binary = await cargoBuild(cargoRequest(dir, "1.0"))));
    expect(existsSync(binary)).toBe(true);
    const log = join(cache, "logs", "fake-rust-1.0-build.log");
    expect(shown).toContain(`[fake-rust 1.0] building the adapter into ${join(cache, "fake-rust", "target-1.0")}`);
    expect(shown).toContain(`cargo's output: ${log}`);
    expect(shown).toMatch(/\[fake-rust 1\.0\] (resolving|compiling \d\/≤6 crates)/);
    expect(shown).toMatch(/\[fake-rust 1\.0\] built in \S+ s \(4 crates compiled\)/);
    expect(shown).not.toContain("Compiling");
    const raw = readFileSync(log, "utf8");
    expect(raw).toContain("   Compiling openssl-sys v0.9.118");
    expect(raw).toContain("Finished `release` profile");
    // Unchanged inputs: cargo is skipped, nothing is printed.
    expect(await stderrOf(() => cargoBuild(cargoRequest(dir, "1.0")))).toBe("");
  });

  it("builds an older release (background) at a lower CPU priority than the latest, and says so", async () => {
    const own = Number(execFileSync("nice", { encoding: "utf8" }).trim());
    const latest = crate();
    await cargoBuild(cargoRequest(latest, "3.0"));
    expect(readFileSync(join(cache, "logs", "fake-rust-3.0-build.log"), "utf8")).toContain(`fake cargo niceness ${own}\n`);
    const older = crate();
    const shown = await stderrOf(() => cargoBuild({ ...cargoRequest(older, "0.9"), background: true }));
    expect(shown).toContain("at a lower priority than the latest release's build");
    expect(readFileSync(join(cache, "logs", "fake-rust-0.9-build.log"), "utf8")).toContain(
      `fake cargo niceness ${Math.min(own + 10, 19)}\n`,
    );
  });

  it("fails with the log's path and its last lines in the error", async () => {
    process.env["FAKE_CARGO_FAIL"] = "1";
    try {
      const request = cargoRequest(crate(), "2.0");
      const log = join(cache, "logs", "fake-rust-2.0-build.log");
      const error = await cargoBuild(request).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BootstrapError);
      const message = (error as Error).message;
      expect(message).toContain("cargo build --release --locked --manifest-path");
      expect(message).toContain("(exit code 101)");
      expect(message).toContain(`full output in ${log}`);
      expect(message).toContain("  |   cc: fatal error: no such file");
      expect(message.split("\n").length).toBeLessThanOrEqual(16);
      expect(stderr).toContain(`[fake-rust 2.0] build failed after`);
    } finally {
      delete process.env["FAKE_CARGO_FAIL"];
    }
  });
});

describe("python set-up", () => {
  function lock(): string {
    const file = join(mkdtempSync(join(tmpdir(), "fake-lock-")), "lock.txt");
    writeFileSync(file, ["alpha==1.0 \\", "    --hash=sha256:00", "beta==2.0 \\", "    --hash=sha256:11", "gamma==3.0", ""].join("\n"));
    return file;
  }

  it("counts the locked packages in its progress and keeps pip's lines in the log", async () => {
    const lockFile = lock();
    const shown = await stderrOf(() => pythonVenv({ sdk: "fake-sdk", version: "1.0", lockFile, label: "fake-py" }));
    expect(shown).toContain("[fake-py 1.0] first use of fake-sdk 1.0");
    expect(shown).toContain("3 locked packages");
    expect(shown).toMatch(/\[fake-py 1\.0\] ready in \S+ s \(3 packages\)/);
    expect(shown).not.toContain("Collecting");
    const log = /pip's output: (\S+)\)/.exec(shown)![1]!;
    expect(readFileSync(log, "utf8")).toContain("Collecting gamma==3.0");
  });

  it("rebuilds a cached venv whose interpreter is gone (a CI cache restored after the runner's Python moved), saying why", async () => {
    const lockFile = lock();
    const first = await pythonVenv({ sdk: "fake-sdk", version: "3.0", lockFile, label: "fake-py" });
    const gone = "/opt/hostedtoolcache/Python/3.11.9/x64/bin/python3";
    rmSync(first.python);
    symlinkSync(gone, first.python);
    writeFileSync(join(first.dir, "pyvenv.cfg"), "home = /opt/hostedtoolcache/Python/3.11.9/x64/bin\n");
    const shown = await stderrOf(() => pythonVenv({ sdk: "fake-sdk", version: "3.0", lockFile, label: "fake-py" }));
    expect(shown).toContain(
      `[fake-py 3.0] the cached environment ${first.dir} cannot run: its interpreter ${gone} (made from /opt/hostedtoolcache/Python/3.11.9/x64/bin) is gone; rebuilding it`,
    );
    expect(shown).toMatch(/\[fake-py 3\.0\] ready in/);
    expect(existsSync(first.python)).toBe(true);
    // Healthy again: reused without a word.
    expect(await stderrOf(() => pythonVenv({ sdk: "fake-sdk", version: "3.0", lockFile, label: "fake-py" }))).toBe("");
  });

  it("fails with the log's path and pip's last lines", async () => {
    process.env["FAKE_PIP_FAIL"] = "1";
    try {
      const error = await pythonVenv({ sdk: "fake-sdk", version: "2.0", lockFile: lock(), label: "fake-py" }).catch((e: unknown) => e);
      const message = (error as Error).message;
      expect(message).toMatch(/pip install .* failed \(exit code 1\); full output in \S+python-fake-sdk-2\.0-\w+\.log; its last lines:/);
      expect(message).toContain("  | ERROR: THESE PACKAGES DO NOT MATCH THE HASHES");
    } finally {
      delete process.env["FAKE_PIP_FAIL"];
    }
  });
});

describe("streamCommand", () => {
  it("writes stdout and stderr to the log, passes each whole line on, and names the log when the command cannot start", async () => {
    const log = new SetupLog(join(mkdtempSync(join(tmpdir(), "stream-")), "x.log"));
    const lines: string[] = [];
    await streamCommand([process.execPath, "-e", "process.stdout.write('a\\r\\nb'); process.stderr.write('\\nc\\n')"], {
      log,
      onLine: (line) => lines.push(line),
    });
    expect(lines.sort()).toEqual(["a", "b", "c"]);
    const error = await streamCommand(["/nonexistent/tool"], { log }).catch((e: unknown) => e);
    log.close();
    expect((error as Error).message).toContain(`full output in ${log.path}`);
    expect(readFileSync(log.path, "utf8")).toContain("$ /nonexistent/tool");
  });
});
