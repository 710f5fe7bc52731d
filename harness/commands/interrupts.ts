/** Signal handling shared by long-running commands. */

/** The first SIGINT/SIGTERM stops the run cleanly (adapters killed, partial report written); a second exits at once. */
export async function withInterrupts<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onSignal = (name: NodeJS.Signals) => {
    if (controller.signal.aborted) process.exit(name === "SIGTERM" ? 143 : 130);
    process.stderr.write(`\n${name}: stopping: adapters killed, what ran so far is written\n`);
    controller.abort(name);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    return await work(controller.signal);
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}
