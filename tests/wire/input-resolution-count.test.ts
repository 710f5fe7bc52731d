// A scene that names one secret input several times (input_repeated) and asks the adapter to count its
// SDK's resolver calls (count_input_resolutions): the call the harness builds for it.
import { describe, expect, it } from "vitest";
import { computerCallOf, prepareComputerScene } from "../../harness/wire/index.ts";

const at = {
  url: "http://127.0.0.1:40123/?smcp_case=0123456789abcdef0123456789abcdef",
  office_id: "office-1",
  mcp_urls: { inventory: "http://127.0.0.1:40111/c/a/mcp" },
  planted_secrets: ["kit-secret-1"],
};
const scene = (server: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  prepareComputerScene({ servers: [{ name: "inventory", bundle_id: "inv", ...server }], script: [], ...extra });
const placeholders = (values: Record<string, string>) => Object.values(values).join(" ").split("${input:kit_api_token_0}").length - 1;

describe("input_repeated and count_input_resolutions", () => {
  it("names the input four times in the headers, the credential kept where it was, and asks for the count", () => {
    const prepared = scene({ credential: true, secret_input: true, input_repeated: true }, { count_input_resolutions: true });
    if (!prepared.ok) throw new Error(prepared.problem);
    const call = computerCallOf(prepared.spec, at);
    const headers = call.servers[0]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe("Bearer ${input:kit_api_token_0}");
    expect(placeholders(headers)).toBe(4);
    expect(call.count_input_resolutions).toBe(true);
    expect(call.input_values).toEqual({ kit_api_token_0: "kit-secret-1" });
  });

  it("does the same in env over stdio, and neither without the flags", () => {
    const prepared = scene({ credential: true, secret_input: true, input_repeated: true });
    if (!prepared.ok) throw new Error(prepared.problem);
    const call = computerCallOf(prepared.spec, { ...at, mcp_stdio: { inventory: { command: "/usr/bin/node", args: ["b.mjs", "u"] } } });
    const env = call.servers[0]?.env as Record<string, string>;
    expect(env.SMCP_KIT_MCP_TOKEN).toBe("${input:kit_api_token_0}");
    expect(placeholders(env)).toBe(4);
    expect(call.count_input_resolutions).toBeUndefined();
    const plain = scene({ credential: true, secret_input: true });
    if (!plain.ok) throw new Error(plain.problem);
    expect(computerCallOf(plain.spec, at).servers[0]?.headers).toEqual({ Authorization: "Bearer ${input:kit_api_token_0}" });
  });

  it("refuses input_repeated on a server without a secret input", () => {
    expect(scene({ credential: true, input_repeated: true })).toEqual({
      ok: false,
      problem: "servers/inventory: input_repeated goes with secret_input: true",
    });
  });
});
