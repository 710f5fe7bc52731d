/**
 * The one script language of the live scenes (wire.computer, wire.server, wire.agent, wire.interop)
 * and the one step engine that plays it for the kit's parties. A step's keys mean the same in every
 * scene (harness/wire/README.md, "The script language"): `by` who acts, `send` the event it sends,
 * `as` the step's name, `payload` the request over its defaults, `wait: false` / `await` a step's
 * answer later, `sleep_ms` a pause, `quiet` a named window for an absence, `heard` a wait for what a party received, `{$ref: <path>}` the one
 * substitution. What a step does beyond that (connect a client, cancel a call, change an MCP server)
 * is the scene's act; the engine times it, skips it past the scene's box and records it.
 */

import { keyOfToken } from "../util/json-pointer.ts";
import { QUIET_WINDOWS, type QuietKind } from "./quiet-windows.ts";

/** The keys every scene reads the same way; a scene adds its own acts (connect, cancel, add_tool, …). */
export interface ScriptStep {
  /** Who acts: a party of the scene (wire.server: a client; elsewhere the scene's one actor, left out). */
  readonly by?: string;
  /** The event the party sends (a `client:*`, `server:*` or `notify:*` event of events.ts). */
  readonly send?: string;
  /** The step's name (facts, answers, `await`): default the sent event without its prefix. */
  readonly as?: string;
  /** The request's fields over the scene's defaults for the event; null (wire.server only): the request is null itself. */
  readonly payload?: Readonly<Record<string, unknown>> | null;
  /** false: send and go on; an `await` step (or the script's end) waits for the answer. */
  readonly wait?: boolean;
  /** No answer by then: the step was not answered. */
  readonly ack_time_box_ms?: number;
  /** Waits for the answer of this earlier step, sent with `wait: false`. */
  readonly await?: string;
  /** A pause. */
  readonly sleep_ms?: number;
  /** Listens for what must not come, for the named window (quiet-windows.ts). */
  readonly quiet?: QuietKind;
  /** Waits until party `by` has received this event `count` times (default 1), within `time_box_ms`. */
  readonly heard?: string;
  readonly count?: number;
  readonly time_box_ms?: number;
}

/** A step's name: `as`, else the sent event without its prefix; undefined for a step that sends nothing and has no `as`. */
export function stepNameOf(step: ScriptStep): string | undefined {
  if (step.as !== undefined) return step.as;
  return step.send?.replace(/^[a-z]+:/, "");
}

/**
 * What a script's `{$ref: <path>}` may read: a JSON pointer (without its leading slash) into what
 * the scene knows. `office/<label>`: an office's id; `client/<key>/name`: a client's name;
 * `step/<name>/answer/…`: an earlier step's answer; `request/…`: the request being answered.
 */
export interface RefScope {
  readonly office?: (label: string) => string;
  readonly client?: Readonly<Record<string, { readonly name: string }>>;
  readonly step?: (name: string) => unknown;
  readonly request?: unknown;
}

/** Whether `value` is a substitution (`{$ref: "<path>"}`, nothing else beside it). */
function refOf(value: unknown): string | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const o = value as Record<string, unknown>;
  return typeof o.$ref === "string" && Object.keys(o).length === 1 ? o.$ref : undefined;
}

/** `value` with every `{$ref: …}` replaced by what it names (undefined where it leads nowhere). */
export function substitute(value: unknown, scope: RefScope): unknown {
  const ref = refOf(value);
  if (ref !== undefined) return resolve(ref, scope);
  if (Array.isArray(value)) return value.map((v) => substitute(v, scope));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, scope)]));
}

function resolve(ref: string, scope: RefScope): unknown {
  const [root, name = "", ...rest] = ref.split("/");
  const pointer = rest.length > 0 ? `/${rest.join("/")}` : "";
  switch (root) {
    case "office":
      return scope.office?.(name);
    case "client":
      return atPointer(scope.client?.[name], pointer);
    case "step": {
      // step/<name>/answer/<pointer>
      const [part, ...inner] = rest;
      return part === "answer" ? atPointer(scope.step?.(name), inner.length > 0 ? `/${inner.join("/")}` : "") : undefined;
    }
    case "request":
      return atPointer(scope.request, ref === "request" ? "" : `/${ref.slice("request/".length)}`);
    default:
      return undefined;
  }
}

/** Every `{$ref: …}` path in a value (for the checks a schema cannot make). */
export function refsIn(value: unknown): string[] {
  const ref = refOf(value);
  if (ref !== undefined) return [ref];
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== "object") return [];
  return Object.values(value).flatMap(refsIn);
}

/** A JSON pointer into a value; undefined where it leads nowhere. */
export function atPointer(value: unknown, pointer: string): unknown {
  if (pointer === "") return value;
  return pointer
    .split("/")
    .slice(1)
    .map(keyOfToken)
    .reduce<unknown>((v, key) => {
      if (Array.isArray(v)) return v[Number(key)];
      if (v !== null && typeof v === "object") return (v as Record<string, unknown>)[key];
      return undefined;
    }, value);
}

/**
 * The checks a schema cannot make, the same for every scene: unique step names, `await` naming an
 * earlier step sent with `wait: false`, a `{$ref: step/…}` naming an earlier step. A problem names
 * the step (`script/<i>: …`).
 */
