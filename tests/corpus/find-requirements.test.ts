// Finding requirement ids by words, page or section, with what covers them (issue 45, item 5).
import { describe, expect, it } from "vitest";
import { closestSections, findRequirements } from "../../harness/corpus/find-requirements.ts";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { UsageError } from "../../harness/util/usage-error.ts";
import { cli } from "../cli/cli-helpers.ts";

const corpus = loadCorpus();
const vectors = corpus.suites.flatMap((s) => s.vectors);

describe("findRequirements", () => {
  it("words: every statement holding them, each with exactly the vectors whose covers name it", () => {
    const found = findRequirements(corpus, { words: ["cancel"] });
    expect(found.length).toBeGreaterThan(10);
    for (const f of found) {
      const r = f.requirement;
      expect(`${r.id}\n${r.section}\n${r.summary}\n${r.note ?? ""}`.toLowerCase()).toContain("cancel");
      expect(f.covered_by).toEqual(vectors.filter((v) => v.covers.includes(r.id)).map((v) => v.id));
    }
    // Nothing that holds the word is left out.
    const all = [...corpus.requirements.values()].filter((r) =>
      `${r.id}\n${r.section}\n${r.summary}\n${r.note ?? ""}`.toLowerCase().includes("cancel"),
    );
    expect(found.map((f) => f.requirement.id)).toEqual(all.map((r) => r.id));
  });

  it("several words must all occur; case and width are folded (a full-width bracket matches an ASCII one)", () => {
    const both = findRequirements(corpus, { words: ["cancel", "ack"] });
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBeLessThan(findRequirements(corpus, { words: ["cancel"] }).length);
    const section = findRequirements(corpus, { section: "bundleid(软件唯一标识)" });
    expect(section.length).toBeGreaterThan(0);
    expect(new Set(section.map((f) => f.requirement.section))).toEqual(new Set(["BundleID（软件唯一标识）"]));
  });

  it("--page keeps to one page, --uncovered to statements no vector covers, --protocol to one revision", () => {
    const page = findRequirements(corpus, { page: "error-handling", uncovered: true, protocol: "0.4.0" });
    expect(page.length).toBeGreaterThan(0);
    for (const f of page) {
      expect(f.requirement.page).toBe("error-handling");
      expect(f.covered_by).toEqual([]);
      expect(vectors.some((v) => v.covers.includes(f.requirement.id))).toBe(false);
      expect(f.requirement.until === undefined || f.requirement.until >= "0.4.0").toBe(true);
    }
  });

  it("an unknown page is a usage error naming the closest page; a section nothing matches offers the close ones", () => {
    expect(() => findRequirements(corpus, { page: "error-handlng" })).toThrow(UsageError);
    expect(() => findRequirements(corpus, { page: "error-handlng" })).toThrow(/did you mean error-handling\?/);
    expect(findRequirements(corpus, { section: "cancelation" })).toEqual([]);
    expect(closestSections(corpus.requirements.values(), "cancelation")).toContain("4.7 Cancellation And Timeout");
  });
});

describe("smcp-conformance requirements", () => {
  it("prints each statement with level, summary, index place and covering vectors, then a count", async () => {
    const r = await cli(["requirements", "--section", "4.7 Cancellation And Timeout"]);
    expect(r.exitCode).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toMatch(/^conformance-tests\/cancel-timeout\/1 {2}MUST {2}live {2}protocol ≥ 0\.3\.0$/);
    expect(lines[2]).toMatch(/^ {2}§ 4\.7 Cancellation And Timeout · vectors\/_spec\/0\.4\.0\/conformance-tests\.yaml:\d+$/);
    expect(r.stdout).toMatch(/^ {2}covered by: wire-computer\/tool-call\/cancel-unknown-req-id$/m);
    const found = findRequirements(corpus, { section: "4.7 Cancellation And Timeout" });
    const covered = found.filter((f) => f.covered_by.length > 0).length;
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^${found.length} statements match section "4.7 Cancellation And Timeout": ${covered} covered, ${found.length - covered} not`,
      ),
    );
    const json = JSON.parse((await cli(["requirements", "cancel", "--page", "error-handling", "--json"])).stdout) as Array<{
      id: string;
      level: string;
      covered_by: string[];
      index: { file: string; line: number };
    }>;
    expect(json.map((x) => x.id)).toEqual(
      findRequirements(corpus, { words: ["cancel"], page: "error-handling" }).map((f) => f.requirement.id),
    );
    expect(json[0]).toMatchObject({ level: expect.any(String), index: { file: expect.stringMatching(/error-handling\.yaml$/) } });
  }, 60_000);
});
