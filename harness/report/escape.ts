/**
 * Escaping for every view, as tagged templates: `html`, `xml`, `md` and `line` escape each value
 * put into them unless it is already markup of that view (built by the same tag). A view writes
 * its text around the values and never escapes by hand, so a field left unescaped cannot happen,
 * whatever a vector, an adapter or a hand-edited report (`merge` reads any JSON) puts there.
 */
import { terminalLine } from "../util/terminal-text.ts";

/** Text that is already markup of one view: inserted as it is by that view's tag. */
class Markup {
  constructor(
    readonly kind: "html" | "xml" | "md" | "line",
    readonly text: string,
  ) {}

  toString(): string {
    return this.text;
  }
}

type Escaper = (text: string) => string;

function tag(kind: Markup["kind"], escapeText: Escaper) {
  const render = (value: unknown): string => {
    if (value instanceof Markup && value.kind === kind) return value.text;
    if (Array.isArray(value)) return value.map(render).join("");
    if (value === undefined || value === null || value === false) return "";
    return escapeText(String(value));
  };
  return (strings: TemplateStringsArray, ...values: unknown[]): Markup => {
    let out = strings[0]!;
    values.forEach((value, i) => {
      out += render(value) + strings[i + 1]!;
    });
    return new Markup(kind, out);
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** XML 1.0 text: escapes markup and drops characters XML cannot carry (controls, lone surrogates). */
export function xmlText(text: string): string {
  return text
    .replace(
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      "\uFFFD",
    )
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/\r/g, "&#13;");
}

/**
 * Markdown text on one line: every character Markdown or HTML could read as syntax mid-line
 * (emphasis, code, links, raw HTML, entities) is backslash-escaped, `|` too so a table cell stays
 * one cell; newlines become ⏎ and controls are escaped as in the console.
 */
export function mdText(text: string): string {
  return terminalLine(text).replace(/[\\`*_[\]<>|~&]/g, "\\$&");
}

/** A Markdown code span holding any text: fenced with more backticks than it contains, `|` escaped for tables. */
export function mdCode(text: string): Markup {
  const flat = terminalLine(text).replace(/\|/g, "\\|");
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  const pad = flat.startsWith("`") || flat.endsWith("`") ? " " : "";
  return new Markup("md", `${fence}${pad}${flat}${pad}${fence}`);
}

/** HTML: every value is text, escaped for element content and quoted attributes alike. */
export const html = tag("html", escapeHtml);
/** XML (JUnit, SVG badges). */
export const xml = tag("xml", xmlText);
/** Markdown (matrix.md, the step summary). */
export const md = tag("md", mdText);
/** One console line: values with newlines shown as ⏎ and controls escaped, so none can fake or overwrite a line. */
export const line = tag("line", terminalLine);

/** Joins markup of one view. */
export function join(kind: Markup["kind"], parts: readonly Markup[], separator = ""): Markup {
  return new Markup(kind, parts.map((p) => p.text).join(separator));
}

/** Trusted markup of a view, written by the kit itself (a style sheet, a script). */
export function trusted(kind: Markup["kind"], text: string): Markup {
  return new Markup(kind, text);
}

export type { Markup };
