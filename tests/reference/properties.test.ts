// Property tests of the reference implementation over the boundary-biased generators: each
// property states a rule of the spec (or the kit's reading) independently of the code under test.
import fc, { type Arbitrary } from "fast-check";
import { describe, expect, it } from "vitest";
import type { Json, JsonObject } from "../../adapters/reference/src/index.ts";
import * as ref from "../../adapters/reference/src/index.ts";
import * as gen from "../../harness/generators/index.ts";

const SEED = 20_240_607;
const RUNS = { seed: SEED, numRuns: 1000 };
const HEAVY_RUNS = { seed: SEED, numRuns: 500 };

/** The error reason a call raises, or null when it returns. */
function errorReason(call: () => unknown): string | null {
  try {
    call();
    return null;
  } catch (error) {
    if (error instanceof ref.InvalidInputError) return error.reason;
    throw error;
  }
}

const wellFormedName = gen.serverName().filter(ref.isWellFormed);
const ASCII_KEPT = /^[A-Za-z0-9_-]*$/;

describe("normalizeName", () => {
  it("is idempotent", () => {
    fc.assert(
      fc.property(wellFormedName, (name) => ref.normalizeName(ref.normalizeName(name)) === ref.normalizeName(name)),
      RUNS,
    );
  });

  it("outputs only [A-Za-z0-9_-], no '__' run, no leading or trailing '_' / '-'", () => {
    fc.assert(
      fc.property(wellFormedName, (name) => {
        const out = ref.normalizeName(name);
        return ASCII_KEPT.test(out) && !out.includes("__") && !/^[-_]|[-_]$/.test(out);
      }),
      RUNS,
    );
  });

  it("keeps every ASCII letter and digit, in order and case", () => {
    const alnum = (text: string) => text.replace(/[^A-Za-z0-9]/g, "");
    fc.assert(
      fc.property(wellFormedName, (name) => alnum(ref.normalizeName(name)) === alnum(name)),
      RUNS,
    );
  });

  it("maps each other code point to one '_' (counted before folding)", () => {
    // Without folding and trimming, the output would have exactly one unit per code point.
    const perCodePoint = (text: string) => Array.from(text, (c) => (/^[A-Za-z0-9_-]$/.test(c) ? c : "_")).join("");
    const foldAndTrim = (text: string) => text.replace(/_+/g, "_").replace(/^[-_]+|[-_]+$/g, "");
    fc.assert(
      fc.property(wellFormedName, (name) => ref.normalizeName(name) === foldAndTrim(perCodePoint(name))),
      RUNS,
    );
  });

  it("refuses exactly the names holding a lone surrogate", () => {
    fc.assert(
      fc.property(
        gen.serverName(),
        (name) => errorReason(() => ref.normalizeName(name)) === (ref.isWellFormed(name) ? null : "input.lone_surrogate"),
      ),
      RUNS,
    );
  });

  it("a non-empty result is a valid explicit bundle_id", () => {
    fc.assert(
      fc.property(wellFormedName, (name) => ref.normalizeName(name) === "" || ref.validateBundleId(ref.normalizeName(name)).accepted),
      RUNS,
    );
  });
});

/** A config without an explicit bundle_id, so resolution derives one. */
const derivedConfig: Arbitrary<JsonObject> = gen.encodableConfig().map(({ bundle_id: _, ...config }) => config);

describe("bundle_id resolution", () => {
  it("is the normalised name, or the hash fallback exactly when that is empty", () => {
    fc.assert(
      fc.property(derivedConfig, (config) => {
        const normalized = ref.normalizeName(typeof config["name"] === "string" ? config["name"] : "");
        const resolved = ref.resolveBundleId(config);
        if (normalized !== "") return resolved === normalized;
        return /^bundle_[0-9a-f]{16}$/.test(resolved) && resolved === ref.fallbackBundleId(config);
      }),
      RUNS,
    );
  });

  it("the fallback depends on the connection identity only, not on which empty-normalising name", () => {
    fc.assert(
      fc.property(derivedConfig, gen.emptyNormalisingName(), gen.emptyNormalisingName(), (config, a, b) => {
        return ref.resolveBundleId({ ...config, name: a }) === ref.resolveBundleId({ ...config, name: b });
      }),
      RUNS,
    );
  });

  it("an explicit string bundle_id is returned as given, valid or not", () => {
    const explicit = fc.oneof(gen.validBundleId(), gen.invalidBundleId());
    fc.assert(
      fc.property(gen.encodableConfig(), explicit, (config, id) => ref.resolveBundleId({ ...config, bundle_id: id }) === id),
      RUNS,
    );
  });
});

