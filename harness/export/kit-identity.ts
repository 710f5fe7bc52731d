/**
 * What a kit build is, for `--version` and for every exported file: the kit's version, its corpus
 * (the protocol versions it covers, how many vectors, and a hash over every vector's id and content
 * hash, so two kits with the same corpus agree whatever the YAML formatting), and the adapter
 * protocol version the harness speaks.
 */
import { kitPackage } from "../model/kit-files.ts";
import { PROTOCOL_VERSIONS, protocolLabel } from "../model/protocols.ts";
import type { Corpus } from "../model/vector.ts";
import { ADAPTER_PROTOCOL, MIN_ADAPTER_PROTOCOL } from "../protocol/messages.ts";
import { sha256Hex } from "../util/canonical-json.ts";

export interface KitIdentity {
  readonly kit: { readonly name: string; readonly version: string };
  readonly corpus: { readonly protocols: readonly string[]; readonly vectors: number; readonly sha256: string };
  readonly adapter_protocol: number;
}

/** sha256 over the sorted `id NUL content_hash` lines of every vector. */
export function corpusHash(corpus: Corpus): string {
  const lines = corpus.suites
    .flatMap((s) => s.vectors)
    .map((v) => `${v.id}\0${v.content_hash}`)
    .sort();
  return sha256Hex(lines.join("\n"));
}

export function kitIdentity(corpus: Corpus): KitIdentity {
  const { name, version } = kitPackage();
  return {
    kit: { name, version },
    corpus: { protocols: PROTOCOL_VERSIONS, vectors: corpus.suites.reduce((n, s) => n + s.vectors.length, 0), sha256: corpusHash(corpus) },
    adapter_protocol: ADAPTER_PROTOCOL,
  };
}

/** The `--version` text: three lines, the kit, its corpus, the adapter protocol. */
export function versionText(id: KitIdentity): string {
  return [
    `${id.kit.name} ${id.kit.version}`,
    `corpus: protocol ${id.corpus.protocols.map(protocolLabel).join(", ")}; ${id.corpus.vectors} vectors; sha256 ${id.corpus.sha256}`,
    `adapter protocol: ${id.adapter_protocol}${olderProtocols(id.adapter_protocol)}`,
  ].join("\n");
}

/** The older adapter protocols the harness still speaks, as " (also speaks 1)", or nothing. */
function olderProtocols(newest: number): string {
  if (MIN_ADAPTER_PROTOCOL >= newest) return "";
  const last = newest - 1;
  return ` (also speaks ${MIN_ADAPTER_PROTOCOL}${last > MIN_ADAPTER_PROTOCOL ? `–${last}` : ""})`;
}
