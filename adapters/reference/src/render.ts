/**
 * Placeholder rendering (computer-mcp-config-guide.md §占位符语法; seeds/002 §4). Everything the
 * renderer may read arrives in the context: it never consults the real process environment.
 * Strings are rendered inside arrays and object values (keys stay as written), in one pass.
 */
import type { Json } from "./types.ts";

export interface RenderContext {
  readonly inputs?: Readonly<Record<string, Json>>;
  readonly env?: Readonly<Record<string, string>>;
  readonly userHome?: string;
  readonly pathSeparator?: string;
  /** `<plugin>@<marketplace>`: a bare `${input:id}` falls back to `<scope>/<id>`. */
  readonly pluginScope?: string;
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

/** Exact id first; then the plugin-scoped pool id `<scope>/<id>`. A miss stays literal. */
function resolveInput(id: string, context: RenderContext, warnings: RenderWarning[]): Resolved {
  const inputs = context.inputs ?? {};
  if (Object.hasOwn(inputs, id)) return { found: true, value: inputs[id]! };
  const pooled = context.pluginScope === undefined ? undefined : `${context.pluginScope}/${id}`;
  if (pooled !== undefined && Object.hasOwn(inputs, pooled)) return { found: true, value: inputs[pooled]! };
  warnings.push({ kind: "input.missing", name: id });
  return LITERAL;
}
