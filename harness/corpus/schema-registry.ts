/** One ajv instance holding the kit's shared schemas plus every suite schema it has seen. */

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { SHARED_SCHEMA_DIR } from "../model/kit-files.ts";
import { opsSchema } from "../model/operations.ts";

export class SchemaRegistry {
  private readonly ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false, strictRequired: false, allowUnionTypes: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor() {
    for (const file of readdirSync(SHARED_SCHEMA_DIR)
      .filter((f) => f.endsWith(".schema.json"))
      .sort()) {
      this.ajv.addSchema(JSON.parse(readFileSync(join(SHARED_SCHEMA_DIR, file), "utf8")));
    }
    this.ajv.addSchema(opsSchema());
  }

  /** Registers a suite's schema.json (once per $id) and returns its $id. */
  addSuiteSchema(schema: { $id?: string }, file: string): string {
    const id = schema.$id;
    if (typeof id !== "string") throw new Error(`${file}: a suite schema needs an $id`);
    if (!this.ajv.getSchema(id)) this.ajv.addSchema(schema);
    return id;
  }

  validator(id: string): ValidateFunction {
    let fn = this.compiled.get(id);
    if (!fn) {
      fn = this.ajv.getSchema(id);
      if (!fn) throw new Error(`unknown schema ${id}`);
      this.compiled.set(id, fn);
    }
    return fn;
  }

  /** The errors worth showing: `if` wrappers only repeat what their `then` branch said. */
  static meaningful(errors: readonly ErrorObject[] | null | undefined): ErrorObject[] {
    return (errors ?? []).filter((e) => e.keyword !== "if");
  }
}

/** The pointer a person should look at: for a missing property, where it belongs. */
export function errorPointer(error: ErrorObject): string {
  if (error.keyword === "required") return `${error.instancePath}/${String(error.params["missingProperty"])}`;
  if (error.keyword === "additionalProperties") {
    return `${error.instancePath}/${String(error.params["additionalProperty"])}`;
  }
  return error.instancePath;
}

export function errorMessage(error: ErrorObject): string {
  const allowed = error.params["allowedValues"] as unknown[] | undefined;
  if (allowed) return `${error.message} (${allowed.map((v) => JSON.stringify(v)).join(", ")})`;
  if (error.keyword === "additionalProperties") return `unknown property "${String(error.params["additionalProperty"])}"`;
  if (error.keyword === "const") return `${error.message} ${JSON.stringify(error.params["allowedValue"])}`;
  return error.message ?? "schema violation";
}
