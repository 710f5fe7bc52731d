/**
 * Block scalars (`reason: >` folded, `reason: |` literal) kept as they were written when an
 * expectations file is rewritten: the yaml library re-emits a folded scalar with the document's
 * line width, and at width 0 (needed so nothing else is folded) a written reason's lines became
 * one long line. Each block scalar is swapped for a placeholder before the document is printed,
 * and its source lines (re-indented under the printed key) are put back after.
 */
import { type Document, isScalar, Scalar, visit } from "yaml";

const PLACEHOLDER = "smcp-conformance-kept-block-";

/** Swaps each block scalar of `doc` (parsed from `text`) for a placeholder; returns the held source by placeholder. */
export function holdBlockScalars(doc: Document, text: string): Map<string, string> {
  const held = new Map<string, string>();
  visit(doc, {
    Scalar(_key, node) {
      if (!isScalar(node) || (node.type !== Scalar.BLOCK_FOLDED && node.type !== Scalar.BLOCK_LITERAL) || !node.range) return undefined;
      const source = text.slice(node.range[0], node.range[1]);
      const name = `${PLACEHOLDER}${held.size}`;
      held.set(name, source);
      const stand = new Scalar(name);
      stand.type = Scalar.PLAIN;
      return stand;
    },
  });
  return held;
}

/** Puts the held block scalars back: header after the key, content lines indented two past it. */
export function restoreBlockScalars(printed: string, held: ReadonlyMap<string, string>): string {
  if (held.size === 0) return printed;
  return printed.replace(new RegExp(`^( *)(.*?)${PLACEHOLDER}(\\d+)$`, "gm"), (line, indent: string, key: string, n: string) => {
    const source = held.get(`${PLACEHOLDER}${n}`);
    if (source === undefined) return line;
    const [header, ...body] = source.replace(/\n+$/, "").split("\n");
    const depth = Math.min(...body.filter((l) => l.trim() !== "").map((l) => l.search(/\S/)));
    const inner = `${indent}${key.startsWith("- ") ? "  " : ""}  `;
    const lines = body.map((l) => (l.trim() === "" ? "" : `${inner}${l.slice(depth)}`));
    return [`${indent}${key}${header}`, ...lines].join("\n");
  });
}