/** Reads one identity frame from `offset`: the decoded fields and where the frame ends. */
function readFrame(bytes: Uint8Array, offset = 0): { fields: unknown[]; end: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }); // keep a leading U+FEFF: it is data
  let at = offset;
  const u32 = () => ((at += 4), view.getUint32(at - 4, false));
  const str = () => {
    const length = u32();
    if (at + length > bytes.length) throw new Error("string runs past the end");
    return decoder.decode(bytes.subarray(at, (at += length)));
  };
  const list = () => Array.from({ length: u32() }, str);
  const map = () => Array.from({ length: u32() }, () => [str(), str()]);
  const type = str();
  const fields = type === "stdio" ? [type, str(), list(), map()] : [type, str(), map()];
  return { fields, end: at };
}

/** What the frame must hold, with map keys in UTF-8 byte order (an oracle independent of compareCodePoints). */
function identityFields(config: JsonObject): unknown[] {
  const params = config["server_parameters"] as Record<string, Json | undefined>;
  const sorted = (map: Json | undefined) =>
    Object.entries((map ?? {}) as Record<string, string>).sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  if (config["type"] === "stdio") return ["stdio", params["command"], params["args"] ?? [], sorted(params["env"])];
  return [config["type"], params["url"], sorted(params["headers"])];
}

/** The same config with env / headers entries inserted in another order (rotated, then maybe reversed). */
function reorderMaps(config: JsonObject, rotation: number, reverse: boolean): JsonObject {
  const params = { ...(config["server_parameters"] as JsonObject) };
  for (const key of ["env", "headers"]) {
    const map = params[key];
    if (map === null || typeof map !== "object" || Array.isArray(map)) continue;
    const entries = Object.entries(map);
    const shift = entries.length === 0 ? 0 : rotation % entries.length;
    const rotated = [...entries.slice(shift), ...entries.slice(0, shift)];
    params[key] = Object.fromEntries(reverse ? rotated.reverse() : rotated);
  }
  return { ...config, server_parameters: params };
}

/** Fields the identity excludes (display, policy, process options, timeouts). */
const EXCLUDED_PATCHES: gen.Patch[] = [
  { path: ["name"], value: "another display name" },
  { path: ["bundle_id"], value: "other-id" },
  { path: ["disabled"], value: true },
  { path: ["forbidden_tools"], value: ["x"] },
  { path: ["tool_meta"], value: { t: { alias: "u" } } },
  { path: ["default_tool_meta"], value: { auto_apply: true } },
  { path: ["vrl"], value: ".a = 1" },
  { path: ["env_file"], value: ".env" },
  { path: ["server_parameters", "cwd"], value: "/elsewhere" },
  { path: ["server_parameters", "encoding"], value: "latin-1" },
  { path: ["server_parameters", "encoding_error_handler"], value: "replace" },
  { path: ["server_parameters", "timeout"], value: 99 },
  { path: ["server_parameters", "sse_read_timeout"], value: "PT99S" },
  { path: ["server_parameters", "terminate_on_close"], value: false },
];

const identity = (config: JsonObject) => ref.toHex(ref.connectionIdentityBytes(config));

