// A transport vector's input is a scene, never a URL: prepare-case checks it against the op's
// vector_input schema, fills in the defaults and the harness's own loopback URL, and builds a call
// the op's input schema accepts. The upstream fixture's four vectors map onto it as they are.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { KIT_VECTORS_DIR } from "../../harness/model/kit-files.ts";
import { opDefinition } from "../../harness/model/operations.ts";
import { adapterBudgetMs, CALL_DEFAULTS, prepareTransportCase, TRANSPORT_OP } from "../../harness/transport/prepare-case.ts";

const where = { caseId: "python-vector-01-1", baseUrl: "http://127.0.0.1:40123" };
const definition = opDefinition(TRANSPORT_OP)!;
const ajv = new Ajv({ strict: true, strictTypes: false, strictRequired: false, allowUnionTypes: true });
const validCall = ajv.compile(definition.input);
const validOutput = ajv.compile(definition.output);
const validExpected = ajv.compile(definition.expected!);

function prepared(input: unknown) {
  const p = prepareTransportCase(input, where);
  if (!p.ok) throw new Error(p.problem);
  return p;
}

describe("prepareTransportCase", () => {
  it("fills in the defaults and the case's loopback URL; the call fits the op's input schema", () => {
    const { spec, call } = prepared({ transport: "streamable_http" });
    expect(spec).toEqual({ id: where.caseId, transport: "streamable_http", mode: "dual", scene: null });
    expect(call).toEqual({
      transport: "streamable_http",
      url: "http://127.0.0.1:40123/c/python-vector-01-1/mcp",
      tool: "get_inventory",
      arguments: { sku: "DEMO-001" },
      time_box_ms: CALL_DEFAULTS.time_box_ms,
      connect_time_box_ms: CALL_DEFAULTS.connect_time_box_ms,
      server_name: "inventory",
    });
    expect(validCall(call), JSON.stringify(validCall.errors)).toBe(true);
    expect(adapterBudgetMs(call)).toBeGreaterThan(call.time_box_ms + call.connect_time_box_ms);
  });

  it("normalizes a status scene: the WWW-Authenticate shorthand in the headers, a neutral body", () => {
    const { spec } = prepared({
      transport: "streamable_http",
      server_mode: "legacy_sessionful",
      scene: { answer: "status", status: 403, www_authenticate: 'Bearer error="insufficient_scope"', headers: { "X-Trace": "1" } },
    });
    expect(spec.mode).toBe("legacy_sessionful");
    expect(spec.scene).toEqual({
      answer: "status",
      on: ["tools/call"],
      times: null,
      delay_ms: 0,
      status: 403,
      headers: { "x-trace": "1", "www-authenticate": 'Bearer error="insufficient_scope"' },
      body: { scene: "scripted-status" },
    });
  });

  it("SSE transports get the SSE server and its /sse URL; the explicit fields reach the call", () => {
    const { spec, call } = prepared({
      transport: "sse_handwritten",
      bundle_id: "inv-1",
      server_name: "Inventory",
      time_box_ms: 2000,
      arguments: { sku: "DEMO-002" },
    });
    expect(spec.mode).toBe("sse");
    expect(call).toMatchObject({
      url: "http://127.0.0.1:40123/c/python-vector-01-1/sse",
      bundle_id: "inv-1",
      server_name: "Inventory",
      time_box_ms: 2000,
      arguments: { sku: "DEMO-002" },
    });
    expect(validCall(call)).toBe(true);
  });

  it("is pure: the same input and location give the same case and call", () => {
    const input = { transport: "streamable_http", scene: { answer: "no_answer", on: ["initialize", "tools/call"] } };
    expect(prepareTransportCase(input, where)).toEqual(prepareTransportCase(structuredClone(input), where));
  });

  it.each([
    [{ transport: "streamable_http", url: "http://127.0.0.1:1/mcp" }, /never where the server is \(url\)/],
    [{ transport: "streamable_http", host: "example.com" }, /never where the server is \(host\)/],
    [{ transport: "websocket" }, /transport/],
    [{ transport: "streamable_http", extra: 1 }, /additional properties/],
    [{ transport: "streamable_http", scene: { answer: "status" } }, /status/],
    [{ transport: "streamable_http", scene: { answer: "sdk", status: 401 } }, /must NOT be valid/],
    [{ transport: "sse", server_mode: "dual" }, /server_mode/],
    [{ transport: "streamable_http", server_mode: "sse" }, /server_mode/],
    [{ transport: "streamable_http", time_box_ms: 60000 }, /time_box_ms/],
    [{ transport: "streamable_http", scene: { answer: "status", status: 401, headers: { "bad header": "x" } } }, /headers/],
    [[], /must be an object/],
  ])("refuses %j", (input, problem) => {
    const p = prepareTransportCase(input, where);
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.problem).toMatch(problem);
  });

  it("refuses a location that is not the loopback server or not a safe case id", () => {
    expect(prepareTransportCase({ transport: "sse" }, { ...where, baseUrl: "http://10.0.0.1:80" })).toMatchObject({ ok: false });
    expect(prepareTransportCase({ transport: "sse" }, { ...where, caseId: "a/b" })).toMatchObject({ ok: false });
  });

  it("takes the upstream auth-error fixture's vectors as they are: {transport, scene: {answer: status, ...upstream}}", () => {
    const fixture = JSON.parse(
      readFileSync(join(KIT_VECTORS_DIR, "upstream-auth-error", "auth_error_conformance_vectors.json"), "utf8"),
    ) as {
      vectors: { transport: string; upstream: Record<string, unknown>; expected: Record<string, unknown> }[];
    };
    expect(fixture.vectors).toHaveLength(4);
    for (const v of fixture.vectors) {
      const { spec, call } = prepared({ transport: v.transport, scene: { answer: "status", ...v.upstream } });
      expect(spec.scene).toMatchObject({ on: ["tools/call"], status: v.upstream["status"] });
      expect(spec.scene?.headers?.["www-authenticate"]).toBe(v.upstream["www_authenticate"] ?? undefined);
      expect(validCall(call)).toBe(true);
      expect(validExpected(v.expected), JSON.stringify(validExpected.errors)).toBe(true);
    }
  });
});

describe("the op definition", () => {
  it("is a transport op of the transport and upstream-auth-error suites", () => {
    expect(definition).toMatchObject({ kind: "transport", verdict: false, suites: ["transport", "upstream-auth-error"] });
  });

  it("accepts an SDK's answer in each shape: a result, a raise, a hang", () => {
    const base = { isError: null, error_code: null, mcp_server: null, text: null, elapsed_ms: 5003.2 };
    expect(
      validOutput({
        isError: true,
        error_code: 4006,
        mcp_server: "inventory",
        text: "authorize",
        hangs: false,
        elapsed_ms: 14,
        stage: "call",
        client_revision: "2025-11-25",
      }),
    ).toBe(true);
    expect(
      validOutput({ ...base, hangs: false, raised: { type: "RuntimeError", message: "Tool execution failed" }, stage: "connect" }),
    ).toBe(true);
    expect(validOutput({ ...base, hangs: true, stage: "call" })).toBe(true);
    expect(validOutput({ ...base, hangs: "no" })).toBe(false);
  });

  it("lets a vector expect server facts, never the timing or the SDK's words", () => {
    expect(validExpected({ error_code: 4006, hangs: false, server: { tools_call_requests: 1, tool_runs: 0 } })).toBe(true);
    expect(validExpected({ elapsed_ms: 10 })).toBe(false);
    expect(validExpected({ raised: null })).toBe(false);
    expect(validExpected({ server: { retries: 0 } })).toBe(false);
  });
});
