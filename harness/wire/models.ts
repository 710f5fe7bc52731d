/**
 * The data-structures models a wire case checks acks against (vectors/_schema/wire-models.json,
 * written by the kit from the 0.4.0 text), compiled once.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import { SHARED_SCHEMA_DIR } from "../model/kit-files.ts";
import { eventDefinition, type SmcpEventName } from "./events.ts";

const MODELS_ID = "smcp-conformance:wire-models";
const ajv = new Ajv({ allErrors: true, strict: false });
ajv.addSchema(JSON.parse(readFileSync(join(SHARED_SCHEMA_DIR, "wire-models.json"), "utf8")));
const compiled = new Map<string, ValidateFunction>();

export function modelNames(): string[] {
  const schema = ajv.getSchema(MODELS_ID)?.schema as { definitions: Record<string, unknown> };
  return Object.keys(schema.definitions).sort();
}

/** The model's schema errors for `value` (empty: valid); an unknown model is one error naming it. */
export function modelErrors(model: string, value: unknown): string[] {
  let validate = compiled.get(model);
  if (!validate) {
    const found = ajv.getSchema(`${MODELS_ID}#/definitions/${model}`);
    if (!found) return [`no model ${model} in wire-models.json`];
    validate = found;
    compiled.set(model, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? "is invalid"}`);
}

/**
 * The model the kit checks an event's request (or notification payload) against: the vocabulary's
 * (events.ts), when wire-models.json has it; undefined for the requests the kit has not written a
 * model for yet.
 */
export function checkedRequestModel(event: SmcpEventName): string | undefined {
  const definition = eventDefinition(event);
  const model = definition.kitRequest ?? definition.request;
  return ajv.getSchema(`${MODELS_ID}#/definitions/${model}`) ? model : undefined;
}
