/** A fault: one patch that breaks a valid object, with the reason the kit's reading gives for it. */
import fc, { type Arbitrary } from "fast-check";
import type { Json, JsonObject } from "../../adapters/reference/src/index.ts";
import { applyPatch, type Field, type Patch } from "./objects.ts";

export interface ValidityOption {
  /** true: only values the kit's reading accepts; false: only rejected ones; absent: a boundary-heavy mix. */
  readonly valid?: boolean;
}

export interface Fault extends Patch {
  readonly reason: string;
}

/** The path of a transport field. */
export const param = (field: string): string[] => ["server_parameters", field];

/** One patch per value: each value set at `path` (ABSENT removes the key). */
export function patchesAt(path: readonly string[], ...values: Field[]): Patch[] {
  return values.map((value) => ({ path, value }));
}

/** One fault per value: each value set at `path` (ABSENT removes the key). */
export function faultsAt(path: readonly string[], reason: string, ...values: Field[]): Fault[] {
  return values.map((value) => ({ path, value, reason }));
}

/** A broken object and the reason expected for it. */
export interface Faulty {
  readonly value: Json;
  readonly reason: string;
}

/** A valid base with exactly one fault applied, so the fault's reason is the verdict's. */
export function withOneFault(base: Arbitrary<JsonObject>, faults: readonly Fault[]): Arbitrary<Faulty> {
  return fc.tuple(base, fc.constantFrom(...faults)).map(([value, fault]) => ({ value: applyPatch(value, fault), reason: fault.reason }));
}

/** A valid base with one patch the reference accepts (an observe-tier edge). */
export function withOnePatch(base: Arbitrary<JsonObject>, patches: readonly Patch[]): Arbitrary<JsonObject> {
  return fc.tuple(base, fc.constantFrom(...patches)).map(([value, patch]) => applyPatch(value, patch));
}
