// The 0.5.0-dev draft track end to end: a vector since the draft is not applicable in a default run
// and is judged under --protocol 0.5.0-dev; coverage and list accept the draft and label it.
import { describe, expect, it } from "vitest";
import { explicitIdFile, GOOD_VECTOR, tempCorpus } from "../corpus/temp-corpus.ts";
import { cli, tempOut } from "./cli-helpers.ts";

const DRAFT_VECTOR = `${GOOD_VECTOR.replace("explicit-id/extra/ok", "explicit-id/extra/draft-only")}\n    since: "0.5.0-dev"`;
const extra = () => tempCorpus({ "explicit-id/draft.yaml": explicitIdFile(DRAFT_VECTOR) });
const select = ["--impl", "reference", "--filter", "explicit-id/extra/draft-only"];

describe("the 0.5.0-dev draft track", () => {
  it("a since-0.5.0-dev vector is not applicable in a default run, judged at 0.4.0", async () => {
    const result = await cli(["run", ...select, "--vectors", extra(), "--allow-empty", "--out", tempOut()]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("protocol 0.4.0 (claimed)");
    expect(result.stdout).not.toContain("draft");
    expect(result.stdout).toMatch(/^conformance: 0 passed, 0 failed, 0 skipped, 1 not applicable$/m);
  }, 60_000);

  it("applies under --protocol 0.5.0-dev, and the console labels the draft", async () => {
    const result = await cli(["run", ...select, "--vectors", extra(), "--protocol", "0.5.0-dev", "--out", tempOut()]);
    expect(result.exitCode).toBe(0);
    // At the draft, plain reference is its draft reading (the one whose Server follows the draft's room model).
    expect(result.stdout).toContain("implementation reference@0.5.0-dev: ");
    expect(result.stdout).toContain("protocol 0.5.0-dev (draft; --protocol; claims 0.5.0-dev)");
    expect(result.stdout).toMatch(/^conformance: 1 passed, 0 failed, 0 skipped, 0 not applicable$/m);
    // Issue 44, item 6: the banner says the revision is unreleased and what it changes.
    expect(result.stdout).toContain(
      "DRAFT: judged at 0.5.0-dev, an unreleased draft: 1 selected vector new in it, 0 selected vectors ending before it; a level here is no claim about a release",
    );
  }, 60_000);

  it("--update-expectations at the draft never writes into a release's file", async () => {
    // Refused before any SDK starts: python's release file would take the draft's results.
    const args = ["run", "--impl", "python", "--filter", "explicit-id/extra/draft-only", "--vectors", extra(), "--protocol", "0.5.0-dev"];
    const result = await cli([...args, "--update-expectations", "--out", tempOut()]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(
      /^usage error: --update-expectations at 0\.5\.0-dev \(a draft\) would write draft results into python's release file .*adapters\/python\/expectations\.yaml: give it a file of its own with --expectations python=<file>$/m,
    );
  }, 60_000);

  it("list --protocol keeps only the vectors that apply there", async () => {
    const dir = extra();
    const released = await cli(["list", "--vectors", dir, "--filter", "explicit-id/extra/", "--protocol", "0.4.0"]);
    expect(released.stdout).toMatch(/^0 vectors apply to protocol 0\.4\.0 \(of 1 selected\)$/m);
    const draft = await cli(["list", "--vectors", dir, "--filter", "explicit-id/extra/", "--protocol", "0.5.0-dev"]);
    expect(draft.exitCode).toBe(0);
    expect(draft.stdout).toMatch(/^explicit-id\/extra\/draft-only /m);
    expect(draft.stdout).toMatch(/^1 vectors apply to protocol 0\.5\.0-dev \(draft\) \(of 1 selected\)$/m);
  }, 90_000); // two CLI runs, each loading the corpus

  it("coverage shows the draft labelled beside the released revisions, details 0.4.0 by default and the draft on request", async () => {
    const out = tempOut(); // no report there: coverage from the corpus alone
    const all = await cli(["coverage", "--out", out]);
    expect(all.exitCode).toBe(0);
    expect(all.stdout).toMatch(/^ {2}0\.5\.0-dev \(draft\) +\d+/m);
    expect(all.stdout).toMatch(/^coverage of protocol 0\.4\.0$/m);
    const draft = await cli(["coverage", "--protocol", "0.5.0-dev", "--out", out]);
    expect(draft.exitCode).toBe(0);
    expect(draft.stdout).toMatch(/^coverage of protocol 0\.5\.0-dev \(draft\)$/m);
    expect(draft.stdout).toMatch(/^ {2}v0-5-0-single-computer-room /m);
  }, 90_000); // two CLI runs, each loading the corpus

  it("a version the kit does not know is a usage error naming the draft", async () => {
    const result = await cli(["coverage", "--protocol", "0.5.0"]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("0.3.0, 0.3.2, 0.4.0, 0.5.0-dev (draft)");
  });
});
