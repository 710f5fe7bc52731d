/**
 * Resources a vector writes: each is listed with the URI (and mimeType, _meta) given and read as
 * the text given, beside the scene's own resources. A Computer's reading of a listing the kit's
 * fixed resources never give (a URI that shares a SKILL root's prefix without lying under it, say)
 * can then be judged.
 */
import type { PlayedResource } from "./scene.ts";
import type { SdkModules } from "./sdk-modules.ts";

export function registerPlayedResources(
  server: InstanceType<SdkModules["server"]["McpServer"]>,
  resources: readonly PlayedResource[],
): void {
  for (const resource of resources) {
    const mimeType = resource.mimeType ?? "text/plain";
    server.registerResource(
      resource.name ?? resource.uri,
      resource.uri,
      { mimeType, ...(resource._meta ? { _meta: { ...resource._meta } } : {}) },
      async () => ({ contents: [{ uri: resource.uri, mimeType, text: resource.text }] }),
    );
  }
}
