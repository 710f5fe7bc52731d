/** `smcp-conformance --version`: the kit, its corpus (protocol versions, vector count, hash) and the adapter protocol. */
import { loadCorpus } from "../corpus/load-corpus.ts";
import { kitIdentity, versionText } from "./kit-identity.ts";

export function printVersion(): void {
  process.stdout.write(`${versionText(kitIdentity(loadCorpus()))}\n`);
}
