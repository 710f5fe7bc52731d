/**
 * The reference implementation as a subprocess adapter: reads harness messages from stdin, one
 * JSON per line, and writes answers to stdout. Proves the adapter protocol end to end.
 */
import { createInterface } from "node:readline";
import { REFERENCE_HELLO } from "./hello.ts";
import { answerReference } from "./operations.ts";

const out = (message: unknown) => process.stdout.write(`${JSON.stringify(message)}\n`);

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  if (line.trim() === "") return;
  let message: { type?: string; id?: number; op?: string; input?: Record<string, unknown> };
  try {
    message = JSON.parse(line);
  } catch {
    process.stderr.write(`reference adapter: ignoring a line that is not JSON: ${line.slice(0, 200)}\n`);
    return;
  }
  if (message.type === "hello") out(REFERENCE_HELLO);
  else if (message.type === "call") out(answerReference(message.id!, message.op!, message.input ?? {}));
  else if (message.type === "shutdown") lines.close();
  else process.stderr.write(`reference adapter: unknown message type ${String(message.type)}\n`);
});
lines.on("close", () => process.exit(0));
