/** How many wire scenes of one implementation run at once, given the slots the machine's load allows (run/live-slots.ts). */

/**
 * Wire slots of an in-process implementation (the reference): its scenes start no SDK process and
 * cost the run little but waiting, so three times as many run at once, still scaled by the load.
 * Measured (2 cores, quiet, the reference alone): 13.0 s whole at 8 slots, 10.6 s at 16, 8.8 s at 24,
 * every status the same; the SDKs' slots are unchanged.
 */
export const IN_PROCESS_WIRE_FACTOR = 3;

export function wireSlotsFor(slots: number, transport: "in-process" | "subprocess"): number {
  return transport === "in-process" ? slots * IN_PROCESS_WIRE_FACTOR : slots;
}
