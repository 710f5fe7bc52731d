/**
 * A JSON value pretty-printed around what a difference names: the branches holding a focus (a value
 * that differed, a key the pointer names) are opened, every other branch is one line (small ones
 * whole, large ones as their keys or item count), and every list says how many items it has, so a
 * tool list of one reads as one. Long output keeps the lines around the focus. Pure.
 */

export interface Focus {
  /** Values that differed: a string (one of 8 characters or more is found inside longer strings too) or a number. */
  readonly values: readonly (string | number)[];
  /** Keys worth opening wherever they sit (the last key of a difference's pointer). */
  readonly keys: readonly string[];
}

interface Line {
  readonly text: string;
  readonly hit: boolean;
}

/** A collapsed branch is shown whole up to this many characters. */
const INLINE_CHARS = 72;
/** A string is cut past this many characters, around its focus if it has one. */
const STRING_CHARS = 160;
/** Items of a list shown one line each when none holds the focus; the rest are counted. */
const PLAIN_ITEMS = 3;
/** With no focus anywhere, branches are opened this deep. */
const OPEN_DEPTH = 2;
/** Lines kept on each side of a focus line when the whole is too long. */
const CONTEXT = 3;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

class Renderer {
  private readonly memo = new WeakMap<object, boolean>();
  private readonly strings: readonly string[];
  private readonly numbers: readonly number[];
  private readonly keys: ReadonlySet<string>;
  readonly anyHit: boolean;

  constructor(focus: Focus, root: unknown) {
    this.strings = focus.values.filter((v): v is string => typeof v === "string" && v.length > 0);
    this.numbers = focus.values.filter((v): v is number => typeof v === "number");
    this.keys = new Set(focus.keys);
    this.anyHit = this.hits(root);
  }

  /** A short focus ("inv") only as a whole value: inside longer strings it would be found everywhere ("inventory"). */
  private stringHit(s: string): boolean {
    return this.strings.some((f) => (f.length >= 8 ? s.includes(f) : s === f));
  }

  /** Whether `v` is, or holds, a focus. */
  hits(v: unknown): boolean {
    if (typeof v === "string") return this.stringHit(v);
    if (typeof v === "number") return this.numbers.includes(v);
    if (typeof v !== "object" || v === null) return false;
    const known = this.memo.get(v);
    if (known !== undefined) return known;
    const hit = Array.isArray(v)
      ? v.some((x) => this.hits(x))
      : Object.entries(v).some(([k, x]) => this.keys.has(k) || this.stringHit(k) || this.hits(x));
    this.memo.set(v, hit);
    return hit;
  }

  private scalar(v: unknown): string {
    if (typeof v !== "string" || v.length <= STRING_CHARS) return JSON.stringify(v) ?? "undefined";
    const at = this.strings.map((f) => v.indexOf(f)).find((i) => i >= 0) ?? 0;
    const start = Math.max(0, Math.min(at - STRING_CHARS / 2, v.length - STRING_CHARS));
    const cut = `${start > 0 ? "…" : ""}${v.slice(start, start + STRING_CHARS)}${start + STRING_CHARS < v.length ? "…" : ""}`;
    return `${JSON.stringify(cut)} (${v.length} characters)`;
  }

  private collapsed(v: Json[] | { [key: string]: Json }): string {
    const whole = JSON.stringify(v);
    if (whole.length <= INLINE_CHARS) return whole;
    if (Array.isArray(v)) return `[… ${v.length} item${v.length === 1 ? "" : "s"}]`;
    const keys = Object.keys(v);
    const names = keys.join(", ");
    return `{… ${keys.length} keys: ${names.length <= INLINE_CHARS ? names : `${names.slice(0, INLINE_CHARS)}…`}}`;
  }

  /** `v` under `key` (none: a list item or the root) at `indent`, opened when it holds the focus. */
  render(v: Json, key: string | undefined, indent: string, depth: number, comma: string): Line[] {
    const label = key === undefined ? "" : `${JSON.stringify(key)}: `;
    // A line is a focus line when it shows the focus itself (an opened branch's first line only by its key).
    const keyHit = key !== undefined && (this.keys.has(key) || this.stringHit(key));
    const hit = keyHit || this.hits(v);
    if (typeof v !== "object" || v === null) return [{ text: `${indent}${label}${this.scalar(v)}${comma}`, hit }];
    // Opened: a branch holding the focus, or with no focus anywhere a large branch near the top.
    const open = this.hits(v) || (!this.anyHit && depth < OPEN_DEPTH && JSON.stringify(v).length > INLINE_CHARS);
    if (!open || (Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0))
      return [{ text: `${indent}${label}${this.collapsed(v)}${comma}`, hit }];
    const inner = `${indent}  `;
    if (Array.isArray(v)) {
      const out: Line[] = [{ text: `${indent}${label}[  (${v.length} item${v.length === 1 ? "" : "s"})`, hit: keyHit }];
      let plain = 0;
      v.forEach((x, i) => {
        if (this.hits(x) || ++plain <= PLAIN_ITEMS) out.push(...this.render(x, undefined, inner, depth + 1, i < v.length - 1 ? "," : ""));
      });
      if (plain > PLAIN_ITEMS) out.push({ text: `${inner}… ${plain - PLAIN_ITEMS} more items`, hit: false });
      out.push({ text: `${indent}]${comma}`, hit: false });
      return out;
    }
    const entries = Object.entries(v);
    return [
      { text: `${indent}${label}{`, hit: keyHit },
      ...entries.flatMap(([k, x], i) => this.render(x, k, inner, depth + 1, i < entries.length - 1 ? "," : "")),
      { text: `${indent}}${comma}`, hit: false },
    ];
  }
}

/** Only the lines within CONTEXT of a focus line (and the first), the gaps counted. */
function window(lines: readonly Line[], maxLines: number): string[] {
  if (lines.length <= maxLines) return lines.map((l) => l.text);
  const keep = new Set<number>([0]);
  lines.forEach((l, i) => {
    if (l.hit) for (let j = i - CONTEXT; j <= i + CONTEXT; j++) keep.add(j);
  });
  const out: string[] = [];
  let skipped = 0;
  lines.forEach((l, i) => {
    if (!keep.has(i)) skipped++;
    else {
      if (skipped) out.push(`… ${skipped} lines`);
      skipped = 0;
      out.push(l.text);
    }
  });
  if (skipped) out.push(`… ${skipped} lines`);
  return out.length <= maxLines ? out : [...out.slice(0, maxLines - 1), `… ${out.length - maxLines + 1} more lines`];
}

/** `value` pretty-printed around `focus`, in at most `maxLines` lines. */
export function focusedJson(value: unknown, focus: Focus, maxLines: number): string[] {
  const renderer = new Renderer(focus, value);
  return window(renderer.render(value as Json, undefined, "", 0, ""), maxLines);
}
