/**
 * The whole export: the upstream-shaped fixtures, one kit-shaped file per pure operation, and a
 * manifest listing every file with its sha256, vector count, the kit version and the corpus hash,
 * so an SDK can replace a hand-synced copy with a download it checks.
 */
import type { Corpus } from "../model/vector.ts";
import { sha256Hex } from "../util/canonical-json.ts";
import { type KitIdentity, kitIdentity } from "./kit-identity.ts";
import { opEntries } from "./op-files.ts";
import { type ExportFile, exportUpstream } from "./upstream-format.ts";

export const MANIFEST_FILE = "manifest.json";
export const EXPORT_FORMAT_VERSION = 1;

export interface ManifestEntry {
  readonly file: string;
  readonly op: string;
  readonly shape: "upstream" | "kit";
  readonly count: number;
  readonly sha256: string;
  readonly kit_version: string;
  readonly corpus_sha256: string;
}

export interface ExportManifest {
  readonly format: "smcp-conformance-export";
  readonly format_version: number;
  readonly kit: KitIdentity["kit"];
  readonly corpus: KitIdentity["corpus"];
  readonly files: readonly ManifestEntry[];
}

export interface WrittenFile {
  readonly file: string;
  readonly text: string;
}

function kitShaped(corpus: Corpus, identity: KitIdentity): ExportFile[] {
  return [...opEntries(corpus)].map(([op, vectors]) => ({
    file: `ops/${op}.json`,
    op,
    shape: "kit",
    count: vectors.length,
    content: {
      format: "smcp-conformance-op-vectors",
      format_version: EXPORT_FORMAT_VERSION,
      op,
      kit_version: identity.kit.version,
      corpus_sha256: identity.corpus.sha256,
      count: vectors.length,
      vectors,
    },
  }));
}

const text = (content: unknown) => `${JSON.stringify(content, null, 1)}\n`;

/** Every file's text, the manifest last. */
export function buildExport(corpus: Corpus): { files: WrittenFile[]; manifest: ExportManifest } {
  const identity = kitIdentity(corpus);
  const exported = [...exportUpstream(corpus, identity), ...kitShaped(corpus, identity)];
  const files = exported.map((f) => ({ file: f.file, text: text(f.content) }));
  const manifest: ExportManifest = {
    format: "smcp-conformance-export",
    format_version: EXPORT_FORMAT_VERSION,
    kit: identity.kit,
    corpus: identity.corpus,
    files: exported.map((f, i) => ({
      file: f.file,
      op: f.op,
      shape: f.shape,
      count: f.count,
      sha256: sha256Hex(files[i]!.text),
      kit_version: identity.kit.version,
      corpus_sha256: identity.corpus.sha256,
    })),
  };
  return { files: [...files, { file: MANIFEST_FILE, text: text(manifest) }], manifest };
}
