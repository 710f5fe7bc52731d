/**
 * Signal handling shared by long-running commands. The first SIGINT, SIGTERM or SIGHUP stops the
 * work cleanly (adapters killed, what ran is kept); a second one ends the process at once, through
 * the command's emergency path when it has one (the run writes its report synchronously first).
 * Adapter process groups are killed on every way out (util/process-groups.ts hooks `exit`).
 */
import { killAllGroups } from "../util/process-groups.ts";
import { terminalSafe } from "../util/terminal-text.ts";
import { EXIT, HANDLED_SIGNALS, type HandledSignal } from "./exit-code.ts";

/** What ends a command early: a signal, or an error nothing caught. */
export type Fatal = { readonly signal: HandledSignal } | { readonly error: unknown };

/** A command's way out when it must end now; it exits the process itself. */
export type EmergencyExit = (cause: Fatal) => void;

let emergency: EmergencyExit | undefined;
let fatalHooked = false;

/** The default way out: say why, kill the adapters, exit with the code. */
function defaultExit(cause: Fatal): void {
  killAllGroups();
  if ("signal" in cause) process.exit(EXIT[cause.signal]);
  process.stderr.write(`internal error: ${describeError(cause.error)}\n`);
  process.exit(EXIT.internal);
}

export function describeError(error: unknown): string {
  return terminalSafe(error instanceof Error ? (error.stack ?? error.message) : String(error));
}

/** Ends the process now, through the command's emergency path when one is set. */
export function endNow(cause: Fatal): void {
  const exit = emergency ?? defaultExit;
  emergency = undefined; // an error inside the emergency path itself takes the default way out
  try {
    exit(cause);
  } catch (error) {
    defaultExit({ error });
  }
  defaultExit(cause);
}

/** Errors nothing caught (an uncaught exception, an unhandled rejection) end the process through endNow: exit 3. */
export function hookFatalErrors(): void {
  if (fatalHooked) return;
  fatalHooked = true;
  process.on("uncaughtException", (error) => endNow({ error }));
  process.on("unhandledRejection", (error) => endNow({ error }));
}

/** Sets (or clears) the running command's emergency path. */
export function setEmergencyExit(exit: EmergencyExit | undefined): void {
  emergency = exit;
}

/** A guard for one piece of work: the first signal aborts its AbortSignal, a second ends the process now. */
export class Interrupts {
  private readonly controller = new AbortController();
  private received: HandledSignal | undefined;
  private readonly handler = (name: NodeJS.Signals) => this.onSignal(name as HandledSignal);

  constructor(private readonly message: (signal: HandledSignal) => string) {
    for (const s of HANDLED_SIGNALS) process.on(s, this.handler);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The first signal received, if any. */
  get first(): HandledSignal | undefined {
    return this.received;
  }

  private onSignal(name: HandledSignal): void {
    if (this.received !== undefined) {
      endNow({ signal: this.received });
      return;
    }
    this.received = name;
    process.stderr.write(`\n${this.message(name)}\n`);
    this.controller.abort(name);
  }

  dispose(): void {
    for (const s of HANDLED_SIGNALS) process.off(s, this.handler);
  }
}

/** The first signal stops the work cleanly; a second exits at once (adapters killed). */
export async function withInterrupts<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const interrupts = new Interrupts((name) => `${name}: stopping: adapters killed, what ran so far is kept`);
  try {
    return await work(interrupts.signal);
  } finally {
    interrupts.dispose();
  }
}
