/** One ajv instance holding the kit's shared schemas plus every suite schema it has seen. */

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createContext, Script } from "node:vm";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { SHARED_SCHEMA_DIR } from "../model/kit-files.ts";
import { opsSchema } from "../model/operations.ts";
import { CorpusError } from "./errors.ts";

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

  /**
   * Registers a suite's schema.json (once per $id) and returns its $id. It is compiled here, so a
   * schema ajv cannot use (no $id, a $ref to nothing, a keyword it does not know) is a corpus error
   * naming the file, not a stack trace later.
   */
  addSuiteSchema(schema: { $id?: string }, file: string): string {
    const id = schema?.$id;
    if (typeof id !== "string" || id === "")
      throw new CorpusError([{ code: "corpus.schema", file, message: "a suite schema needs an $id (a string)" }]);
    if (this.ajv.getSchema(id)) return id;
    try {
      this.ajv.addSchema(schema);
      this.compiled.set(id, underWatchdog(this.ajv.getSchema(id)!, file));
    } catch (error) {
      this.ajv.removeSchema(id);
      throw new CorpusError([{ code: "corpus.schema", file, message: `not a schema the kit can use: ${(error as Error).message}` }]);
    }
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

/** A corpus's own schema may hold a pattern that backtracks without end ("^(a|a)*$"): each validation gets this long. */
export const SCHEMA_TIME_LIMIT_MS = 2_000;
const CONTEXT = createContext({});
const RUN = new Script("__run()");

/** A schema file's validation took longer than SCHEMA_TIME_LIMIT_MS (stopped by V8's watchdog). */
export class SchemaTimeout extends Error {
  override readonly name = "SchemaTimeout";
  constructor(readonly schemaFile: string) {
    super(
      `validation against ${schemaFile} took longer than ${SCHEMA_TIME_LIMIT_MS} ms and was stopped (a pattern that backtracks catastrophically?)`,
    );
  }
}

/**
 * Runs `validate` under node:vm's watchdog, which stops even a regular expression that never
 * yields (the thread is otherwise held for good, SIGTERM included). Suite schemas only: the shared ones run bare.
 */
function underWatchdog(validate: ValidateFunction, schemaFile: string): ValidateFunction {
  const guarded = ((data: unknown) => {
    let ok = false;
    (CONTEXT as { __run?: () => void }).__run = () => {
      ok = validate(data) as boolean;
    };
    try {
      RUN.runInContext(CONTEXT, { timeout: SCHEMA_TIME_LIMIT_MS });
    } catch (error) {
      if ((error as { code?: string }).code === "ERR_SCRIPT_EXECUTION_TIMEOUT") throw new SchemaTimeout(schemaFile);
      throw error;
    } finally {
      delete (CONTEXT as { __run?: () => void }).__run;
    }
    guarded.errors = validate.errors;
    return ok;
  }) as ValidateFunction;
  return guarded;
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
