/**
 * Placeholder rendering (computer-mcp-config-guide.md §占位符语法; seeds/002 §4). Everything the
 * renderer may read arrives in the context: it never consults the real process environment.
 * Strings are rendered inside arrays and object values (keys stay as written), in one pass.
 * Input references follow runtime-contract §5 item 11 (published with 0.3.2, kept in 0.4.0) unless
 * the context asks for the kit's v0.3.0 reading.
 */
import { InvalidInputError } from "./errors.ts";
import type { Json } from "./types.ts";

/** Which reading of input references: the scoped-first order of 0.3.2 and later, or the kit's v0.3.0 reading (exact id first). */
export type RenderReading = "0.4" | "0.3";

export type InputKind = "value" | "secret";

export interface RenderContext {
  readonly inputs?: Readonly<Record<string, Json>>;
  readonly env?: Readonly<Record<string, string>>;
  readonly userHome?: string;
  readonly pathSeparator?: string;
  /** `<plugin>@<marketplace>` of a plugin-bound server: its bare `${input:id}` looks up `<scope>/<id>` first. */
  readonly pluginScope?: string;
  /** Declared inputs and their kind; a declared id without a value in `inputs` has none. Default: every id of `inputs`, kind value. */
  readonly inputKinds?: Readonly<Record<string, InputKind>>;
  readonly reading?: RenderReading;
}

export type RenderWarning =
  | { readonly kind: "env.missing"; readonly name: string }
  | { readonly kind: "input.missing"; readonly name: string }
  | { readonly kind: "deprecated"; readonly name: string };

export interface RenderResult {
  readonly value: Json;
  readonly warnings: RenderWarning[];
}

const PLACEHOLDER = /\$\{([^{}]*)\}/g;
const WHOLE = /^\$\{([^{}]*)\}$/;

type Resolved = { readonly found: true; readonly value: Json } | { readonly found: false };
const LITERAL: Resolved = { found: false };

export function render(value: Json, context: RenderContext): RenderResult {
  const warnings: RenderWarning[] = [];
  return { value: renderValue(value, context, warnings), warnings };
}

function renderValue(value: Json, context: RenderContext, warnings: RenderWarning[]): Json {
  if (typeof value === "string") return renderString(value, context, warnings);
  if (Array.isArray(value)) return value.map((item) => renderValue(item, context, warnings));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderValue(v, context, warnings)]));
  }
  return value;
}

/** A string that is exactly one placeholder keeps the resolved value's type; embedded ones are stringified. */
function renderString(text: string, context: RenderContext, warnings: RenderWarning[]): Json {
  const whole = WHOLE.exec(text);
  if (whole) {
    const resolved = resolve(whole[1]!, context, warnings);
    return resolved.found ? resolved.value : text;
  }
  return text.replace(PLACEHOLDER, (match, body: string) => {
    const resolved = resolve(body, context, warnings);
    return resolved.found ? stringify(resolved.value) : match;
  });
}

/** Non-string values embedded in text: JSON text (the spec leaves the format open). */
function stringify(value: Json): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function resolve(body: string, context: RenderContext, warnings: RenderWarning[]): Resolved {
  if (body.startsWith("input:")) return resolveInput(body.slice("input:".length), context, warnings);
  if (body.startsWith("env:")) {
    const name = body.slice("env:".length);
    const env = context.env ?? {};
    if (Object.hasOwn(env, name)) return { found: true, value: env[name]! };
    warnings.push({ kind: "env.missing", name });
    return { found: true, value: "" };
  }
  if (body === "userHome" && context.userHome !== undefined) return { found: true, value: context.userHome };
  if (body === "pathSeparator" && context.pathSeparator !== undefined) return { found: true, value: context.pathSeparator };
  if (body === "workspaceFolder") warnings.push({ kind: "deprecated", name: "workspaceFolder" });
  return LITERAL;
}

/** A fully written plugin-scoped id, `<plugin>@<marketplace>/<id>`. */
const SCOPED_ID = /^[^@/]+@[^@/]+\/./;

/**
 * Since 0.3.2: an unbound server reads the global id only (a miss stays literal, as before). Under a plugin
 * scope a bare id tries `<scope>/<id>`, then a global of the same kind (any kind when the scoped id is
 * not declared at all: the spec compares with the scoped input's kind and is silent without one),
 * else fails with missing_input naming the scoped id, whatever the global side holds. A fully
 * written scoped id is looked up as written, never falling back.
 */
function resolveInput(id: string, context: RenderContext, warnings: RenderWarning[]): Resolved {
  if (context.reading === "0.3") return resolveInput03(id, context, warnings);
  const inputs = context.inputs ?? {};
  const scope = context.pluginScope;
  const has = (key: string) => Object.hasOwn(inputs, key);
  if (scope === undefined) {
    if (has(id)) return { found: true, value: inputs[id]! };
    warnings.push({ kind: "input.missing", name: id });
    return LITERAL;
  }
  const wanted = SCOPED_ID.test(id) ? id : `${scope}/${id}`;
  if (has(wanted)) return { found: true, value: inputs[wanted]! };
  if (wanted !== id && has(id)) {
    const kindOf = (key: string): InputKind | undefined => context.inputKinds?.[key] ?? (has(key) ? "value" : undefined);
    const scopedKind = kindOf(wanted);
    if (scopedKind === undefined || kindOf(id) === scopedKind) return { found: true, value: inputs[id]! };
  }
  throw new InvalidInputError("input.missing_input", `no value for input ${wanted}`, { id: wanted });
}

/** The kit's v0.3.0 reading (the text said nothing of the order): exact id first; then the plugin-scoped pool id `<scope>/<id>`. A miss stays literal. */
function resolveInput03(id: string, context: RenderContext, warnings: RenderWarning[]): Resolved {
  const inputs = context.inputs ?? {};
  if (Object.hasOwn(inputs, id)) return { found: true, value: inputs[id]! };
  const pooled = context.pluginScope === undefined ? undefined : `${context.pluginScope}/${id}`;
  if (pooled !== undefined && Object.hasOwn(inputs, pooled)) return { found: true, value: inputs[pooled]! };
  warnings.push({ kind: "input.missing", name: id });
  return LITERAL;
}
