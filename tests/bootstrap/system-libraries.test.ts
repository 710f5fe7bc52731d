/** A vendored C library is linked from the system only when pkg-config finds it there. */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type SystemLibrary, systemLibraryEnv } from "../../harness/bootstrap/cargo-build.ts";
import { SDK_MANIFESTS } from "../../harness/impl/sdk-manifests.ts";

let dir: string;
let savedPath: string | undefined;

/** A pkg-config on PATH that knows exactly the libraries given. */
function fakePkgConfig(known: readonly string[]): void {
  const script = join(dir, "pkg-config");
  writeFileSync(
    script,
    `#!/bin/sh\n[ "$1" = "--exists" ] || exit 2\ncase "$2" in\n${known.map((k) => `  ${k}) exit 0;;`).join("\n")}\nesac\nexit 1\n`,
  );
  chmodSync(script, 0o755);
  process.env["PATH"] = `${dir}:${savedPath}`;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "smcp-pkg-config-"));
  savedPath = process.env["PATH"];
});
afterEach(() => {
  process.env["PATH"] = savedPath;
  rmSync(dir, { recursive: true, force: true });
});

const libraries: SystemLibrary[] = [
  { pkg_config: "openssl", env: { OPENSSL_NO_VENDOR: "1" } },
  { pkg_config: "dbus-1", env: { DBUS_NO_VENDOR: "1" } },
];

describe("systemLibraryEnv", () => {
  it("sets the env of each library pkg-config finds, and only those", () => {
    fakePkgConfig(["openssl"]);
    expect(systemLibraryEnv(libraries)).toEqual({ env: { OPENSSL_NO_VENDOR: "1" }, found: ["openssl"] });
  });

  it("vendors everything when pkg-config knows none of them", () => {
    fakePkgConfig([]);
    expect(systemLibraryEnv(libraries)).toEqual({ env: {}, found: [] });
  });

  it("vendors everything when there is no pkg-config at all", () => {
    process.env["PATH"] = dir; // an empty folder: no pkg-config, no shell
    expect(systemLibraryEnv(libraries)).toEqual({ env: {}, found: [] });
  });

  it("is what the Rust adapter's manifest asks for OpenSSL", () => {
    const rust = SDK_MANIFESTS.find((m) => m.implementation === "rust");
    expect(rust?.build.kind === "cargo" && rust.build.system_libraries).toEqual([
      { pkg_config: "openssl", env: { OPENSSL_NO_VENDOR: "1" } },
    ]);
  });
});
