/** A live case's id, written once: the parts that name it (implementations, vector), URL- and file-safe, at most 80 characters. Pure. */
export function caseSlug(...parts: readonly string[]): string {
  return parts
    .join("-")
    .replace(/[^A-Za-z0-9_.-]+/g, "-")
    .slice(0, 80);
}
