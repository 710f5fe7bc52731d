// Every operation named anywhere is defined once, in vectors/_schema/ops/<op>.json; every reason code
// an implementation can emit is in vectors/_schema/reasons.json. The tables in other languages are
// read from their sources (no SDK needed); the handshakes of the real adapters are checked in
// tests/sdk/operations-handshake.test.ts.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { REFERENCE_LIVE_OPERATIONS, REFERENCE_OPERATIONS } from "../../adapters/reference/operations.ts";
import { OP_ARBITRARIES } from "../../harness/generators/index.ts";
import { SDK_MANIFESTS, sdkManifest } from "../../harness/impl/sdk-manifests.ts";
import { KIT_ROOT, KIT_VECTORS_DIR } from "../../harness/model/kit-files.ts";
import { OP_DEFINITIONS, opDefinition, opsOfSuite } from "../../harness/model/operations.ts";
import { REASONS, WARNINGS } from "../../harness/model/reasons.ts";

const kitSuites = readdirSync(KIT_VECTORS_DIR, { withFileTypes: true })
  .filter((e) => e.isDirectory() && !e.name.startsWith("_") && !e.name.startsWith("."))
  .map((e) => e.name);
const ops = (kinds: string[]) =>
  OP_DEFINITIONS.filter((d) => kinds.includes(d.kind))
    .map((d) => d.op)
    .sort();
const defined = new Set(OP_DEFINITIONS.map((d) => d.op));

function sourceFiles(dir: string, ext: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(ext))
    .map((f) => join(dir, f));
}

/** The op names of a dispatch table written in another language: the quoted keys of its entries. */
function dispatchKeys(file: string, start: RegExp, entry: RegExp): string[] {
  const text = readFileSync(file, "utf8");
  const from = text.search(start);
  if (from < 0) return [];
  const table = text.slice(from);
  return [...table.slice(0, table.search(/\n(\}|\];)\s*\n/)).matchAll(entry)].map((m) => m[1]!);
}

describe("one definition per operation", () => {
  it("every op file is named after its op and every kit suite it names exists", () => {
    for (const d of OP_DEFINITIONS) for (const s of d.suites) expect(kitSuites, `${d.op} names suite ${s}`).toContain(s);
  });

  it("kit suites take their operations from the op definitions, not from suite.yaml", () => {
    for (const dir of kitSuites) {
      const manifest = parse(readFileSync(join(KIT_VECTORS_DIR, dir, "suite.yaml"), "utf8")) as { ops?: unknown };
      expect(manifest.ops, `${dir}/suite.yaml lists ops`).toBeUndefined();
      expect(opsOfSuite(dir).length, `no op definition names suite ${dir}`).toBeGreaterThan(0);
    }
  });

  it("the reference's operation tables hold exactly the pure, runtime and internal ops (an internal live op in the live table)", () => {
    const liveInternal = Object.keys(REFERENCE_LIVE_OPERATIONS).filter((op) => opDefinition(op)?.kind === "internal");
    expect([...Object.keys(REFERENCE_OPERATIONS), ...liveInternal].sort()).toEqual(ops(["pure", "runtime", "internal"]));
  });

  it("the generators cover exactly the pure ops", () => {
    expect(Object.keys(OP_ARBITRARIES).sort()).toEqual(ops(["pure"]));
  });

  it("the Python adapter's dispatch table names only defined ops", () => {
    const file = join(sdkManifest("python")!.dir, "smcp_adapter", "dispatch.py");
    const keys = dispatchKeys(file, /^OPERATIONS: dict/m, /^\s+"([^"]+)":/gm);
    expect(keys.length).toBeGreaterThan(10);
    expect(keys.filter((k) => !defined.has(k))).toEqual([]);
  });

  it("the Rust adapter's dispatch table names only defined ops", () => {
    const file = join(sdkManifest("rust")!.dir, "src", "main.rs");
    const keys = dispatchKeys(file, /^const OPERATIONS: /m, /^\s+\("([^"]+)",/gm);
    expect(keys.length).toBeGreaterThan(10);
    expect(keys.filter((k) => !defined.has(k))).toEqual([]);
  });
});

describe("one reason taxonomy for every language", () => {
  const known = new Set([...Object.keys(REASONS), ...Object.keys(WARNINGS)]);
  const namespaces = new Set([...known].map((code) => code.split(".")[0]!));
  /** A string literal shaped like one of the taxonomy's codes (its namespace, or a bare code), not an op name. */
  const codeLiterals = (text: string) =>
    [...text.matchAll(/"([a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)?)"/g)]
      .map((m) => m[1]!)
      .filter((s) => !defined.has(s) && (s.includes(".") ? namespaces.has(s.split(".")[0]!) : known.has(s)));

  it.each(SDK_MANIFESTS.map((m) => [m.implementation, m.dir] as const))(
    "every code literal in the %s adapter is in reasons.json",
    (_, dir) => {
      const files = [...sourceFiles(dir, ".py"), ...sourceFiles(dir, ".rs")].filter((f) => !f.includes("/target/"));
      const unknown = files.flatMap((f) =>
        codeLiterals(readFileSync(f, "utf8"))
          .filter((c) => !known.has(c))
          .map((c) => `${f}: ${c}`),
      );
      expect(files.length).toBeGreaterThan(3);
      expect(unknown).toEqual([]);
    },
  );

  it("every code literal in the reference is in reasons.json", () => {
    const files = sourceFiles(join(KIT_ROOT, "adapters", "reference"), ".ts");
    const unknown = files.flatMap((f) =>
      codeLiterals(readFileSync(f, "utf8"))
        .filter((c) => !known.has(c))
        .map((c) => `${f}: ${c}`),
    );
    expect(unknown).toEqual([]);
  });

  it("the scan would catch a code the taxonomy lacks", () => {
    expect(codeLiterals('return "config.wrongtype"; ("bundle_id.validate", x)')).toEqual(["config.wrongtype"]);
  });
});
