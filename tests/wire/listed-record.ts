// A server's MCP record holding one list answer (tools/list, resources/list, …), as the fidelity
// facts read it from a case's evidence.
export function listedRecord(method: string, key: string, items: unknown[]) {
  return {
    inv: {
      exchanges: [
        {
          t_ms: 1,
          rpc: [{ kind: "request", method, id: 1 }],
          response_text: { text: JSON.stringify({ jsonrpc: "2.0", id: 1, result: { [key]: items } }), bytes: 1 },
        },
      ],
    },
  };
}
