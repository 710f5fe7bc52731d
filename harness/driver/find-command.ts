/** Whether a command can be started: an existing executable path, or a name found on PATH. */
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export function commandExists(command: string, path = process.env["PATH"] ?? ""): boolean {
  if (command.includes("/")) return executable(isAbsolute(command) ? command : join(process.cwd(), command));
  return path.split(delimiter).some((dir) => dir !== "" && executable(join(dir, command)));
}
