/**
 * client:get_resources (computer.md §4.3, events.md §client:get_resources): one page of the named
 * server's resources/list, forwarded without filtering or aggregation. The server is named by
 * bundle_id; one that is not mounted here (unknown, disabled, or unreachable at start) is 4014,
 * and one that did not declare the resources capability is 4015.
 */
import type { Resource } from "@modelcontextprotocol/sdk/types.js";
import type { JsonObject } from "../src/index.ts";
import { type ErrorPayload, protocolError } from "./error-payload.ts";
import type { MountedServer } from "./mcp-fleet.ts";

export async function resourcesPage(
  mounted: MountedServer | undefined,
  bundleId: string,
  cursor: string | undefined,
): Promise<{ resources: JsonObject[]; next_cursor?: string } | ErrorPayload> {
  if (!mounted) return protocolError.serverNotFound(bundleId);
  if (!mounted.client.getServerCapabilities()?.resources) return protocolError.capabilityMissing(bundleId, "resources");
  const page = await mounted.client.listResources(cursor === undefined ? {} : { cursor });
  return { resources: page.resources.map(a2cResource), ...(page.nextCursor === undefined ? {} : { next_cursor: page.nextCursor }) };
}

/**
 * The MCP Resource in A2CResource's field names (data-structures.md §A2CResource): a renaming of
 * the model's fields (mimeType → mime_type, annotations.lastModified → last_modified), not a filter:
 * every resource of the page is kept, whatever its scheme or metadata.
 */
function a2cResource(resource: Resource): JsonObject {
  const { uri, name, description, mimeType, size, annotations, _meta } = resource;
  const out: JsonObject = { uri, name };
  if (description !== undefined) out["description"] = description;
  if (mimeType !== undefined) out["mime_type"] = mimeType;
  if (size !== undefined) out["size"] = size;
  if (annotations !== undefined) {
    const { lastModified, ...rest } = annotations;
    out["annotations"] = { ...(rest as JsonObject), ...(lastModified === undefined ? {} : { last_modified: lastModified }) };
  }
  if (_meta !== undefined) out["_meta"] = _meta as JsonObject;
  return out;
}
