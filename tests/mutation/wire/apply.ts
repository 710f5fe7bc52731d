/** A mutant applied as text: the span's characters replaced by the instrumenter's printed replacement, nothing else touched. */

export interface Position {
  /** 1-based, like Stryker's JSON report. */
  readonly line: number;
  /** 1-based. */
  readonly column: number;
}

export interface Span {
  readonly start: Position;
  readonly end: Position;
}

/** The string offset of a 1-based line and column; a position past the text is a bug in the caller. */
export function offsetOf(text: string, { line, column }: Position): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const newline = text.indexOf("\n", offset);
    if (newline < 0) throw new RangeError(`line ${line} is past the end of the text`);
    offset = newline + 1;
  }
  const at = offset + column - 1;
  if (at > text.length) throw new RangeError(`line ${line} column ${column} is past the end of the text`);
  return at;
}

/** The original text of a span. */
export function sliceSpan(text: string, span: Span): string {
  return text.slice(offsetOf(text, span.start), offsetOf(text, span.end));
}

/** The source with the span replaced. */
export function applyMutant(text: string, mutant: { readonly span: Span; readonly replacement: string }): string {
  return text.slice(0, offsetOf(text, mutant.span.start)) + mutant.replacement + text.slice(offsetOf(text, mutant.span.end));
}
