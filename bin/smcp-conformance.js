#!/usr/bin/env node
// Entry point. In a clone (the TypeScript sources are here) tsx runs them as they are, so an edit
// needs no build; the installed package has only the compiled dist/ and runs that on plain node
// (SMCP_CONFORMANCE_COMPILED=1 runs dist/ in a clone too, after `npm run build`).
// `--version` alone prints the kit, corpus and adapter protocol versions (harness/export/kit-identity.ts).
// The command runs under runToExit: uncaught errors and a stalled command exit 3, never 13 or 1.
import { existsSync } from "node:fs";

const compiled = process.env.SMCP_CONFORMANCE_COMPILED === "1" || !existsSync(new URL("../harness/cli/main.ts", import.meta.url));
const root = compiled ? "../dist/" : "../";
const ext = compiled ? "js" : "ts";
if (ext === "ts") {
  const { register } = await import("tsx/esm/api");
  register();
}
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-V")) {
  const { printVersion } = await import(`${root}harness/export/print-version.${ext}`);
  printVersion();
} else {
  const { main } = await import(`${root}harness/cli/main.${ext}`);
  const { runToExit } = await import(`${root}harness/commands/lifecycle.${ext}`);
  void runToExit(() => main(argv));
}
