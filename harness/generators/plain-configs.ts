/**
 * The plainest valid server config per transport (seeds/002 §3.1–§3.3): every field the TypedDicts
 * require present with an uncontroversial value (maps `{}`, never `null`; no optional field; no
 * observe-tier edge). The lint repairs vectors towards these and the generator families vary one
 * field of them at a time.
 */
import type { JsonObject } from "../../adapters/reference/src/index.ts";

import type { Transport } from "./configs.ts";

export type { Transport };

/** seeds/002 §3.1–§3.3: the transport fields, required ones only. */
export const PLAIN_CONFIGS: Readonly<Record<Transport, JsonObject>> = {
  stdio: {
    name: "Plain Server",
    type: "stdio",
    server_parameters: {
      command: "fixture-echo-server",
      args: [],
      env: {},
      cwd: "/tmp",
      encoding: "utf-8",
      encoding_error_handler: "strict",
    },
  },
  streamable: {
    name: "Plain Server",
    type: "streamable",
    server_parameters: {
      url: "https://mcp.example.com/mcp",
      headers: {},
      timeout: "PT30S",
      sse_read_timeout: "PT5M",
      terminate_on_close: true,
    },
  },
  sse: {
    name: "Plain Server",
    type: "sse",
    server_parameters: { url: "https://mcp.example.com/sse", headers: {}, timeout: 30, sse_read_timeout: 300 },
  },
};
