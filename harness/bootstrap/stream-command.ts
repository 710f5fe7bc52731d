/** Runs a set-up command, passing each output line to `log` as it comes (progress stays visible). */
import { execa } from "execa";

export class BootstrapError extends Error {
  override readonly name = "BootstrapError";
}

export async function streamCommand(command: readonly string[], log: (line: string) => void, env?: Record<string, string>): Promise<void> {
  const child = execa(command[0]!, command.slice(1), { all: true, reject: false, buffer: false, stdin: "ignore", ...(env ? { env } : {}) });
  child.all?.setEncoding("utf8");
  let rest = "";
  child.all?.on("data", (chunk: string) => {
    const lines = (rest + chunk).split(/\r?\n|\r/);
    rest = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) log(line);
  });
  const result = await child;
  if (rest.trim()) log(rest);
  if (result.exitCode !== 0) throw new BootstrapError(`${command.join(" ")} failed (${result.shortMessage ?? `exit ${result.exitCode}`})`);
}
