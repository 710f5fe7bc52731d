/**
 * Plugin `mcp-servers/` layout checks (seeds/002 §1) over an in-memory map of relative path →
 * file text; a key ending in "/" declares a folder. Server files are the folder's direct `*.json`
 * children except `inputs.json`; each needs a kebab-case stem equal to its config's `name`.
 */
import { validateServerConfig } from "./server-config.ts";

/** Comparable data only: `detail` is the config reason, and only for plugin.invalid_config. */
export interface LayoutDiagnostic {
  readonly reason: string;
  readonly file: string;
  readonly detail?: string;
}

export interface LayoutReport {
  readonly accepted: boolean;
  /** Stems of the server files that passed every check, sorted. */
  readonly servers: string[];
  readonly diagnostics: LayoutDiagnostic[];
}

const FOLDER = "mcp-servers/";
const SERVER_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export function checkPluginLayout(files: Readonly<Record<string, string>>): LayoutReport {
  const paths = Object.keys(files);
  const folderExists = paths.some((p) => p.startsWith(FOLDER));
  const serverFiles = paths
    .filter((p) => p.startsWith(FOLDER) && /^[^/]+\.json$/.test(p.slice(FOLDER.length)) && p !== `${FOLDER}inputs.json`)
    .sort();
  const diagnostics: LayoutDiagnostic[] = [];
  const servers: string[] = [];
  if (folderExists && serverFiles.length === 0) diagnostics.push({ reason: "plugin.empty_folder", file: FOLDER });
  for (const file of serverFiles) {
    const problem = checkServerFile(file, files[file]!);
    if (problem) diagnostics.push(problem);
    else servers.push(file.slice(FOLDER.length, -".json".length));
  }
  return { accepted: diagnostics.length === 0, servers, diagnostics };
}

function checkServerFile(file: string, text: string): LayoutDiagnostic | null {
  const stem = file.slice(FOLDER.length, -".json".length);
  if (!SERVER_NAME.test(stem)) return { reason: "plugin.server_name", file };
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch {
    return { reason: "plugin.invalid_json", file };
  }
  const verdict = validateServerConfig(config);
  if (!verdict.accepted) return { reason: "plugin.invalid_config", file, detail: verdict.reason };
  const name = (config as { name: string }).name;
  if (name !== stem) return { reason: "plugin.name_mismatch", file };
  return null;
}
