/**
 * What a generated vector or fuzz candidate cites, as a hand-written one does: the versioned spec
 * file (`a2c-smcp-protocol@0.4.0:specification/data-structures.md`, not the unversioned 0.3.0
 * docs path a rule vector may still carry) and `covers:` candidates, the requirement ids whose
 * index entry matches the rule: those the corpus vectors checking the same rule cover, then the
 * index's statements of the cited section. They await review like the rest of the candidate
 * (the tier check exempts it until its note is gone): the reviewer keeps the ones that decide it.
 */
import { compareVersions, isDraft, LATEST_PROTOCOL } from "../model/protocols.ts";
import type { Requirement } from "../model/requirement.ts";
import type { Corpus, SpecRef, Vector } from "../model/vector.ts";

/** At most this many candidates: a reviewer reads each. */
export const MAX_COVER_CANDIDATES = 6;

/** `a2c-smcp-protocol@<version>:<path>`: a spec file cited at a revision. */
const VERSIONED = /^a2c-smcp-protocol@([^:]+):(.+)$/;

const fold = (text: string) => text.normalize("NFKC").trim().toLowerCase();

/**
 * Requirement ids for `covers:`: the ones most often covered by `ruleVectors` (corpus vectors of the
 * same operation that check the same rule), then the statements of `section` that a vector can
 * check (pure), each holding at the latest released revision; no id twice, at most MAX_COVER_CANDIDATES.
 */
export function coverCandidates(corpus: Corpus, ruleVectors: readonly Vector[], section: string): string[] {
  const holds = (r: Requirement | undefined): r is Requirement =>
    r !== undefined && !isDraft(r.since) && (r.until === undefined || compareVersions(r.until, LATEST_PROTOCOL) >= 0);
  const counts = new Map<string, number>();
  for (const v of ruleVectors) for (const id of v.covers) counts.set(id, (counts.get(id) ?? 0) + 1);
  const fromRule = [...counts]
    .filter(([id]) => holds(corpus.requirements.get(id)))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([id]) => id);
  const wanted = fold(section);
  const fromSection = [...corpus.requirements.values()]
    .filter((r) => holds(r) && r.testability === "pure" && fold(r.section) === wanted)
    .map((r) => r.id);
  return [...new Set([...fromRule, ...fromSection])].slice(0, MAX_COVER_CANDIDATES);
}

/**
 * The versioned file for a spec ref: kept when it is versioned, not a page of the protocol's
 * repository (the config seed), or cites a statement only the 0.3.x text holds; otherwise the file hand-written vectors cite for the page of the
 * first candidate requirement at the revision its index entry was read from (the most used one),
 * else `specification/<page>.md` at that revision. Unchanged when there is no candidate.
 */
export function versionedFile(corpus: Corpus, file: string, covers: readonly string[]): string {
  if (VERSIONED.test(file) || !file.startsWith("a2c-smcp-protocol:")) return file;
  const requirement = covers.map((id) => corpus.requirements.get(id)).find((r) => r !== undefined && !isDraft(r.text.protocol));
  if (!requirement) return file;
  const version = requirement.text.protocol;
  // A statement read from the 0.3.x text: the unversioned docs path is how hand-written vectors cite that text.
  if (version.startsWith("0.3.")) return file;
  const used = new Map<string, number>();
  for (const s of corpus.suites)
    for (const v of s.vectors) {
      const m = VERSIONED.exec(v.spec.file);
      if (m?.[1] === version && m[2]!.split("/").at(-1) === `${requirement.page}.md`)
        used.set(v.spec.file, (used.get(v.spec.file) ?? 0) + 1);
    }
  const best = [...used].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
  return best ?? `a2c-smcp-protocol@${version}:specification/${requirement.page}.md`;
}

/**
 * The spec ref with a versioned file, and the covers candidates beside it. When the file changes
 * revision, the section is one the index holds on that page: the cited one if a candidate sits
 * under it, else the first candidate's (a heading of the older text may not exist in the newer).
 */
export function citedRule(corpus: Corpus, spec: SpecRef, ruleVectors: readonly Vector[]): { spec: SpecRef; covers: string[] } {
  const covers = coverCandidates(corpus, ruleVectors, spec.section);
  const file = versionedFile(corpus, spec.file, covers);
  if (file === spec.file) return { spec, covers };
  const onPage = covers.flatMap((id) => corpus.requirements.get(id) ?? []).filter((r) => file.endsWith(`/${r.page}.md`));
  const section = onPage.some((r) => fold(r.section) === fold(spec.section)) ? spec.section : (onPage[0]?.section ?? spec.section);
  return { spec: { ...spec, file, section }, covers };
}
