// generate --count is vectors per group, as the code picks, --help says and the README says (issue 45, item 5).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildProgram } from "../../harness/cli/main.ts";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { generateVectors } from "../../harness/generate/generate-vectors.ts";
import { familiesOf } from "../../harness/generators/families.ts";
import { OP_ARBITRARIES } from "../../harness/generators/index.ts";
import { referenceInProcess } from "../../harness/impl/reference-in-process.ts";

const corpus = loadCorpus();

describe("generate --count", () => {
  it("is vectors per group: two families of one operation at --count 3 give 3 vectors in each family's group", async () => {
    const families = familiesOf(["server_config.validate"]).filter((f) => f.name === "duration" || f.name === "type");
    expect(families.map((f) => f.name).sort()).toEqual(["duration", "type"]);
    const vectors = await generateVectors({
      corpus,
      suite: "server-config",
      ops: ["server_config.validate"],
      families,
      arbitraries: OP_ARBITRARIES,
      seed: 2,
      count: 3,
      tier: "should",
      reference: referenceInProcess(),
      others: [],
      command: "test",
      group: "generated",
    });
    const byGroup = new Map<string, number>();
    for (const v of vectors) byGroup.set(v.id.split("/")[1]!, (byGroup.get(v.id.split("/")[1]!) ?? 0) + 1);
    expect(Object.fromEntries(byGroup)).toEqual({ duration: 3, type: 3 });
  }, 60_000);

  it("--help and the README say the same: vectors per group", () => {
    const help = buildProgram()
      .commands.find((c) => c.name() === "generate")!
      .helpInformation({ error: false })
      .replace(/\s+/g, " ");
    expect(help).toMatch(/--count <n> vectors per group\b/);
    expect(help).not.toContain("vectors per operation");
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8").replace(/\s+/g, " ");
    expect(readme).toContain("`--count` is vectors per group");
    expect(readme).not.toMatch(/--count[^.]*per operation/);
  });
});
