#!/usr/bin/env node
// Entry point: registers tsx so the TypeScript sources run as they are, then hands over to the CLI.
// The command runs under runToExit: uncaught errors and a stalled command exit 3, never 13 or 1.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../harness/cli/main.ts");
const { runToExit } = await import("../harness/commands/lifecycle.ts");
void runToExit(() => main(process.argv.slice(2)));
