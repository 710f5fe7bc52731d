/**
 * Lifecycle acts: a `computer:` step of a wire.computer script has the Computer under test do one
 * operation through its SDK's own API (disconnect, shutdown, unmount a server, report its state).
 * The harness sends the kit-internal `wire.computer_act` call to the adapter running the scene's
 * call, naming it by office; the adapter's answer goes into the step's record, and what the Computer
 * then does on the wire is judged from the packets like every other step (computer-facts.ts).
 */
import type { CallResult } from "../model/implementation.ts";
import type { ComputerAct, ComputerStep } from "./computer-scene.ts";
import { rotatedSecret, secretInputId } from "./secret-input.ts";

export const COMPUTER_ACT_OP = "wire.computer_act";

/** How long an adapter lets its SDK take over one act before it answers `done: false` (its own bound). */
export const ACT_BOUND_MS = 5_000;
/** The driver's timeout for an act call: the adapter's bound and its answer's way back. */
export const ACT_CALL_TIMEOUT_MS = ACT_BOUND_MS + 3_000;
/** How long a disconnect or shutdown act waits for the connection to end when the step gives no time_box_ms. */
export const DEFAULT_ACT_MS = 5_000;

/**
 * The Server's own act, never a script's: the scene is over, for a session whose Computer ended its
 * own connection (it cannot be disconnected, so its adapter is told instead of waiting out its box).
 */
export const END_SCENE_ACT = "end_scene" as const;

/**
 * The Server's own act in a `start_on_act` scene, never a script's: the adapter answers once its SDK's
 * Computer has been created from the config and is held unstarted (the scene then looks at what
 * creation alone did, and sends `start`, which lets the session go on to start, connect and join).
 */
export const CREATED_ACT = "await_created" as const;

/** The act call's input (vectors/_schema/ops/wire.computer_act.json). */
export interface ComputerActCall {
  readonly office_id: string;
  readonly act: ComputerAct | typeof END_SCENE_ACT | typeof CREATED_ACT;
  readonly bundle_id?: string;
  readonly set?: Readonly<Record<string, unknown>>;
  /** set_input: the declared input's id and its new value (null: the value taken away). */
  readonly input_id?: string;
  readonly value?: string | null;
}

/** Makes the act call to the implementation under test and hands back its result (the run supplies it). */
export type ComputerActor = (call: ComputerActCall, timeoutMs: number) => Promise<CallResult>;

/** An act's outcome from the adapter's recorded result. */
export type ActOutcome = "done" | "raised" | "unsupported" | "no_answer";

export function actOutcome(result: unknown): ActOutcome {
  const r = (result ?? {}) as { kind?: unknown; output?: unknown };
  if (r.kind === "unsupported") return "unsupported";
  if (r.kind !== "ok" || r.output === null || typeof r.output !== "object") return "no_answer";
  return (r.output as { done?: unknown }).done === true ? "done" : "raised";
}

/**
 * What the SDK itself said in an act's recorded result, the part a canary scan reads: the adapter's
 * answer (`done`, `raised` with the SDK's error message, `state`, any diagnostics it reported) or
 * the error the call failed with; nothing for a result the adapter or the driver wrote on its own
 * (unsupported, a crash, a timeout).
 */
export function actAnswer(result: unknown): unknown {
  const r = (result ?? {}) as { kind?: unknown; output?: unknown; error?: unknown };
  if (r.kind === "ok") return { output: r.output };
  if (r.kind === "error") return { error: r.error };
  return undefined;
}

/** The state an act reported (snake_case), or null. */
export function actState(result: unknown): string | null {
  const r = (result ?? {}) as { kind?: unknown; output?: { state?: unknown } };
  return r.kind === "ok" && typeof r.output?.state === "string" ? r.output.state : null;
}

/** A set_input step's act fields: the n-th secret input's id and its new value (the scene checked the step). */
export function inputChange(step: ComputerStep, planted: readonly string[]): Pick<ComputerActCall, "input_id" | "value"> {
  const n = step.input ?? 0;
  return { input_id: secretInputId(n), value: step.value === "rotated" ? rotatedSecret(planted[n] ?? "") : null };
}
