#!/usr/bin/env node
// Entry point. In a clone (the TypeScript sources are here) tsx runs them as they are, so an edit
// needs no build; the installed package has only the compiled dist/ and runs that on plain node
// (SMCP_CONFORMANCE_COMPILED=1 runs dist/ in a clone too, after `npm run build`).
// `--version` alone prints the kit, corpus and adapter protocol versions (harness/export/kit-identity.ts),
// from a cache keyed by the kit's files when nothing changed (bin/version-cache.js).
// The command runs under runToExit: uncaught errors and a stalled command exit 3, never 13 or 1.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const compiled = process.env.SMCP_CONFORMANCE_COMPILED === "1" || !existsSync(new URL("../harness/cli/main.ts", import.meta.url));
const root = compiled ? "../dist/" : "../";
const ext = compiled ? "js" : "ts";
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-V")) {
  // A warm --version is answered before the TypeScript loader starts (bin/version-cache.js).
  const { cachedVersion, storeVersion, versionKey } = await import("./version-cache.js");
  const key = versionKey(fileURLToPath(new URL("../", import.meta.url)), compiled ? "dist/" : "");
  let text = cachedVersion(key);
  if (text === undefined) {
    if (ext === "ts") (await import("tsx/esm/api")).register();
    text = (await import(`${root}harness/export/print-version.${ext}`)).versionString();
    storeVersion(key, text);
  }
  process.stdout.write(`${text}\n`);
} else {
  if (ext === "ts") (await import("tsx/esm/api")).register();
  const { main } = await import(`${root}harness/cli/main.${ext}`);
  const { runToExit } = await import(`${root}harness/commands/lifecycle.${ext}`);
  void runToExit(() => main(argv));
}
