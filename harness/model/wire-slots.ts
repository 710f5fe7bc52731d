/** How many wire scenes of one implementation run at once, given the slots the machine's load allows (run/live-slots.ts). */

/**
 * Wire slots of an in-process implementation (the reference) when it runs alone: its scenes start
 * no SDK process and mostly wait, so three times as many run at once, still scaled by the load.
 * Measured (2 cores, quiet, the reference alone): 13.0 s whole at 8 slots, 10.6 s at 16, 8.8 s at 24,
 * every status the same. Beside SDKs it keeps the SDKs' count: its scenes share the harness's one
 * thread with every other scene, and in the main job a tripled burst at the start made its own
 * transport cases miss their 5 s connect box (retried, flaky) in 2 of 6 runs.
 */
export const IN_PROCESS_WIRE_FACTOR = 3;

export function wireSlotsFor(slots: number, transport: "in-process" | "subprocess", implementations: number): number {
  return transport === "in-process" && implementations === 1 ? slots * IN_PROCESS_WIRE_FACTOR : slots;
}
