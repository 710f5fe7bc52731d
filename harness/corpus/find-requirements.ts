/**
 * Finding requirement ids without grepping vectors/_spec/: the index's statements matched by words
 * (id, section, summary and note, case and width folded, so `bundleid(` finds `BundleID（`), by page
 * and by section, each with the vectors that cover it and the ones that name it as near. What an
 * author needs to write `covers:` (README, "Promoting a candidate") and `generate` proposes.
 */
import { applies } from "../model/protocols.ts";
import type { Requirement } from "../model/requirement.ts";
import type { Corpus } from "../model/vector.ts";
import { closest, editDistance } from "../util/did-you-mean.ts";
import { UsageError } from "../util/usage-error.ts";

export interface RequirementQuery {
  /** Every word must occur in the id, section, summary or note. */
  readonly words?: readonly string[];
  /** A page name (`error-handling`): exact. */
  readonly page?: string;
  /** Part of a section heading, case and width folded. */
  readonly section?: string;
  /** Only statements no vector covers. */
  readonly uncovered?: boolean;
  /** Only statements that hold at this protocol revision. */
  readonly protocol?: string;
}

export interface FoundRequirement {
  readonly requirement: Requirement;
  /** Vector ids whose `covers` names it, in corpus order. */
  readonly covered_by: readonly string[];
  /** Vector ids that name it as near (it comes close without deciding their case). */
  readonly near_of: readonly string[];
}

/** Folded for matching: NFKC (full-width brackets and letters become ASCII), lower case. */
export function fold(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

/** Which vectors cover, and which name as near, each requirement id. */
export function coverageByRequirement(corpus: Corpus): {
  readonly covers: ReadonlyMap<string, string[]>;
  readonly near: ReadonlyMap<string, string[]>;
} {
  const covers = new Map<string, string[]>();
  const near = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, id: string, vector: string) => {
    const list = map.get(id);
    if (list) list.push(vector);
    else map.set(id, [vector]);
  };
  for (const s of corpus.suites)
    for (const v of s.vectors) {
      for (const id of v.covers) add(covers, id, v.id);
      for (const id of v.near ?? []) add(near, id, v.id);
    }
  return { covers, near };
}

/** The index's pages, in index order. */
export function pagesOf(requirements: Iterable<Requirement>): string[] {
  return [...new Set([...requirements].map((r) => r.page))];
}

/** The statements matching every part of the query, in index order. An unknown page is a usage error naming the closest. */
export function findRequirements(corpus: Corpus, query: RequirementQuery): FoundRequirement[] {
  const all = [...corpus.requirements.values()];
  if (query.page !== undefined && !all.some((r) => r.page === query.page)) {
    const near = closest(query.page, pagesOf(all));
    throw new UsageError(
      `--page ${query.page}: no page of that name in vectors/_spec/${near.length ? ` (did you mean ${near.join(", ")}?)` : ""}; pages: ${pagesOf(all).join(", ")}`,
    );
  }
  const words = (query.words ?? []).map(fold).filter((w) => w !== "");
  const section = query.section === undefined ? undefined : fold(query.section.trim());
  const { covers, near } = coverageByRequirement(corpus);
  return all
    .filter((r) => query.page === undefined || r.page === query.page)
    .filter((r) => section === undefined || fold(r.section).includes(section))
    .filter((r) => query.protocol === undefined || applies(r, query.protocol))
    .filter((r) => {
      if (words.length === 0) return true;
      const text = fold([r.id, r.section, r.summary, r.note ?? ""].join("\n"));
      return words.every((w) => text.includes(w));
    })
    .map((r) => ({ requirement: r, covered_by: covers.get(r.id) ?? [], near_of: near.get(r.id) ?? [] }))
    .filter((f) => !query.uncovered || f.covered_by.length === 0);
}

/** The sections of a page (or of every page) whose heading comes closest to `typed`: for "no section matches". */
export function closestSections(requirements: Iterable<Requirement>, typed: string, page?: string): string[] {
  const sections = [...new Set([...requirements].filter((r) => page === undefined || r.page === page).map((r) => r.section))];
  const typedWords = fold(typed)
    .split(/[\s:：（）()、,，]+/)
    .filter((w) => w.length >= 3);
  // A word of the heading that is a typed word, contains one, or is two edits from one ("cancelation").
  const near = (w: string) => typedWords.some((t) => w.includes(t) || t.includes(w) || (w.length >= 4 && editDistance(w, t) <= 2));
  const sharing = sections.filter((s) =>
    fold(s)
      .split(/[\s:：（）()、,，]+/)
      .some((w) => w.length >= 3 && near(w)),
  );
  return [...new Set([...closest(typed, sections), ...sharing])].slice(0, 5);
}
