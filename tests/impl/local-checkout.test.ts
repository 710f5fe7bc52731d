// Local SDK checkouts as implementations: the name syntax, what is read from the folder without
// building (version, crates, git commit), the expectations they default to, the generated Cargo
// manifest that patches the SDK crates in, the lock the Python venv gets, and a checkout that does
// not build ending as "could not be set up" with the build's last lines.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { patchedManifestText } from "../../harness/bootstrap/cargo-patch.ts";
import { cargoPackages, gitDescription, NOT_A_GIT_CHECKOUT, pyprojectVersion } from "../../harness/bootstrap/checkout-source.ts";
import { lockWithout } from "../../harness/bootstrap/python-venv.ts";
import { describeCheckout, parseCheckoutName, withCheckout } from "../../harness/impl/local-checkout.ts";
import { compareVersions, nearestRelease } from "../../harness/impl/nearest-version.ts";
import { selectImplementations } from "../../harness/impl/registry.ts";
import { sdkManifest } from "../../harness/impl/sdk-manifests.ts";
import { UsageError } from "../../harness/util/usage-error.ts";

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "smcp-checkout-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const git = (dir: string, ...args: string[]) =>
  execFileSync("git", ["-C", dir, "-c", "user.email=t@example.invalid", "-c", "user.name=t", ...args], { encoding: "utf8" });

const PYPROJECT = (name: string, version: string) =>
  `[project]\nname = "${name}"\nversion = "${version}"\n\n[build-system]\nrequires = ["hatchling"]\n`;

describe("local checkout names", () => {
  it("family@path:<dir>, the folder taken verbatim (it may hold @ or :)", () => {
    expect(parseCheckoutName("python@path:../python-sdk")).toEqual({ family: "python", dir: "../python-sdk" });
    expect(parseCheckoutName("rust@path:/a/b@c:d")).toEqual({ family: "rust", dir: "/a/b@c:d" });
    expect(parseCheckoutName("python@0.3.2")).toBeUndefined();
    expect(parseCheckoutName("@path:x")).toBeUndefined();
  });

  it("a missing folder, an unknown family and another project's pyproject are usage errors", () => {
    expect(() => selectImplementations(["python@path:/no/such/folder"])).toThrow(/no such folder/);
    expect(() => selectImplementations(["cobol@path:."])).toThrow(UsageError);
    const other = folder({ "pyproject.toml": PYPROJECT("not-the-sdk", "1.0.0") });
    expect(() => selectImplementations([`python@path:${other}`])).toThrow(/names not-the-sdk, not a2c-smcp/);
  });
});

describe("nearest released version", () => {
  it("the newest release not newer than the checkout, else the oldest; variants (+…) never", () => {
    const released = ["0.3.2", "0.4.2", "0.4.2+mcp1.29.0"];
    expect(nearestRelease(released, "0.4.2")).toBe("0.4.2");
    expect(nearestRelease(released, "0.4.3.dev0")).toBe("0.4.2");
    expect(nearestRelease(released, "0.4.0")).toBe("0.3.2");
    expect(nearestRelease(released, "0.2.0")).toBe("0.3.2");
    expect(nearestRelease(released, "1.0.0")).toBe("0.4.2");
    expect(nearestRelease(released, undefined)).toBe("0.4.2");
    expect(compareVersions("0.5.0-rc.1", "0.5.0")).toBe(-1);
    expect(compareVersions("0.10.0", "0.9.9")).toBe(1);
  });

  it("a checkout defaults to the kit's expectations for that release", () => {
    const dir = folder({ "pyproject.toml": PYPROJECT("a2c_smcp", "0.3.9") });
    const [selected] = selectImplementations([`python@path:${dir}`]);
    expect(selected!.implementation.name).toBe(`python@path:${dir}`);
    expect(selected!.expectationsFile).toBe(join(sdkManifest("python")!.dir, "expectations@0.3.2.yaml"));
    expect(describeCheckout(sdkManifest("python")!, dir)).toMatchObject({ dir, version: "0.3.9", release: "0.3.2" });
  });
});

