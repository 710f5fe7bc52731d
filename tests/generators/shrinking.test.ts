// Shrinking: a divergence from a deliberately wrong implementation shrinks to a case of a few
// characters, with optional fields gone, so a fuzz report shows the cause and little else.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as ref from "../../adapters/reference/src/index.ts";
import { OP_ARBITRARIES } from "../../harness/generators/index.ts";

type Input = Record<string, unknown>;
/** The shrunk input on which `wrong` and the reference first disagree (seeded). */
function shrunk(op: string, agrees: (input: Input) => boolean): Input {
  const details = fc.check(fc.property(OP_ARBITRARIES[op]!, agrees), { seed: 11, numRuns: 2000 });
  expect(details.failed).toBe(true);
  return details.counterexample![0] as Input;
}
const refuses = (call: () => unknown) => {
  try {
    call();
    return false;
  } catch {
    return true;
  }
};

describe("counterexamples shrink small", () => {
  it("a normaliser that does not fold '__' → a name of a few code points", () => {
    const noFold = (name: string) =>
      Array.from(name, (c) => (/^[A-Za-z0-9_-]$/.test(c) ? c : "_"))
        .join("")
        .replace(/^[_-]+|[_-]+$/g, "");
    const { name } = shrunk(
      "bundle_id.normalize",
      ({ name }) => !ref.isWellFormed(name as string) || noFold(name as string) === ref.normalizeName(name as string),
    );
    expect([...(name as string)].length).toBeLessThanOrEqual(5);
  });

  it("map keys sorted by UTF-16 unit → two keys and no optional config field", () => {
    const keysOf = (config: Input) => {
      const params = config["server_parameters"] as Input;
      return Object.keys((config["type"] === "stdio" ? params["env"] : params["headers"]) ?? {});
    };
    const { config } = shrunk("bundle_id.identity_bytes", ({ config }) => {
      if (refuses(() => ref.connectionIdentityBytes(config as Input))) return true;
      const keys = keysOf(config as Input);
      return JSON.stringify([...keys].sort()) === JSON.stringify([...keys].sort(ref.compareCodePoints));
    });
    expect(keysOf(config as Input)).toHaveLength(2);
    expect(Object.keys(config as Input).sort()).toEqual(["name", "server_parameters", "type"]);
  });

  it("a ToolMeta merge that tests truthiness → one field", () => {
    const truthy = (d: Input | null, t: Input | null) =>
      d === null && t === null
        ? null
        : Object.fromEntries(
            Object.entries({ ...d, ...t })
              .map(([k, v]) => [k, v || d?.[k] || null])
              .filter(([, v]) => v !== null),
          );
    const input = shrunk(
      "tool_meta.merge",
      ({ default_tool_meta: d, tool_meta: t }) =>
        JSON.stringify(truthy(d as Input | null, t as Input | null)) === JSON.stringify(ref.mergeToolMeta(d as never, t as never)),
    );
    const fields =
      Object.keys((input["default_tool_meta"] ?? {}) as Input).length + Object.keys((input["tool_meta"] ?? {}) as Input).length;
    expect(fields).toBeLessThanOrEqual(2);
  });
});
