// merge takes only whole shards (issue 32): a shard whose failing cases were deleted merged into a
// green report ("107/107 pass"); now merge refuses it, naming the shard, the implementation and the
// vectors it lacks, and the honest shards still merge into a failing report.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { shardOf } from "../../harness/corpus/shard.ts";
import { explicitIdFile, GOOD_VECTOR, tempCorpus } from "../corpus/temp-corpus.ts";
import { cli, tempOut } from "./cli-helpers.ts";

const WRONG_ID = "explicit-id/extra/wrong";
const WRONG = GOOD_VECTOR.replace("id: explicit-id/extra/ok", `id: ${WRONG_ID}`).replace(
  "accepted: true, reason: null",
  "accepted: false, reason: bundle_id.dot",
);
// ok and wrong fall in shard 2 of 2, ok3 in shard 1: neither shard is empty.
const OK3 = GOOD_VECTOR.replace("id: explicit-id/extra/ok", "id: explicit-id/extra/ok3");
const reportIn = (out: string) => join(out, readdirSync(out).find((d) => d !== "latest")!, "report.json");

describe("merge checks each shard is whole", async () => {
  const extra = tempCorpus({ "explicit-id/extra.yaml": explicitIdFile(`${GOOD_VECTOR}\n${OK3}\n${WRONG}`) });
  const args = ["run", "--impl", "reference", "--suite", "explicit-id", "--vectors", extra, "--filter", "explicit-id/extra/*"];
  const shards: string[] = [];
  for (const i of [1, 2]) {
    const out = tempOut();
    await cli([...args, "--shard", `${i}/2`, "--out", out]);
    shards.push(reportIn(out));
  }
  const failing = shards[shardOf(WRONG_ID, 2) - 1]!;
  const other = shards.find((s) => s !== failing)!;
  const forge = (edit: (r: any) => void) => {
    const report = JSON.parse(readFileSync(failing, "utf8"));
    edit(report);
    const file = failing.replace("report.json", "forged.json");
    writeFileSync(file, JSON.stringify(report));
    return file;
  };

  it("the honest shards merge into a failing report", async () => {
    const merged = await cli(["merge", failing, other, "--out", tempOut()]);
    expect(merged.exitCode).toBe(1);
  });

  it("a shard whose failing case was deleted is refused (exit 2), never merged green", async () => {
    const forged = forge((r) => {
      r.cases = r.cases.filter((c: any) => c.vector_id !== WRONG_ID);
    });
    const merged = await cli(["merge", forged, other, "--out", tempOut()]);
    expect(merged.exitCode).toBe(2);
    expect(merged.stderr).toMatch(
      new RegExp(
        `shard ${shardOf(WRONG_ID, 2)}/2, is incomplete: reference has no case for 1 of the \\d+ vectors the shard selected \\(${WRONG_ID}\\), and they are not listed as not run`,
      ),
    );
  });

  it("a shard whose failing case and its vector were deleted is refused: its suite count names the vector gone", async () => {
    const forged = forge((r) => {
      r.cases = r.cases.filter((c: any) => c.vector_id !== WRONG_ID);
      r.vectors = r.vectors.filter((v: any) => v.id !== WRONG_ID);
    });
    const merged = await cli(["merge", forged, other, "--out", tempOut()]);
    expect(merged.exitCode).toBe(2);
    expect(merged.stderr).toMatch(/is incomplete: suite explicit-id counts \d+ selected vectors but the report lists \d+/);
  });

  it("a shard holding a vector of another shard, or missing a selected implementation, is refused", async () => {
    const moved = forge((r) => {
      const o = JSON.parse(readFileSync(other, "utf8"));
      r.vectors.push(...o.vectors);
      r.cases.push(...o.cases);
      r.corpus.suites[0].vectors += o.vectors.length;
    });
    const merged = await cli(["merge", moved, other, "--out", tempOut()]);
    expect(merged.exitCode).toBe(2);
    expect(merged.stderr).toMatch(/belong to other shards than \d\/2/);
    const gone = forge((r) => {
      r.run.implementations = ["reference", "python"];
    });
    const second = await cli(["merge", gone, other, "--out", tempOut()]);
    expect(second.exitCode).toBe(2);
    expect(second.stderr).toMatch(/implementation python was selected but is not in the report/);
  });
}, 120_000);