describe("connection-identity bytes (TLV)", () => {
  it("decode back to exactly the identity fields, map keys in UTF-8 byte order, nothing left over", () => {
    fc.assert(
      fc.property(gen.encodableConfig(), (config) => {
        const bytes = ref.connectionIdentityBytes(config);
        const { fields, end } = readFrame(bytes);
        expect(fields).toEqual(identityFields(config));
        return end === bytes.length;
      }),
      RUNS,
    );
  });

  it("are self-delimiting: a frame read from a concatenation ends where its own bytes end", () => {
    fc.assert(
      fc.property(gen.encodableConfig(), gen.encodableConfig(), (a, b) => {
        const first = ref.connectionIdentityBytes(a);
        return readFrame(Buffer.concat([first, ref.connectionIdentityBytes(b)])).end === first.length;
      }),
      RUNS,
    );
  });

  it("are prefix-free: two configs' frames are equal or neither is a prefix of the other", () => {
    // Tiny pools, so frames often share long prefixes: a missing count or length would show.
    const tiny = fc.constantFrom("", "a", "ab");
    const nearby = gen.stdioConfig({
      serverParameters: gen.objectOf({
        command: tiny,
        args: fc.array(tiny, { maxLength: 3 }),
        env: gen.plainMap(tiny, tiny, { maxKeys: 2 }),
      }),
    });
    fc.assert(
      fc.property(nearby, nearby, (a, b) => {
        const [x, y] = [identity(a), identity(b)].sort((l, r) => l.length - r.length);
        return x === y || !y!.startsWith(x!);
      }),
      RUNS,
    );
  });

  it("do not depend on the insertion order of env or header keys", () => {
    fc.assert(
      fc.property(
        gen.encodableConfig(),
        fc.nat(),
        fc.boolean(),
        (config, rotation, reverse) => identity(config) === identity(reorderMaps(config, rotation, reverse)),
      ),
      RUNS,
    );
  });

  it("ignore every excluded field", () => {
    fc.assert(
      fc.property(
        gen.encodableConfig(),
        fc.constantFrom(...EXCLUDED_PATCHES),
        (config, patch) => identity(config) === identity(gen.applyPatch(config, patch)),
      ),
      RUNS,
    );
  });

  it("encode null or absent args / env / headers as an empty list or map", () => {
    const emptied = (config: JsonObject, value: gen.Field) => {
      const keys = config["type"] === "stdio" ? ["args", "env"] : ["headers"];
      return keys.reduce((c, key) => gen.applyPatch(c, { path: ["server_parameters", key], value }), config);
    };
    fc.assert(
      fc.property(gen.encodableConfig(), (config) => identity(emptied(config, null)) === identity(emptied(config, gen.ABSENT))),
      RUNS,
    );
    fc.assert(
      fc.property(
        gen.stdioConfig(),
        (config) =>
          identity(emptied(config, null)) ===
          identity(
            gen.applyPatch(gen.applyPatch(config, { path: ["server_parameters", "args"], value: [] }), {
              path: ["server_parameters", "env"],
              value: {},
            }),
          ),
      ),
      RUNS,
    );
  });

  it("refuse what they cannot encode, with the expected reason", () => {
    fc.assert(
      fc.property(
        gen.unencodableConfig(),
        ({ value, reason }) => errorReason(() => ref.connectionIdentityBytes(value as JsonObject)) === reason,
      ),
      RUNS,
    );
  });
});

describe("explicit bundle_id verdicts", () => {
  /** The rules in the kit's order, stated without the reference's code. */
  function expectedReason(value: Json): string | null {
    if (typeof value !== "string") return "bundle_id.not_string";
    if (value === "") return "bundle_id.empty";
    if (value.includes(".")) return "bundle_id.dot";
    if (value.includes("__")) return "bundle_id.reserved_separator";
    return /^[A-Za-z0-9_-]+$/.test(value) ? null : "bundle_id.charset";
  }
  it("accept exactly [A-Za-z0-9_-]+ without '__', and name the first broken rule", () => {
    const value = gen.bundleIdValue().filter((v) => typeof v !== "string" || ref.isWellFormed(v));
    fc.assert(
      fc.property(value, (v) => ref.validateBundleId(v).reason === expectedReason(v)),
      RUNS,
    );
  });
});

