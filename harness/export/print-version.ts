/** `smcp-conformance --version`: the kit, its corpus (protocol versions, vector count, hash) and the adapter protocol. */
import { loadCorpus } from "../corpus/load-corpus.ts";
import { kitIdentity, versionText } from "./kit-identity.ts";

/** The text, computed from the corpus (bin/version-cache.js keeps it for the next --version). */
export function versionString(): string {
  return versionText(kitIdentity(loadCorpus()));
}
