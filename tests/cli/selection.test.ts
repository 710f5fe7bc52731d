// Selections that cannot silently pass, list / show, --last-failed, --bail, --quiet, the heartbeat,
// and argument errors as one line plus a hint.
import { readlinkSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { explicitIdFile, GOOD_VECTOR, tempCorpus } from "../corpus/temp-corpus.ts";
import { cli, tempOut } from "./cli-helpers.ts";

// Each test starts the CLI several times, on a machine that may be busy.
vi.setConfig({ testTimeout: 180_000 });

const FIXTURE = fileURLToPath(new URL("../fixtures/fault-adapter.ts", import.meta.url));
const adapter = (flags: string) => `f=${process.execPath} --import ${import.meta.resolve("tsx")} ${FIXTURE} ${flags}`;

/** A corpus of two explicit-id vectors, the second one wrong (the reference fails it). */
function twoVectors(): string {
  const wrong = GOOD_VECTOR.replace("explicit-id/extra/ok", "explicit-id/extra/wrong").replace(
    "accepted: true, reason: null",
    "accepted: false, reason: bundle_id.dot",
  );
  return tempCorpus({ "explicit-id/extra.yaml": explicitIdFile(`${GOOD_VECTOR}\n${wrong}`) });
}

describe("selections that check nothing", () => {
  it("--filter matching nothing and --impl '' exit 2 naming what was empty; latest is untouched", async () => {
    const out = tempOut();
    const first = await cli(["run", "--impl", "reference", "--suite", "upstream-bundle-id", "--out", out]);
    expect(first.exitCode).toBe(0);
    const latest = readlinkSync(join(out, "latest"));
    const filter = await cli(["run", "--impl", "reference", "--filter", "nothing-matches", "--out", out]);
    expect(filter.exitCode).toBe(2);
    expect(filter.stderr).toMatch(/^usage error: no vector selected: --filter "nothing-matches" matches none .*did you mean/);
    const impl = await cli(["run", "--impl", "", "--out", out]);
    expect(impl.exitCode).toBe(2);
    expect(impl.stderr).toMatch(/^usage error: no implementation selected/);
    const typo = await cli(["run", "--impl", "pyhton", "--out", out]);
    expect(typo.stderr).toContain('unknown implementation "pyhton"; did you mean "python"?');
    expect(readlinkSync(join(out, "latest"))).toBe(latest);
  });

  it("an unknown option is one line with a right suggestion and a hint, not the whole help", async () => {
    const result = await cli(["run", "--tire", "must"]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.trim().split("\n")).toEqual([
      "error: unknown option '--tire'",
      "(Did you mean --tier?)",
      "hint: add --help for the commands and options",
    ]);
  });
});

describe("list and show", () => {
  it("list --suite tlv prints its ids; list suites and implementations", async () => {
    const tlv = await cli(["list", "--suite", "tlv"]);
    expect(tlv.exitCode).toBe(0);
    expect(tlv.stdout).toMatch(/^tlv\/map-order\/fullwidth-before-astral\s+\w+/m);
    expect(tlv.stdout).toMatch(/^\d+ vectors$/m);
    expect((await cli(["list", "suites"])).stdout).toMatch(/^tlv\s+\d+ /m);
    expect((await cli(["list", "implementations"])).stdout).toMatch(/^python {2}\(in the default matrix\)$/m);
    expect((await cli(["list", "suits"])).stderr).toContain('did you mean "suites"?');
  });

  it("show prints the vector and each implementation's answer from latest", async () => {
    const out = tempOut();
    const extra = twoVectors();
    await cli(["run", "--impl", "reference", "--vectors", extra, "--filter", "explicit-id/extra/", "--out", out]);
    const show = await cli(["show", "explicit-id/extra/wrong", "--vectors", extra, "--out", out]);
    expect(show.exitCode).toBe(0);
    expect(show.stdout).toContain("expected: {");
    expect(show.stdout).toMatch(/^ {2}reference: FAIL/m);
    const missing = await cli(["show", "explicit-id/extra/wrnog", "--vectors", extra, "--out", out]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('did you mean "explicit-id/extra/wrong"');
  });
});

describe("rerun and stop early", () => {
  it("--last-failed runs only what failed in latest; --bail stops at the first failure with exit 1", async () => {
    const out = tempOut();
    const extra = twoVectors();
    const base = ["run", "--impl", "reference", "--vectors", extra, "--out", out];
    const all = await cli([...base, "--filter", "explicit-id/extra/"]);
    expect(all.exitCode).toBe(1);
    const again = await cli([...base, "--last-failed", "--quiet"]);
    expect(again.exitCode).toBe(1);
    expect(again.stdout).toMatch(/^conformance: 0 passed, 1 failed/m);
    expect(again.stdout).not.toContain("corpus:");
    const bail = await cli([...base, "--suite", "explicit-id", "--bail"]);
    expect(bail.exitCode).toBe(1);
    expect(bail.stderr).toMatch(/--bail: reference fails \S+; stopping/);
  });

  it("a hung adapter: a heartbeat line names it while the run waits", async () => {
    const extra = tempCorpus({ "explicit-id/extra.yaml": explicitIdFile(GOOD_VECTOR.replace("bundle_id: abc", "bundle_id: HANG")) });
    const result = await cli(
      [
        "run",
        "--adapter",
        adapter("--hang-when HANG"),
        "--vectors",
        extra,
        "--filter",
        "explicit-id/extra/",
        "--case-timeout",
        "5000",
        "--out",
        tempOut(),
      ],
      { SMCP_CONFORMANCE_HEARTBEAT_MS: "800" },
    );
    expect(result.stderr).toMatch(/^… still waiting on f \(\d+\/\d+ done, \d+ in flight\): nothing for \ds$/m);
  });
});