describe("env-var names", () => {
  const wellFormedIdentity = gen.envVarTriple().filter((i) => Object.values(i).every((v) => typeof v !== "string" || ref.isWellFormed(v)));
  const segment = (text: string) => Array.from(text, (c) => (/^[A-Za-z0-9_]$/.test(c) ? c : "_")).join("");

  it("never contain a character outside [A-Za-z0-9_] and start with A2C_SMCP_", () => {
    fc.assert(
      fc.property(wellFormedIdentity, (i) => /^A2C_SMCP_[A-Za-z0-9_]*$/.test(ref.envVarName(i as unknown as ref.EnvIdentity))),
      RUNS,
    );
  });

  it("are the segments joined by '_', one unit per code point: no folding, no trimming, case kept", () => {
    fc.assert(
      fc.property(wellFormedIdentity, (i) => {
        const parts = [i["input_id"], i["bundle_id"], i["tool_name"]].filter((p): p is string => typeof p === "string");
        return ref.envVarName(i as unknown as ref.EnvIdentity) === `A2C_SMCP_${parts.map(segment).join("_")}`;
      }),
      RUNS,
    );
  });

  it("collisions: exactly the distinct identities sharing a full name, grouped in first-appearance order", () => {
    const lists = gen
      .envIdentityList()
      .filter((l) => l.every((i) => Object.values(i).every((v) => typeof v !== "string" || ref.isWellFormed(v))));
    fc.assert(
      fc.property(lists, (list) => {
        const identities = list as unknown as ref.EnvIdentity[];
        const key = (i: ref.EnvIdentity) => JSON.stringify([i.input_id, i.bundle_id ?? null, i.tool_name ?? null]);
        const firsts = identities
          .map((_, index) => index)
          .filter((index) => identities.findIndex((j) => key(j) === key(identities[index]!)) === index);
        const names = [...new Set(firsts.map((index) => ref.envVarName(identities[index]!)))];
        const expected = names
          .map((name) => ({ env_var_name: name, indexes: firsts.filter((index) => ref.envVarName(identities[index]!) === name) }))
          .filter((group) => group.indexes.length > 1);
        expect(ref.findEnvVarCollisions(identities)).toEqual(expected);
      }),
      RUNS,
    );
  });
});

describe("exposed tool names", () => {
  const name = fc.oneof(gen.toolName(), gen.trickyString({ maxLength: 4 }));
  it("are bundle_id + '__' + (alias ?? tool name)", () => {
    const alias = fc.option(gen.toolAlias(), { nil: null });
    fc.assert(
      fc.property(gen.validBundleId(), name, alias, (b, t, a) => ref.exposedToolName(b, t, a) === `${b}__${a ?? t}`),
      RUNS,
    );
  });

  it("for a derived bundle_id, the text before the first '__' is the bundle_id", () => {
    const derived = wellFormedName.map(ref.normalizeName).filter((b) => b !== "");
    fc.assert(
      fc.property(derived, name, (b, t) => ref.exposedToolName(b, t).split("__")[0] === b),
      RUNS,
    );
  });

  it("for an explicit bundle_id ending in '_', it is not (routing must use the table, not a split)", () => {
    expect(ref.exposedToolName("a_", "t").split("__")[0]).toBe("a");
  });
});

type RenderInput = {
  value: Json;
  inputs?: Record<string, Json>;
  env?: Record<string, string>;
  user_home?: string;
  path_separator?: string;
  plugin_scope?: string;
};
const renderOf = (i: RenderInput, reading: ref.RenderReading = "0.4") =>
  ref.render(i.value, {
    inputs: i.inputs,
    env: i.env,
    userHome: i.user_home,
    pathSeparator: i.path_separator,
    pluginScope: i.plugin_scope,
    reading,
  });
