/**
 * `--into vectors/<suite>/<file>.yaml`: candidates appended to a suite's file for review, in the
 * file's own indentation, under a comment naming the command; a new file gets the corpus header.
 * The file must belong to the suite the candidates are for, and no id may be there already. The
 * new vectors are loaded as corpus (schema, operation, reasons, ids against the whole corpus)
 * before the file is touched, so a bad candidate never lands in the corpus.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { isMap, isSeq, parseDocument } from "yaml";
import { loadCorpus } from "../corpus/load-corpus.ts";
import type { VectorFileToWrite } from "../corpus/vector-file-text.ts";
import { inputKey } from "../fuzz/candidates.ts";
import { fileHeaderText, vectorItemsText } from "../fuzz/vector-yaml.ts";
import { KIT_VECTORS_DIR } from "../model/kit-files.ts";
import { readUserFile } from "../util/read-user-file.ts";
import { UsageError } from "../util/usage-error.ts";
import { writeAtomic } from "../util/write-atomic.ts";

export interface IntoTarget {
  readonly path: string;
  readonly suite: string;
  /** The file's text; undefined when it does not exist yet. */
  readonly text: string | undefined;
  /** Indentation of the file's `- ` items under `vectors:`. */
  readonly indent: number;
  readonly ids: ReadonlySet<string>;
  /** Its vectors' inputs by `inputKey`, to the id holding each. */
  readonly inputs: ReadonlyMap<string, string>;
}

interface FileVector {
  readonly id?: unknown;
  readonly op?: unknown;
  readonly input?: unknown;
}

/** Reads the target and checks it belongs to `suite`; every problem is a one-line usage error naming the file. */
export function readInto(path: string, suite: string): IntoTarget {
  const where = `--into ${path}`;
  if (!path.endsWith(".yaml")) throw new UsageError(`${where}: a vector file ends in .yaml`);
  const folder = dirname(resolve(path));
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    throw new UsageError(`${where}: folder ${dirname(path)} does not exist (a suite folder, e.g. vectors/${suite}/)`);
  if (!existsSync(path)) {
    if (basename(folder) !== suite)
      throw new UsageError(`${where}: the file would be in suite folder "${basename(folder)}", not "${suite}"`);
    return { path, suite, text: undefined, indent: 2, ids: new Set(), inputs: new Map() };
  }
  const text = readUserFile(path, "--into file", 16 * 1024 * 1024);
  const doc = parseDocument(text);
  if (doc.errors.length > 0) throw new UsageError(`${where}: not valid YAML: ${doc.errors[0]!.message.split("\n")[0]}`);
  const top = doc.contents;
  if (!isMap(top)) throw new UsageError(`${where}: not a vector file (no top-level map)`);
  const js = doc.toJS() as { suite?: unknown; vectors?: FileVector[] };
  const fileSuite = js.suite;
  if (fileSuite !== suite) throw new UsageError(`${where}: the file's suite is "${String(fileSuite)}", not "${suite}"`);
  const last = top.items.at(-1);
  const vectors = top.get("vectors", true);
  if (!isSeq(vectors) || vectors.flow || last === undefined || (last.key as { value?: unknown } | null)?.value !== "vectors")
    throw new UsageError(`${where}: candidates are appended to a block list "vectors:" that ends the file; this file has none`);
  const first = vectors.items[0] as { range?: [number, number, number] } | undefined;
  const lineStart = first?.range ? text.lastIndexOf("\n", first.range[0]) + 1 : -1;
  const indent = first?.range ? text.slice(lineStart).search(/\S/) : 2;
  const listed = js.vectors ?? [];
  return {
    path,
    suite,
    text,
    indent,
    ids: new Set(listed.map((v) => String(v.id))),
    inputs: new Map(listed.filter((v) => typeof v.op === "string").map((v) => [inputKey(v.op as string, v.input), String(v.id)])),
  };
}

/** The file's new text: its old text (or the header) and the candidates under a review comment. */
export function appendedText(target: IntoTarget, file: VectorFileToWrite, comment: string): string {
  const clash = file.vectors.find((v) => target.ids.has(v.id));
  if (clash) throw new UsageError(`--into ${target.path}: vector ${clash.id} is already in the file`);
  const items = vectorItemsText(file.vectors, target.indent, comment);
  if (target.text === undefined) return `${fileHeaderText(file)}${items}`;
  return `${target.text.replace(/\n*$/, "\n")}\n${items}`;
}

/** The candidates loaded as corpus on their own (kit corpus + a temporary file holding just them): throws the loader's CorpusError. */
export function checkAsCorpus(file: VectorFileToWrite): void {
  const root = mkdtempSync(join(tmpdir(), "smcp-into-"));
  try {
    const dir = join(root, file.suite);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "candidates.yaml"), `${fileHeaderText(file)}${vectorItemsText(file.vectors)}`);
    loadCorpus({ extraRoots: [root] });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * Appends the candidates to the target file after checking them as corpus. A file inside the
 * kit's corpus is loaded again afterwards and put back as it was if the corpus no longer loads.
 */
export function appendInto(target: IntoTarget, file: VectorFileToWrite, comment: string): string {
  if (file.suite !== target.suite)
    throw new UsageError(`--into ${target.path}: candidates are for suite "${file.suite}", not "${target.suite}"`);
  const text = appendedText(target, file, comment);
  checkAsCorpus(file);
  writeAtomic(target.path, text);
  if (!relative(KIT_VECTORS_DIR, resolve(target.path)).startsWith("..")) {
    try {
      loadCorpus();
    } catch (error) {
      if (target.text === undefined) rmSync(target.path, { force: true });
      else writeAtomic(target.path, target.text);
      throw error;
    }
  }
  return target.path;
}
