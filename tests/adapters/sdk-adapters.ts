// The SDK adapters at their default versions, for tests gated like tests/sdk (SMCP_SDK_TESTS=1, after
// the main job has built the environments): their names, and their command lines for raw-pipe tests,
// prepared by the same code the harness launches them with.
import { prepareLaunch } from "../../harness/impl/sdk-launch.ts";
import { SDK_MANIFESTS, sdkManifest } from "../../harness/impl/sdk-manifests.ts";

export const SDK_TESTS = process.env["SMCP_SDK_TESTS"] === "1";
export const SDK_ADAPTERS = SDK_MANIFESTS.map((m) => m.implementation);
export type SdkAdapter = string;

/** How the kit starts the adapter (harness/impl/sdk-launch.ts), minus the driver around it. */
export async function adapterCommand(sdk: SdkAdapter): Promise<{ file: string; args: string[]; env: Record<string, string> }> {
  const manifest = sdkManifest(sdk);
  if (!manifest) throw new Error(`no SDK manifest for ${sdk}`);
  const command = await prepareLaunch(manifest, manifest.default_version);
  return { file: command.file, args: [...command.args], env: { ...command.env } };
}
