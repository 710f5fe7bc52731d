/**
 * The implementations measured, created exactly as `--impl` creates them, and every handshake
 * seen (the SDK versions and runtimes the results are for).
 */
import type { DriverOptions } from "../harness/driver/subprocess-implementation.ts";
import { selectImplementations } from "../harness/impl/registry.ts";
import type { Handshake, Implementation } from "../harness/model/implementation.ts";

const MEASURED = ["reference", "reference-subprocess", "python", "rust"] as const;
/** The ones behind a process: those with a cost per process and a driver window. */
const PROCESS_ADAPTERS = new Set<string>(["reference-subprocess", "python", "rust"]);
/** A cheap operation and an expensive one. */
export const OPS = ["bundle_id.resolve", "server_config.validate"] as const;
export const BENCH_LOOP = "bench.loop";

export const handshakes = new Map<string, Handshake>();
/** Implementations that could not start (a failed set-up or build), with why: left out of every section. */
export const unavailable = new Map<string, string>();

export const measured = (): string[] => MEASURED.filter((name) => !unavailable.has(name));
export const processAdapters = (): string[] => measured().filter((name) => PROCESS_ADAPTERS.has(name));

export function createImplementation(name: string, options: Partial<DriverOptions> = {}): Implementation {
  return selectImplementations([name], options)[0]!.implementation;
}

/** Starts a fresh implementation, hands it to `work`, and always stops it. */
export async function withStarted<T>(
  name: string,
  options: Partial<DriverOptions>,
  work: (impl: Implementation, handshake: Handshake) => Promise<T>,
): Promise<T> {
  const impl = createImplementation(name, options);
  try {
    const handshake = await impl.start();
    handshakes.set(name, handshake);
    return await work(impl, handshake);
  } finally {
    await impl.stop();
  }
}

/** Starts each implementation once before any timing: set-up (venv, cargo build) happens here, and the handshakes are recorded. */
export async function prepareAll(log: (line: string) => void): Promise<void> {
  for (const name of MEASURED) {
    const started = performance.now();
    try {
      await withStarted(name, {}, async () => {});
      log(`ready: ${name} (${Math.round(performance.now() - started)} ms)`);
    } catch (error) {
      unavailable.set(name, (error as Error).message);
      log(`left out: ${name}: ${(error as Error).message}`);
    }
  }
}
