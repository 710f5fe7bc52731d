/** The reference implementation behind the adapter protocol, as a Node subprocess. */
import { fileURLToPath } from "node:url";
import { minimalEnv } from "../driver/adapter-env.ts";
import { type DriverOptions, SubprocessImplementation } from "../driver/subprocess-implementation.ts";

/** Compiled (the installed package runs dist/…/*.js): the adapter's compiled entry runs on plain node. */
const COMPILED = import.meta.url.endsWith(".js");
const ENTRY = fileURLToPath(new URL(`../../adapters/reference/main.${COMPILED ? "js" : "ts"}`, import.meta.url));

/** `node --import <tsx loader> adapters/reference/main.ts` (or `node …/main.js` compiled), with absolute paths so any cwd works. */
export function referenceSubprocess(options: Partial<DriverOptions> = {}): SubprocessImplementation {
  const args = COMPILED ? [ENTRY] : ["--import", import.meta.resolve("tsx"), ENTRY];
  return new SubprocessImplementation("reference-subprocess", { file: process.execPath, args, env: minimalEnv() }, options);
}