/** A render, or the missing_input refusal 0.4.0 gives when a plugin-scoped lookup is exhausted. */
const renderOrMissing = (i: RenderInput) => {
  try {
    return renderOf(i);
  } catch (error) {
    if (error instanceof ref.InvalidInputError && error.reason === "input.missing_input") return { missing: error.details?.["id"] };
    throw error;
  }
};
const renderInput = gen.renderInput() as unknown as Arbitrary<RenderInput>;
const noBraces = (text: string) => !/[{}$]/.test(text);

describe("render", () => {
  it("leaves text without '${' as written, with no warning", () => {
    const text = gen.trickyString({ maxLength: 10 }).filter((t) => !t.includes("${"));
    fc.assert(
      fc.property(text, renderInput, (t, i) => JSON.stringify(renderOf({ ...i, value: t })) === JSON.stringify({ value: t, warnings: [] })),
      RUNS,
    );
  });

  it("leaves unknown placeholders literal, with no warning", () => {
    const literal = gen.trickyString({ maxLength: 3 }).filter(noBraces);
    const text = fc.array(fc.oneof(fc.constantFrom(...gen.UNKNOWN_PLACEHOLDERS), literal), { maxLength: 5 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, renderInput, (t, i) => JSON.stringify(renderOf({ ...i, value: t })) === JSON.stringify({ value: t, warnings: [] })),
      RUNS,
    );
  });

  it("runs one pass: a whole-string input placeholder yields the input's value as is, JSON type kept", () => {
    const id = gen.placeholderInputId().filter(noBraces);
    fc.assert(
      fc.property(id, gen.jsonValue(gen.placeholderString()), renderInput, (key, value, i) => {
        expect(renderOf({ ...i, value: `\${input:${key}}`, inputs: { [key]: value } })).toEqual({ value, warnings: [] });
      }),
      RUNS,
    );
  });

  it("an embedded input is written as text: a string as is, anything else as JSON", () => {
    const id = gen.placeholderInputId().filter(noBraces);
    fc.assert(
      fc.property(id, gen.jsonValue(gen.placeholderString()), (key, value) => {
        const text = typeof value === "string" ? value : JSON.stringify(value);
        return renderOf({ value: `<\${input:${key}}>`, inputs: { [key]: value } }).value === `<${text}>`;
      }),
      RUNS,
    );
  });

  it("a missing env variable becomes '' with one env.missing warning naming it", () => {
    const envName = gen.placeholderEnvName().filter(noBraces);
    fc.assert(
      fc.property(envName, gen.renderEnv(), (name, env) => {
        const { [name]: _, ...without } = env;
        expect(renderOf({ value: `[\${env:${name}}]`, env: without })).toEqual({ value: "[]", warnings: [{ kind: "env.missing", name }] });
      }),
      RUNS,
    );
  });

  it("keeps the value's shape: same keys (never rendered), same array lengths, non-strings untouched", () => {
    const sameShape = (before: Json, after: Json): boolean => {
      if (typeof before === "string") return true;
      if (Array.isArray(before))
        return Array.isArray(after) && after.length === before.length && before.every((b, k) => sameShape(b, after[k]!));
      if (before !== null && typeof before === "object") {
        const out = after as JsonObject;
        return (
          JSON.stringify(Object.keys(out)) === JSON.stringify(Object.keys(before)) &&
          Object.keys(before).every((k) => sameShape(before[k]!, out[k]!))
        );
      }
      return Object.is(before, after);
    };
    fc.assert(
      fc.property(renderInput, (i) => {
        const rendered = renderOrMissing(i);
        fc.pre("value" in rendered);
        return sameShape(i.value, (rendered as { value: Json }).value);
      }),
      RUNS,
    );
  });

  const scoped = gen.scopedRenderInput() as unknown as Arbitrary<Required<Pick<RenderInput, "value" | "inputs" | "plugin_scope">>>;
  const bareId = (i: { value: Json }) => {
    const id = /\$\{input:([^{}]*)\}/.exec(i.value as string)?.[1];
    fc.pre(id !== undefined && (i.value as string) === `\${input:${id}}`);
    return id!;
  };

  it("0.3.x reading: resolves a bare id through plugin_scope only when the bare id is missing, never through another plugin", () => {
    fc.assert(
      fc.property(scoped, (i) => {
        const id = bareId(i);
        const expected = Object.hasOwn(i.inputs, id) ? i.inputs[id] : i.inputs[`${i.plugin_scope}/${id}`];
        expect(renderOf(i, "0.3").value).toEqual(expected);
      }),
      RUNS,
    );
  });

  it("0.4.0: the scoped id first, then the bare global, else missing_input naming the scoped id; never another plugin", () => {
    fc.assert(
      fc.property(scoped, (i) => {
        const id = bareId(i);
        const explicit = /^[^@/]+@[^@/]+\/./.test(id); // a fully written scoped id: looked up as written, no fallback
        const own = explicit ? id : `${i.plugin_scope}/${id}`;
        const expected = Object.hasOwn(i.inputs, own)
          ? { value: i.inputs[own], warnings: [] }
          : !explicit && Object.hasOwn(i.inputs, id)
            ? { value: i.inputs[id], warnings: [] }
            : { missing: own };
        expect(renderOrMissing(i)).toEqual(expected);
      }),
      RUNS,
    );
  });
});

