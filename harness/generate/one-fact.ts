/**
 * One boundary fact per generated input. A family case (generators/families.ts) differs from its
 * base in one field, and is named and described by that field and value: `timeout-pt1-5s`, "…
 * timeout is \"PT1,5S\"; every other field is a valid streamable config's". An input from an
 * operation's plain arbitrary is kept only when it holds at most one boundary fact (a trap
 * character, an edge value such as null or an empty list), so no vector is a kitchen sink.
 */
import { visibleJson } from "../corpus/vector-file-text.ts";
import { edgesOf, type Probe, slugify, trapsOf } from "../fuzz/probe.ts";
import { valueSlug } from "../fuzz/value-slug.ts";
import type { FamilyCase } from "../generators/families.ts";
import { ABSENT } from "../generators/objects.ts";

const SLUG_MAX = 48;

/** The boundary facts an input holds: trap characters in its strings, edge values in its fields. */
export function boundaryFacts(input: unknown): string[] {
  return [...trapsOf(input).map((t) => t.text), ...edgesOf(input).map((e) => e.text)];
}

/** The fact in words: `config.server_parameters.timeout is "PT1,5S"` (invisible characters escaped). */
function factText(fact: FamilyCase): string {
  const where = fact.path.join(".");
  return fact.value === ABSENT ? `${where} is absent` : `${where} is ${visibleJson(fact.value)}`;
}

/** Slug and description of a family case, from its one fact and the reference's rule. */
export function factProbe(fact: FamilyCase, ruleText: string): Probe {
  const field = slugify(fact.path.at(-1)!.replace(/_/g, "-"));
  const slug = `${field}-${valueSlug(fact.value)}`.slice(0, SLUG_MAX).replace(/[-.]+$/, "");
  return {
    slug,
    summary: `${factText(fact)}; ${ruleText}. Every other field is the base value of a valid ${fact.base} config`,
  };
}
