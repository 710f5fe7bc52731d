// Properties of the reference's SKILL readers (skill.md §1.5 tags note, §3 mode C): any list of
// strings passes through tags unchanged and never affects registration; every staged child lies
// under its root at exactly the relative path recorded.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as ref from "../../adapters/reference/src/index.ts";
import * as gen from "../../harness/generators/index.ts";

const RUNS = { seed: 20_261_130, numRuns: 1000 };
const skillMd = (tagsYaml: string) => `---\nname: demo-skill\ndescription: d\ntags: ${tagsYaml}\n---\nbody\n`;

describe("skillTags", () => {
  it("copies any list of strings as written (JSON is YAML 1.2 flow syntax)", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 }), { maxLength: 5 }), (tags) => {
        const answer = ref.skillTags(skillMd(JSON.stringify(tags)));
        expect(answer.tags).toEqual(tags);
        expect(answer.diagnostics).toEqual([]);
      }),
      RUNS,
    );
  });

  it("tags never decide registration (a frontmatter that does not parse at all aside)", () => {
    fc.assert(
      fc.property(gen.skillTagsInput(), (input) => {
        const text = input["skill_md"] as string;
        return ref.readFrontmatter(text) === undefined || ref.skillTags(text).registered;
      }),
      RUNS,
    );
  });
});

describe("modeCSkills", () => {
  it("each root is judged once, and each staged child is <root>/<relative path>", () => {
    fc.assert(
      fc.property(gen.modeCListing(), (input) => {
        const listing = ref.modeCSkills(input["resources"] as unknown as ref.SkillResource[]);
        const roots = [...listing.skills.map((s) => s.root), ...listing.not_registrable.map((n) => n.root)];
        expect(new Set(roots).size).toBe(roots.length);
        for (const skill of listing.skills) {
          expect(skill.staged[skill.skill_md]).toBe("SKILL.md");
          for (const [uri, path] of Object.entries(skill.staged)) expect(uri).toBe(`${skill.root}/${path}`);
        }
      }),
      RUNS,
    );
  });
});