describe("tool_meta merge", () => {
  const meta = fc.option(gen.toolMeta(), { nil: null });
  it("per field: the tool's non-null value, else the default's non-null value, else no field; null only when both are null", () => {
    fc.assert(
      fc.property(meta, meta, (fallback, tool) => {
        const merged = ref.mergeToolMeta(fallback, tool);
        if (fallback === null && tool === null) return merged === null;
        const keys = new Set([...Object.keys(fallback ?? {}), ...Object.keys(tool ?? {})]);
        const expected: JsonObject = {};
        for (const key of keys) {
          const value = tool?.[key] ?? fallback?.[key] ?? null;
          if (value !== null) expected[key] = value;
        }
        expect(merged).toEqual(expected);
      }),
      RUNS,
    );
  });
});

describe("load diagnostics", () => {
  const entries = gen.loadEntries() as unknown as Arbitrary<ref.LoadEntry[]>;
  it("account for every server exactly once: active, invalid or duplicate (nothing dropped silently)", () => {
    fc.assert(
      fc.property(entries, (list) => {
        const { active, diagnostics } = ref.loadDiagnostics(list);
        const skipped = diagnostics.filter((d) => d.kind !== "exposed_name_collision").map((d) => d.index);
        expect([...active.map((a) => a.index), ...skipped].sort((a, b) => a - b)).toEqual(list.map((_, index) => index));
      }),
      HEAVY_RUNS,
    );
  });

  it("keep the first of each bundle_id and point duplicates at it", () => {
    fc.assert(
      fc.property(entries, (list) => {
        const { active, diagnostics } = ref.loadDiagnostics(list);
        expect(new Set(active.map((a) => a.bundle_id)).size).toBe(active.length);
        for (const d of diagnostics) {
          if (d.kind !== "duplicate_bundle_id") continue;
          const kept = active.find((a) => a.index === d.kept_index);
          expect(kept?.bundle_id).toBe(d.bundle_id);
          expect(d.kept_index).toBeLessThan(d.index);
        }
      }),
      HEAVY_RUNS,
    );
  });

  it("skip exactly the illegal explicit ids, with the explicit-id verdict's reason", () => {
    fc.assert(
      fc.property(entries, (list) => {
        const invalid = ref.loadDiagnostics(list).diagnostics.filter((d) => d.kind === "invalid_bundle_id");
        const expected = list.flatMap((entry, index) => {
          const id = entry.config.bundle_id;
          const verdict = id === undefined || id === null ? null : ref.validateBundleId(id);
          return verdict === null || verdict.accepted ? [] : [{ kind: "invalid_bundle_id", index, reason: verdict.reason }];
        });
        expect(invalid).toEqual(expected);
      }),
      HEAVY_RUNS,
    );
  });

  it("expose bundle_id__(merged alias ?? tool); on a collision the first tool wins and the pair is reported", () => {
    fc.assert(
      fc.property(entries, (list) => {
        const { active, diagnostics } = ref.loadDiagnostics(list);
        for (const { index, bundle_id, exposed_names } of active) {
          const { config, tools = [] } = list[index]!;
          const metas = (config["tool_meta"] ?? {}) as Record<string, { alias?: string | null }>;
          const fallback = (config["default_tool_meta"] ?? null) as { alias?: string | null } | null;
          const owner = new Map<string, string>();
          const collisions: unknown[] = [];
          for (const tool of tools) {
            const own = Object.hasOwn(metas, tool) ? metas[tool]!.alias : undefined;
            const exposed = `${bundle_id}__${own ?? fallback?.alias ?? tool}`;
            if (owner.has(exposed))
              collisions.push({ kind: "exposed_name_collision", index, exposed_name: exposed, tools: [owner.get(exposed), tool] });
            else owner.set(exposed, tool);
          }
          expect(exposed_names).toEqual([...owner.keys()]);
          expect(diagnostics.filter((d) => d.kind === "exposed_name_collision" && d.index === index)).toEqual(collisions);
        }
      }),
      HEAVY_RUNS,
    );
  });

  it("expose distinct names, each prefixed by its bundle_id and '__'", () => {
    fc.assert(
      fc.property(entries, (list) => {
        for (const { bundle_id, exposed_names } of ref.loadDiagnostics(list).active) {
          expect(new Set(exposed_names).size).toBe(exposed_names.length);
          expect(exposed_names.every((n) => n.startsWith(`${bundle_id}__`))).toBe(true);
        }
      }),
      HEAVY_RUNS,
    );
  });
});