export function checkScript(script: readonly ScriptStep[]): string | undefined {
  const seen = new Map<string, ScriptStep>();
  for (const [i, step] of script.entries()) {
    for (const ref of refsIn(step.payload ?? {})) {
      const [root, name] = ref.split("/");
      if (root === "step" && !seen.has(name ?? "")) return `script/${i}: {$ref: ${ref}} names no earlier step`;
    }
    if (step.await !== undefined) {
      const earlier = seen.get(step.await);
      if (!earlier) return `script/${i}: await names "${step.await}", no earlier step`;
      if (earlier.wait !== false) return `script/${i}: await names "${step.await}", which was not sent with wait: false`;
    }
    const name = stepNameOf(step);
    if (name !== undefined && step.send !== undefined) {
      if (seen.has(name)) return `script/${i}: step name "${name}" is used twice (give one an \`as\`)`;
      seen.set(name, step);
    }
  }
  return undefined;
}

/** How one step was played: the scene's record of it (the engine adds index, step and t_ms). */
export type StepOutcome = Readonly<Record<string, unknown>>;

export interface ScriptPlayer<S extends ScriptStep> {
  /** performance.now() past which no step is played (skipped: "the scene's time box ended"); absent: none. */
  readonly deadline?: number;
  /** Milliseconds since the scene opened (a step record's t_ms); absent: none recorded. */
  readonly since?: () => number;
  /** Why the scene ended before the script did (its party gone): the remaining steps are not played. */
  readonly over?: () => boolean;
  /**
   * Sends a `send` step: the record of what went out (or `skipped`), and the answer's arguments
   * when they come (undefined: none within the box).
   */
  send(
    step: S,
    index: number,
    withinMs: number,
    answerOf: (name: string) => unknown,
  ): { readonly record: StepOutcome; readonly answer?: Promise<unknown[] | undefined> };
  /** Any other step of the scene (connect, cancel, heard, add_tool, …): its record. */
  act(step: S, index: number, withinMs: number): Promise<StepOutcome>;
}

/** One step as the engine records it: the step, when, and the scene's outcome (`skipped`: why it was not played). */
export type PlayedStep<S> = { readonly index: number; readonly step: S; readonly t_ms?: number; readonly skipped?: string } & StepOutcome;

/**
 * The one step engine: plays `script` in order, every wait capped by what is left of the box,
 * `sleep_ms` and `await` its own, `send` and the scene's acts the player's; then waits for every
 * answer still out. Never throws for a step: a step that cannot be played is recorded as skipped.
 */
export async function playScript<S extends ScriptStep>(
  script: readonly S[],
  player: ScriptPlayer<S>,
  record: (played: PlayedStep<S>) => void,
): Promise<void> {
  const pending = new Map<string, Promise<void>>();
  const answers = new Map<string, unknown>();
  const left = () => (player.deadline === undefined ? Number.POSITIVE_INFINITY : Math.max(0, player.deadline - performance.now()));
  const stamp = () => (player.since ? { t_ms: Math.round(player.since() * 10) / 10 } : {});
  for (const [index, step] of script.entries()) {
    if (player.over?.()) break;
    if (player.deadline !== undefined && performance.now() > player.deadline) {
      record({ index, step, skipped: "the scene's time box ended" });
      continue;
    }
    const at = stamp();
    if (step.sleep_ms !== undefined) {
      record({ index, step, ...at });
      await sleep(Math.min(step.sleep_ms, left()));
    } else if (step.quiet !== undefined) {
      // The window's length goes into the record: audit and show read what the case listened for.
      const ms = QUIET_WINDOWS[step.quiet].ms;
      record({ index, step, ...at, quiet_ms: ms });
      await sleep(Math.min(ms, left()));
    } else if (step.await !== undefined) {
      record({ index, step, ...at });
      await pending.get(step.await);
    } else if (step.send !== undefined) {
      const name = stepNameOf(step) as string;
      const sent = player.send(step, index, left(), (n) => answers.get(n));
      record({ index, step, ...at, ...sent.record });
      const { answer } = sent;
      if (!answer) continue;
      const answered = answer.then((args) => {
        answers.set(name, args?.[0]);
      });
      pending.set(name, answered);
      if (step.wait !== false) await answered;
    } else {
      record({ index, step, ...at, ...(await player.act(step, index, left())) });
    }
  }
  await Promise.all(pending.values());
}

/** What a script waits whatever the evidence: its pauses and quiet windows (a scene lasts at least this). */
export function scriptWaitMs(script: unknown): number {
  if (!Array.isArray(script)) return 0;
  return script.reduce<number>((sum, step: ScriptStep) => {
    if (typeof step?.sleep_ms === "number") return sum + step.sleep_ms;
    if (step?.quiet !== undefined && Object.hasOwn(QUIET_WINDOWS, step.quiet)) return sum + QUIET_WINDOWS[step.quiet].ms;
    return sum;
  }, 0);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** How often a wait on evidence looks at the record again. */
const POLL_MS = 10;

/**
 * Waits until `done()` holds or `withinMs` passed: a scene waits for the packet it needs, as long as
 * a loaded machine needs and no longer, instead of a fixed sleep it may miss. True when it held.
 */
export async function pollUntil(done: () => boolean, withinMs: number): Promise<boolean> {
  const until = performance.now() + Math.max(0, withinMs);
  while (!done()) {
    if (performance.now() >= until) return false;
    await sleep(POLL_MS);
  }
  return true;
}
