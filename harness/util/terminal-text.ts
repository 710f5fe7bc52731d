/**
 * Text from vectors and adapters made safe for a terminal or a log: control characters (ESC, CR,
 * backspace, C1 controls) and bidirectional overrides are shown as escapes, so an adapter message
 * cannot move the cursor, recolour a line or overwrite one already printed.
 */

const UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

function escapeChar(char: string): string {
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

/** Keeps newlines and tabs; escapes every other control. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, escapeChar);
}

/** One line: newlines shown as ⏎, then every control escaped. */
export function terminalLine(text: string): string {
  return terminalSafe(text.replace(/\s*\n\s*/g, " ⏎ ").replace(/\t/g, " "));
}