describe("plugin layout", () => {
  const isServerFile = (path: string) => /^mcp-servers\/[^/]+\.json$/.test(path) && path !== "mcp-servers/inputs.json";
  it("accounts for each server file once, accepts iff no diagnostic, lists servers sorted", () => {
    fc.assert(
      fc.property(gen.pluginFiles(), (files) => {
        const report = ref.checkPluginLayout(files);
        const serverFiles = Object.keys(files).filter(isServerFile).sort();
        const accounted = [
          ...report.servers.map((s) => `mcp-servers/${s}.json`),
          ...report.diagnostics.map((d) => d.file).filter((f) => f !== "mcp-servers/"),
        ];
        expect(accounted.sort()).toEqual(serverFiles);
        expect(report.accepted).toBe(report.diagnostics.length === 0);
        expect(report.servers).toEqual([...report.servers].sort());
        const folder = Object.keys(files).some((p) => p.startsWith("mcp-servers/"));
        expect(report.diagnostics.some((d) => d.reason === "plugin.empty_folder")).toBe(folder && serverFiles.length === 0);
      }),
      HEAVY_RUNS,
    );
  });
});

describe("config and input verdicts against the generators' labels", () => {
  it.each([
    ["valid server configs are accepted", gen.serverConfig({ valid: true }), ref.validateServerConfig],
    ["observe-tier server config edges are accepted", gen.edgeServerConfig(), ref.validateServerConfig],
    ["valid input definitions are accepted", gen.inputDefinition({ valid: true }), ref.validateInput],
    ["observe-tier input edges are accepted", gen.edgeInputDefinition(), ref.validateInput],
  ] as const)("%s", (_what, arbitrary, validate) => {
    fc.assert(
      fc.property(arbitrary as Arbitrary<Json>, (value) => validate(value).accepted),
      RUNS,
    );
  });

  it.each([
    ["a server config with one fault gets that fault's reason", gen.faultyServerConfig(), ref.validateServerConfig],
    ["an input definition with one fault gets that fault's reason", gen.faultyInputDefinition(), ref.validateInput],
  ] as const)("%s", (_what, arbitrary, validate) => {
    fc.assert(
      fc.property(arbitrary, ({ value, reason }) => validate(value).reason === reason),
      RUNS,
    );
  });
});
