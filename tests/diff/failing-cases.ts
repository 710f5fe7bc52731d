/**
 * Failing cases as the run records them, for the tests of how a failure is shown: a wire Computer
 * whose get_tools ack dropped a tool (the planted bug), a TLV answer whose string length was
 * counted in code points, and a transport case whose tools/call was answered 401.
 */
import { diffExpected } from "../../harness/diff/compare.ts";
import type { CaseRecord, VectorRecord } from "../../harness/model/report.ts";
import { type ReportFrame, withDerived } from "../../harness/model/report-builder.ts";

/** A tool schema long enough that a fixed 240-character preview ends inside it. */
const SCHEMA = {
  type: "object",
  $schema: "https://json-schema.org/draft/2020-12/schema",
  properties: { sku: { type: "string", description: "the item's stock-keeping unit, as the synthetic inventory names it" } },
  required: ["sku"],
};
const TOOL = {
  name: "inv__get_inventory",
  bundle_id: "inv",
  description: "Read one item of a fixed synthetic inventory; no external service, no mutation",
  params_schema: SCHEMA,
  meta: { a2c_tool_meta: { auto_apply: true } },
};
const packet = (seq: number, dir: "in" | "out", type: "event" | "ack", args: unknown[], event?: string) => ({
  seq,
  t_ms: seq * 10,
  dir,
  conn: "c1",
  type,
  nsp: "/smcp",
  ...(event ? { event } : {}),
  ack_id: 0,
  args,
});

export const WIRE_EXPECTED = {
  steps: { get_tools: { acked: true, tool_names: ["inv2__get_inventory", "inv__get_inventory"], tool_bundle_ids: ["inv2", "inv"] } },
};

function record(
  vector_id: string,
  op: string,
  diffs: CaseRecord["diffs"],
  output: unknown,
  transcript: Partial<CaseRecord["transcript"]>,
): CaseRecord {
  return {
    vector_id,
    suite: vector_id.split("/")[0]!,
    op,
    tier: "must",
    implementation: "planted",
    status: "fail",
    raw_status: "fail",
    result: { kind: "ok", output },
    diffs,
    duration_ms: 1,
    attempts: 1,
    transcript: { request: null, response: null, ...transcript },
    content_hash: "h",
  } as CaseRecord;
}

export const wireCase = record(
  "wire-computer/lifecycle/two-servers-same-tool",
  "wire.computer",
  diffExpected(WIRE_EXPECTED, { steps: { get_tools: { acked: true, tool_names: ["inv__get_inventory"], tool_bundle_ids: ["inv"] } } }),
  { joined: true, ended: "server_disconnect" },
  {
    wire: {
      case_id: "w",
      evidence: {
        packets: [
          packet(5, "out", "event", [{ agent: "wire-agent", req_id: "r1", computer: "wire-computer" }], "client:get_tools"),
          packet(6, "in", "ack", [{ tools: [TOOL], req_id: "r1" }]),
        ],
        steps: [{ index: 0, step: { send: "client:get_tools" }, conn: "c1", ack_id: 0, t_ms: 50 }],
        planted_secrets: [],
      },
    },
  },
);

export const tlvCase = record(
  "tlv/utf8/cjk-env-value",
  "bundle_id.identity_bytes",
  [
    {
      path: "/hex",
      expected: "00000005737464696f00000001780000000000000001000000084752454554494e4700000006e4bda0e5a5bd",
      actual: "00000005737464696f00000001780000000000000001000000084752454554494e4700000002e4bda0e5a5bd",
    },
  ],
  {},
  {},
);

export const transportCase = record(
  "transport/auth/unauthorized",
  "transport.call_tool",
  [{ path: "/error_code", expected: 4006, actual: null }],
  { error_code: null },
  {
    transport: {
      case_id: "t",
      base_url: "http://127.0.0.1:1/c/t",
      evidence: {
        exchanges: [
          {
            seq: 1,
            t_ms: 1,
            http_method: "POST",
            path: "/c/t/mcp",
            request_headers: {},
            rpc: [{ kind: "request", method: "initialize" }],
            response_rpc: [],
            client_revision: null,
            answered_by: "sdk",
            status: 200,
            response_headers: {},
            outcome: "finished",
            duration_ms: 2,
          },
          {
            seq: 2,
            t_ms: 9,
            http_method: "POST",
            path: "/c/t/mcp",
            request_headers: {},
            request_body: { text: '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_inventory"}}', bytes: 80 },
            rpc: [{ kind: "request", method: "tools/call" }],
            response_rpc: [],
            client_revision: null,
            answered_by: "status",
            status: 401,
            response_headers: { "www-authenticate": 'Bearer realm="mcp"' },
            response_text: { text: '{"scene":"scripted-status"}', bytes: 27 },
            outcome: "finished",
            duration_ms: 1,
          },
        ],
      },
    },
  },
);

const vectorOf = (c: CaseRecord, expected: unknown): VectorRecord =>
  ({
    id: c.vector_id,
    suite: c.suite,
    description: "d",
    op: c.op,
    tier: "must",
    spec: { file: "f.md", section: "s" },
    provenance: { source: "authored" },
    input: {},
    expected,
    since: "0.3.0",
    source: { file: "f.yaml", line: 1 },
    content_hash: "h",
  }) as unknown as VectorRecord;

/** A finished report of the three failing cases. */
export function failingReport(cases: CaseRecord[] = [wireCase, tlvCase, transportCase]) {
  const frame = {
    schema_version: 2,
    run_id: "r",
    started_at: "s",
    finished_at: "f",
    environment: { node: "v20", platform: "linux", arch: "x64", kit_version: "0" },
    corpus: { roots: [], suites: [] },
    implementations: [
      {
        name: "planted",
        handshake: { implementation: "planted", sdk: { name: "a2c-smcp", version: "0.4.2" }, protocol_version: "0.4.0", operations: [] },
        transport: "subprocess" as const,
        stats: { restarts: 0, stderr_tail: "" },
      },
    ],
    vectors: cases.map((c) => vectorOf(c, c === wireCase ? WIRE_EXPECTED : {})),
    cases,
  } as unknown as ReportFrame;
  return withDerived(frame);
}
