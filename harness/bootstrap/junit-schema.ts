/**
 * The common JUnit XML schema CI systems read (Jenkins xunit's junit-10.xsd, MIT). It is taken,
 * on first use, from the pytest source distribution, which ships it for its own JUnit tests: the
 * package comes through pip from the ordinary registry, the file is checked by its sha256 and cached.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cacheRoot } from "../util/cache-root.ts";
import { sha256Hex } from "../util/canonical-json.ts";
import { SetupLog, setupLogPath } from "./setup-log.ts";
import { BootstrapError, streamCommand } from "./stream-command.ts";

const PYTEST = "8.3.5";
const MEMBER = `pytest-${PYTEST}/testing/example_scripts/junit-10.xsd`;
const SHA256 = "a1a816f58d1bf95ebabf371994df0b9246dee66ea9572fbec4f9296f1b2c0ff6";

export async function junitSchema(log: (line: string) => void = (l) => process.stderr.write(`[junit-xsd] ${l}\n`)): Promise<string> {
  const file = join(cacheRoot(), "junit", "junit-10.xsd");
  if (existsSync(file) && sha256Hex(readFileSync(file)) === SHA256) return file;
  const work = mkdtempSync(join(tmpdir(), "junit-xsd-"));
  const output = new SetupLog(setupLogPath("junit-xsd"));
  const options = { log: output, onLine: log };
  try {
    await streamCommand(
      [
        "python3",
        "-m",
        "pip",
        "download",
        "--no-deps",
        "--no-binary",
        ":all:",
        `pytest==${PYTEST}`,
        "-d",
        work,
        "--disable-pip-version-check",
        "-q",
      ],
      options,
    );
    await streamCommand(["tar", "-xzf", join(work, `pytest-${PYTEST}.tar.gz`), "-C", work, MEMBER], options);
    const extracted = join(work, MEMBER);
    const actual = sha256Hex(readFileSync(extracted));
    if (actual !== SHA256) throw new BootstrapError(`junit-10.xsd from pytest ${PYTEST} has sha256 ${actual}, expected ${SHA256}`);
    mkdirSync(join(cacheRoot(), "junit"), { recursive: true });
    renameSync(extracted, file);
    return file;
  } finally {
    output.close();
    rmSync(work, { recursive: true, force: true });
  }
}
