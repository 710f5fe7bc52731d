// The exported bundle_id and env-segment fixtures (upstream-set/, the drop-in for an SDK's vendored
// copy) pass the SDKs' own fixture tests, unchanged, as published: a2c-smcp's pytest files from its
// sdist (downloaded with the hash its lock pins) against the installed SDK, and smcp-computer's
// integration tests from the crate source cargo unpacked, compiled against the released adapter's
// dependency set (in its target folder: a library and two tests, no binary that could replace the adapter). Needs the SDK environments of the main job, so it runs when SMCP_SDK_TESTS=1.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { systemLibraryEnv } from "../../harness/bootstrap/cargo-build.ts";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { buildExport } from "../../harness/export/export-bundle.ts";
import { prepareLaunch } from "../../harness/impl/sdk-launch.ts";
import { sdkManifest } from "../../harness/impl/sdk-manifests.ts";
import { cacheRoot } from "../../harness/util/cache-root.ts";

const FIXTURES = ["bundle_id_conformance_vectors.json", "env_segment_conformance_vectors.json"];
/** pytest for running the SDK's test files, pinned (the SDK's own venv has no test tools). */
const PYTEST = ["pytest==8.4.2", "pluggy==1.6.0", "iniconfig==2.1.0", "packaging==25.0", "pygments==2.19.2"];

function writeExport(): string {
  const dir = join(tmpdir(), `smcp-export-${process.pid}-${Date.now()}`);
  for (const { file, text } of buildExport(loadCorpus()).files) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

/** The `name==version` line of a hash-locked requirements file with its hash lines. */
function lockedRequirement(lock: string, name: string): string {
  const block = new RegExp(`^${name}==[^\\n]*\\\\\\n(?:\\s+--hash=[^\\n]*\\n)+`, "m").exec(lock);
  if (!block) throw new Error(`${name} is not in the lock`);
  return block[0].replace(/\\\n\s+/g, " ").replace(/\s*\\?\s*$/, "");
}

describe.runIf(process.env["SMCP_SDK_TESTS"] === "1")("the export through the SDKs' own fixture tests", () => {
  it("a2c-smcp's unchanged test_bundle_id_conformance.py and test_env_segment_conformance.py pass on the export", async () => {
    const manifest = sdkManifest("python")!;
    const version = manifest.default_version;
    const python = (await prepareLaunch(manifest, version)).file;
    const work = join(cacheRoot(), "sdk-tests", `a2c-smcp-${version}`);
    mkdirSync(work, { recursive: true });
    const pytestLib = join(cacheRoot(), "sdk-tests", "pytest-8.4.2");
    const pip = [python, "-m", "pip", "--disable-pip-version-check", "-q"];
    if (!existsSync(join(pytestLib, "pytest")))
      await execa(pip[0]!, [...pip.slice(1), "install", "--target", pytestLib, "--no-deps", ...PYTEST]);
    const sdist = join(work, `a2c_smcp-${version}.tar.gz`);
    if (!existsSync(sdist)) {
      const lock = readFileSync(join(manifest.dir, manifest.versions[version]!.lock!), "utf8");
      writeFileSync(join(work, "sdist.txt"), `${lockedRequirement(lock, "a2c-smcp")}\n`);
      await execa(pip[0]!, [
        ...pip.slice(1),
        "download",
        "--no-deps",
        "--no-binary",
        ":all:",
        "--require-hashes",
        "-r",
        join(work, "sdist.txt"),
        "-d",
        work,
      ]);
      await execa("tar", ["-xzf", sdist, "-C", work]);
    }
    const published = join(work, `a2c_smcp-${version}`, "tests", "unit_tests", "utils");
    const exported = writeExport();
    const run = join(exported, "python-tests");
    mkdirSync(join(run, "fixtures"), { recursive: true });
    for (const test of ["test_bundle_id_conformance.py", "test_env_segment_conformance.py"])
      copyFileSync(join(published, test), join(run, test));
    for (const f of FIXTURES) copyFileSync(join(exported, "upstream-set", f), join(run, "fixtures", f));
    const result = await execa(python, ["-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", run, "-c", "/dev/null", run], {
      env: { PYTHONPATH: pytestLib, PYTHONDONTWRITEBYTECODE: "1" },
      reject: false,
      all: true,
    });
    process.stdout.write(`${result.all}\n`);
    expect(result.exitCode).toBe(0);
    expect(result.all).toMatch(/\b\d+ passed\b/);
    expect(result.all).not.toMatch(/failed|error/i);
  }, 600_000);

  it("smcp-computer's unchanged bundle_id_conformance.rs and env_segment_conformance.rs pass on the export", async () => {
    const manifest = sdkManifest("rust")!;
    const version = manifest.default_version;
    await prepareLaunch(manifest, version); // the released adapter's target folder holds the compiled SDK
    const registry = join(process.env["CARGO_HOME"] ?? join(homedir(), ".cargo"), "registry", "src");
    const crate = readdirSync(registry)
      .map((index) => join(registry, index, `smcp-computer-${version}`))
      .find((dir) => existsSync(dir));
    expect(crate, `smcp-computer-${version} unpacked under ${registry}`).toBeDefined();
    const exported = writeExport();
    const check = join(exported, "rust-tests");
    mkdirSync(join(check, "tests", "fixtures"), { recursive: true });
    mkdirSync(join(check, "src"), { recursive: true });
    writeFileSync(join(check, "src", "lib.rs"), "");
    const tests = ["bundle_id_conformance", "env_segment_conformance"];
    for (const t of tests) copyFileSync(join(crate!, "tests", `${t}.rs`), join(check, "tests", `${t}.rs`));
    for (const f of FIXTURES) copyFileSync(join(exported, "upstream-set", f), join(check, "tests", "fixtures", f));
    // The adapter's dependencies and profile, so cargo reuses the SDK it compiled for the released adapter.
    const adapter = readFileSync(join(manifest.dir, "Cargo.toml"), "utf8")
      .replace(/^name = "smcp-conformance-rust-adapter"$/m, 'name = "smcp-export-fixture-check"')
      .replace(/^build = "build.rs"\n/m, "")
      .replace(/^\[\[bin\]\]\n(?:[^[\n].*\n)*/m, "");
    writeFileSync(join(check, "Cargo.toml"), `${adapter}\n[lib]\npath = "src/lib.rs"\n\n[workspace]\n`);
    copyFileSync(join(manifest.dir, "Cargo.lock"), join(check, "Cargo.lock"));
    const result = await execa(
      "cargo",
      ["test", "--release", "--offline", ...tests.flatMap((t) => ["--test", t]), "--manifest-path", join(check, "Cargo.toml")],
      {
        env: {
          // The adapter build's env too (OPENSSL_NO_VENDOR where the system has OpenSSL): openssl-sys
          // reruns on a change of it, so a different env here would rebuild half the shared target
          // folder, and the adapter's next build would rebuild it back.
          ...(manifest.build.kind === "cargo" ? systemLibraryEnv(manifest.build.system_libraries).env : {}),
          CARGO_TARGET_DIR: join(cacheRoot(), "rust", `target-${version}`),
          CARGO_TERM_COLOR: "never",
        },
        reject: false,
        all: true,
      },
    );
    process.stdout.write(
      `${result.all
        ?.split("\n")
        .filter((l) => /^(test |running|test result|error)/.test(l))
        .join("\n")}\n`,
    );
    expect(result.exitCode).toBe(0);
    expect(result.all?.match(/^test result: ok\./gm)?.length).toBe(tests.length);
  }, 3_600_000);
});
