/**
 * Tools a vector writes the result of: each answers every call with exactly the CallToolResult the
 * vector gives (a text item with annotations, an audio item, a resource link, structuredContent,
 * item and result _meta, …), so what a Computer relays can be judged against what the MCP server
 * gave whole (harness/wire/tool-result-fidelity.ts), for results the kit's fixed tools never give.
 * The run is reported like the inventory tool's, with the arguments the client sent.
 */
import type { ToolRun } from "./evidence.ts";
import type { PlayedTool } from "./scene.ts";
import type { SdkModules } from "./sdk-modules.ts";

export function registerPlayedTools(
  sdk: SdkModules,
  server: InstanceType<SdkModules["server"]["McpServer"]>,
  tools: readonly PlayedTool[],
  era: ToolRun["era"],
  onRun: (run: Omit<ToolRun, "t_ms">) => void,
): void {
  const { z } = sdk.zod;
  for (const tool of tools)
    server.registerTool(
      tool.name,
      // Any arguments: the tool's answer does not depend on them, and the run records what came.
      {
        ...(tool.title !== undefined ? { title: tool.title } : {}),
        description: tool.description ?? "a tool whose result the vector gives",
        inputSchema: z.object({}).passthrough(),
        ...(tool.annotations ? { annotations: tool.annotations } : {}),
        ...(tool._meta ? { _meta: tool._meta } : {}),
      },
      async (args: Record<string, unknown>) => {
        onRun({ era, arguments: args });
        return structuredClone(tool.result) as never;
      },
    );
}