describe("reading a checkout", () => {
  it("pyproject's [project] version, not another table's", () => {
    const dir = folder({ "pyproject.toml": `[tool.x]\nversion = "9"\n\n${PYPROJECT("a2c-smcp", "0.4.7")}` });
    expect(pyprojectVersion(dir)).toBe("0.4.7");
  });

  it("Cargo packages up to three folders down, workspace versions inherited, target/ skipped", () => {
    const dir = folder({
      "Cargo.toml": '[workspace]\nmembers = ["crates/*"]\n\n[workspace.package]\nversion = "0.5.0"\n',
      "crates/smcp/Cargo.toml": '[package]\nname = "smcp"\nversion.workspace = true\n',
      "crates/smcp-computer/Cargo.toml": '[package]\nname = "smcp-computer"\nversion = "0.5.1"\n',
      "target/package/smcp-0.1.0/Cargo.toml": '[package]\nname = "smcp"\nversion = "0.1.0"\n',
    });
    expect(cargoPackages(dir).map((c) => [c.name, c.version])).toEqual([
      ["smcp", "0.5.0"],
      ["smcp-computer", "0.5.1"],
    ]);
    expect(describeCheckout(sdkManifest("rust")!, dir)).toMatchObject({ version: "0.5.1", release: "0.4.1" });
  });

  it("the git commit, +dirty for tracked changes, and 'not a git checkout' outside any repository", () => {
    const dir = folder({ "a.txt": "1" });
    expect(gitDescription(dir)).toBe(NOT_A_GIT_CHECKOUT);
    git(dir, "init", "-q");
    git(dir, "add", "a.txt");
    git(dir, "commit", "-qm", "one");
    const commit = git(dir, "rev-parse", "HEAD").trim();
    expect(gitDescription(dir)).toBe(commit);
    writeFileSync(join(dir, "a.txt"), "2");
    expect(gitDescription(dir)).toBe(`${commit}+dirty`);
  });

  it("the handshake gains the checkout's folder and commit beside the adapter's packages", () => {
    const dir = folder({ "pyproject.toml": PYPROJECT("a2c-smcp", "0.4.2") });
    const checkout = describeCheckout(sdkManifest("python")!, dir);
    const handshake = withCheckout(
      {
        implementation: "x",
        sdk: { name: "a2c-smcp", version: "0.4.2", packages: { mcp: "1.30.0" } },
        protocol_version: "0.4.0",
        operations: [],
      },
      checkout,
    );
    expect(handshake.sdk.packages).toEqual({ mcp: "1.30.0", checkout: dir, commit: NOT_A_GIT_CHECKOUT });
  });
});

describe("set-up against a checkout", () => {
  it("the generated Cargo manifest points at the adapter's sources, pins the checkout's versions and patches its crates", () => {
    const original = [
      "[package]",
      'name = "adapter"',
      'build = "build.rs"',
      "",
      "[[bin]]",
      'name = "adapter"',
      'path = "src/main.rs"',
      "",
      "[dependencies]",
      'smcp = "=0.4.1"',
      'smcp-computer = { version = "=0.4.1", default-features = false, features = ["cli"] }',
      'serde = "1"',
    ].join("\n");
    const crates = [
      { name: "smcp", version: "0.5.0", dir: "/co/crates/smcp" },
      { name: "smcp-computer", version: "0.5.0", dir: "/co/crates/smcp-computer" },
    ];
    const text = patchedManifestText(original, "/kit/adapters/rust", crates);
    expect(text).toContain('build = "/kit/adapters/rust/build.rs"');
    expect(text).toContain('path = "/kit/adapters/rust/src/main.rs"');
    expect(text).toContain('smcp = "=0.5.0"');
    expect(text).toContain('smcp-computer = { version = "=0.5.0", default-features = false, features = ["cli"] }');
    expect(text).toContain(
      '[patch.crates-io]\n"smcp" = { path = "/co/crates/smcp" }\n"smcp-computer" = { path = "/co/crates/smcp-computer" }',
    );
    expect(text).toContain('serde = "1"');
  });

  it("the Python venv gets the adapter's lock without the SDK's own entry (hash lines included)", () => {
    const lock = [
      "a2c-smcp==0.4.2 \\",
      "    --hash=sha256:aa \\",
      "    --hash=sha256:bb",
      "    # via -r 0.4.2.in",
      "aiohttp==3.14.5 \\",
      "    --hash=sha256:cc",
      "A2C_SMCP-extra==1.0 \\",
      "    --hash=sha256:dd",
      "",
    ].join("\n");
    expect(lockWithout(lock, "a2c-smcp")).toBe(
      ["aiohttp==3.14.5 \\", "    --hash=sha256:cc", "A2C_SMCP-extra==1.0 \\", "    --hash=sha256:dd", ""].join("\n"),
    );
  });

  it("a Rust checkout without the SDK crate could not be set up: the run records why, nothing throws", async () => {
    const dir = folder({ "README.md": "not a crate" });
    const [selected] = selectImplementations([`rust@path:${dir}`]);
    await expect(selected!.implementation.start()).rejects.toThrow(/could not be set up: no crate smcp-computer in /);
    const stats = await selected!.implementation.stop();
    expect(stats.broken).toMatch(/no crate smcp-computer/);
  });

  it("a Python checkout that does not build could not be set up, quoting the build's last lines", async () => {
    const dir = folder({
      "pyproject.toml":
        '[project]\nname = "a2c-smcp"\nversion = "0.4.2"\n\n[build-system]\nrequires = []\nbuild-backend = "no_such_backend_xyz"\n',
    });
    const cache = mkdtempSync(join(tmpdir(), "smcp-cache-"));
    const previous = process.env["SMCP_CONFORMANCE_CACHE"];
    process.env["SMCP_CONFORMANCE_CACHE"] = cache;
    try {
      // A lock with nothing in it: the venv is made and the checkout install is what fails.
      const { pythonVenv } = await import("../../harness/bootstrap/python-venv.ts");
      const lockFile = join(cache, "empty.txt");
      writeFileSync(lockFile, "");
      await expect(pythonVenv({ sdk: "a2c-smcp", version: "0.4.2", lockFile, checkout: dir, label: "t" })).rejects.toThrow(
        /--editable .* failed \(exit code \d+\); full output in .*; its last lines:\n {2}\| /s,
      );
    } finally {
      if (previous === undefined) delete process.env["SMCP_CONFORMANCE_CACHE"];
      else process.env["SMCP_CONFORMANCE_CACHE"] = previous;
    }
  }, 180_000);
});
