/**
 * Loads an implementation's expectations file: the known gaps, each with the status it is expected
 * to have and why. A broken file stops the run like a broken corpus (exit 2, file and line).
 */

import { existsSync, readFileSync } from "node:fs";
import { Ajv } from "ajv";
import { CorpusError } from "../corpus/errors.ts";
import { readCorpusText } from "../corpus/read-file.ts";
import { errorMessage, errorPointer } from "../corpus/schema-registry.ts";
import { parseSource } from "../corpus/yaml-source.ts";
import { isInteropGap } from "../model/interop.ts";
import type { Gap } from "../model/status.ts";
import { sha256Hex } from "../util/canonical-json.ts";

export interface Expectations {
  readonly file: string;
  readonly implementation: string;
  readonly sdk_version?: string;
  readonly gaps: ReadonlyMap<string, Gap>;
  /** Entries keying interop cases (the role this implementation plays, and the others): several may share an id. */
  readonly interop?: readonly Gap[];
  /** The line of each entry, for annotations that point into the file. */
  readonly lines?: ReadonlyMap<string, number>;
  /** sha256 of the file's bytes (absent when there is no file), recorded in the report for `audit`. */
  readonly sha256?: string;
}

type McpTransportName = NonNullable<Gap["mcp_transport"]>;

const validate = new Ajv({ allErrors: true }).compile(
  JSON.parse(readFileSync(new URL("expectations.schema.json", import.meta.url), "utf8")),
);

/**
 * A missing file means no known gaps. `mcpTransport` is the run's (--mcp-transport): an entry for the
 * other transport is left out, and one for this transport takes the place of the id's general entry.
 */
export function loadExpectations(file: string, implementation: string, mcpTransport: McpTransportName = "streamable_http"): Expectations {
  if (!existsSync(file)) return { file, implementation, gaps: new Map() };
  const text = readCorpusText(file, file);
  const source = parseSource(file, text);
  if (!validate(source.data)) {
    throw new CorpusError(
      (validate.errors ?? []).map((e) => ({
        code: "corpus.schema" as const,
        file,
        line: source.lineOf(errorPointer(e)),
        pointer: errorPointer(e),
        message: errorMessage(e),
      })),
    );
  }
  const data = source.data as { implementation: string; sdk_version?: string; gaps: Gap[] | null };
  const gaps = new Map<string, Gap>();
  const interop: Gap[] = [];
  const interopKeys = new Set<string>();
  const lines = new Map<string, number>();
  /** Ids (with their transport) already listed: each may be listed once per transport. */
  const seen = new Set<string>();
  (data.gaps ?? []).forEach((gap, i) => {
    if (isInteropGap(gap)) {
      // Keyed by the vector and the roles it names: the same vector may be listed once per role choice.
      const key = JSON.stringify([gap.id, gap.role, gap.with?.agent, gap.with?.server, gap.with?.computer]);
      if (interopKeys.has(key))
        throw new CorpusError([
          {
            code: "corpus.duplicate_id",
            file,
            line: source.lineOf(`/gaps/${i}/id`),
            vectorId: gap.id,
            message: "listed twice for the same roles",
          },
        ]);
      interopKeys.add(key);
      interop.push(gap);
      if (!lines.has(gap.id)) lines.set(gap.id, source.lineOf(`/gaps/${i}`));
      return;
    }
    const key = JSON.stringify([gap.id, gap.mcp_transport ?? null]);
    if (seen.has(key)) {
      const what = gap.mcp_transport ? `listed twice for mcp_transport ${gap.mcp_transport}` : "listed twice";
      throw new CorpusError([{ code: "corpus.duplicate_id", file, line: source.lineOf(`/gaps/${i}/id`), vectorId: gap.id, message: what }]);
    }
    seen.add(key);
    if (gap.mcp_transport !== undefined && gap.mcp_transport !== mcpTransport) return;
    if (gap.mcp_transport === undefined && gaps.get(gap.id)?.mcp_transport !== undefined) return;
    gaps.set(gap.id, gap);
    lines.set(gap.id, source.lineOf(`/gaps/${i}`));
  });
  return {
    file,
    implementation: data.implementation,
    ...(data.sdk_version !== undefined ? { sdk_version: data.sdk_version } : {}),
    gaps,
    ...(interop.length ? { interop } : {}),
    lines,
    sha256: sha256Hex(Buffer.from(text, "utf8")),
  };
}
