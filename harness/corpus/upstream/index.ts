import { importAuthError } from "./auth-error.ts";
import { importBundleId } from "./bundle-id.ts";
import { importEnvSegment } from "./env-segment.ts";
import type { Importer, UpstreamImport } from "./types.ts";

export const IMPORTERS: Record<UpstreamImport["format"], Importer> = {
  "upstream-bundle-id": importBundleId,
  "upstream-env-segment": importEnvSegment,
  "upstream-auth-error": importAuthError,
};
