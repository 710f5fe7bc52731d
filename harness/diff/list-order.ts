/**
 * Which lists of a judged value are sets: the ones whose order carries no meaning because the kit's
 * facts sort them (names, keys) or keep each value once. The op schemas say so only in prose
 * ("sorted", "distinct"), so the rule is written here, per operation, as JSON pointer patterns (`*`
 * is any one token); tests/diff/list-order.test.ts checks that each names a list in the op's schema.
 * Every list not named here is ordered. This changes how a difference is told, never the verdict:
 * the judge still compares lists by position.
 */

export const UNORDERED_LISTS: Readonly<Record<string, readonly string[]>> = {
  "wire.computer": [
    "/handshake/auth_keys",
    "/steps/*/tool_names",
    // In the order of tool_names, so a set as much as they are: a dropped tool drops its bundle_id.
    "/steps/*/tool_bundle_ids",
    "/steps/*/server_keys",
    "/steps/*/details_keys",
  ],
  "wire.agent": ["/handshake/auth_keys", "/requests/*/computers", "/surfaced/*/tool_names", "/surfaced/*/session_names"],
  "wire.interop": ["/requests/*/computers", "/surfaced/*/tool_names", "/surfaced/*/session_names"],
  "wire.server": ["/handshakes/*/body_keys", "/steps/*/sessions", "/steps/*/offices_listed"],
};

/** Whether the list at `pointer` of `op`'s judged value is a set (see the table above). */
export function isUnorderedList(op: string | undefined, pointer: string): boolean {
  const patterns = op === undefined ? undefined : UNORDERED_LISTS[op];
  if (!patterns) return false;
  const tokens = pointer.split("/");
  return patterns.some((pattern) => {
    const want = pattern.split("/");
    return want.length === tokens.length && want.every((t, i) => t === "*" || t === tokens[i]);
  });
}
