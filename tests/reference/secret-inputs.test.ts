// The reference Computer's input resolver seam (adapters/reference/computer/secret-inputs.ts): one
// render of a server's config asks the resolver once per input id it names, however often it names
// it (conformance-tests.md §5, re-resolution scenario 5), and every render asks again.
import { describe, expect, it } from "vitest";
import { inputResolver, withSecretInputs } from "../../adapters/reference/computer/secret-inputs.ts";
import type { WireServer } from "../../adapters/reference/computer/wire-call.ts";

const token = "${input:kit_api_token_0}";
const other = "${input:kit_api_token_1}";
const inputs = [
  { id: "kit_api_token_0", type: "promptString", password: true },
  { id: "kit_api_token_1", type: "promptString", password: true },
] as const;
const http = (bundleId: string, headers: Record<string, string>): WireServer =>
  ({ name: bundleId, bundle_id: bundleId, type: "streamable_http", url: "http://127.0.0.1:1/c/x/mcp", headers }) as WireServer;
/** What a rendered server carries: its headers (HTTP) or env (stdio). */
const carried = (s: WireServer | undefined) => (s === undefined ? undefined : s.type === "stdio" ? s.env : s.headers);
const stdio = (bundleId: string, env: Record<string, string>): WireServer =>
  ({ name: bundleId, bundle_id: bundleId, type: "stdio", command: "/usr/bin/node", args: ["b", "u"], env }) as WireServer;

describe("the reference's input resolver", () => {
  it("is asked once per id in one render of a config that names the id four times, and renders every place", () => {
    const resolver = inputResolver({ kit_api_token_0: "s3cret" });
    const servers = [http("inv", { Authorization: `Bearer ${token}`, "X-Kit-Token-Copy": token, "X-Kit-Token-Pair": `${token}:${token}` })];
    const [rendered] = withSecretInputs({ inputs, servers }, resolver);
    expect(carried(rendered)).toEqual({
      Authorization: "Bearer s3cret",
      "X-Kit-Token-Copy": "s3cret",
      "X-Kit-Token-Pair": "s3cret:s3cret",
    });
    expect(resolver.calls).toEqual({ kit_api_token_0: 1 });
  });

  it("renders each server on its own (one render each) and never asks for an id no config names", () => {
    const resolver = inputResolver({ kit_api_token_0: "a", kit_api_token_1: "b" });
    const servers = [stdio("one", { SMCP_KIT_MCP_TOKEN: token, KIT_TOKEN_COPY: token }), http("two", { Authorization: token })];
    const rendered = withSecretInputs({ inputs: inputs.slice(0, 1), servers }, resolver);
    expect(rendered.map(carried)).toEqual([{ SMCP_KIT_MCP_TOKEN: "a", KIT_TOKEN_COPY: "a" }, { Authorization: "a" }]);
    expect(resolver.calls).toEqual({ kit_api_token_0: 2 });
  });

  it("renders only the server an actual start names, with the values as they are then, and counts that render alone", () => {
    const values: Record<string, string> = { kit_api_token_0: "a", kit_api_token_1: "b" };
    const resolver = inputResolver(values);
    const servers = [http("inv", { Authorization: `${token} ${token}` }), http("spare", { Authorization: `${other}${other}` })];
    withSecretInputs({ inputs, servers }, resolver);
    values.kit_api_token_0 = "rotated";
    const again = withSecretInputs({ inputs, servers }, resolver, true, "inv");
    expect(again.map((s) => carried(s)?.Authorization)).toEqual(["rotated rotated", `${other}${other}`]);
    expect(resolver.calls).toEqual({ kit_api_token_0: 2, kit_api_token_1: 1 });
  });

  it("fails a strict render of a declared input with no value, after asking for it once", () => {
    const resolver = inputResolver({});
    const servers = [http("inv", { Authorization: token, "X-Kit-Token-Copy": token })];
    expect(() => withSecretInputs({ inputs, servers }, resolver, true)).toThrow(/no value for input kit_api_token_0/);
    expect(resolver.calls).toEqual({ kit_api_token_0: 1 });
  });
});
