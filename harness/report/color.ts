/**
 * Console colour: on when the stream is a terminal. NO_COLOR (any non-empty value) turns it off,
 * and wins, as in picocolors; FORCE_COLOR (any value but 0 / false) turns it on anywhere (CI logs
 * render ANSI colour); TERM=dumb turns it off on a terminal.
 * Colour is added around text already made terminal-safe, never to values before escaping.
 */
import { createColors } from "picocolors";

export type Colors = ReturnType<typeof createColors>;

export function useColor(stream: { readonly isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== "0" && force !== "false";
  return stream.isTTY === true && env.TERM !== "dumb";
}

export function colors(enabled: boolean): Colors {
  return createColors(enabled);
}
