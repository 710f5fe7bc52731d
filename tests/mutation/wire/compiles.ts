/**
 * Whether a mutated file still type-checks: the TypeScript language service over the repository's
 * tsconfig, with one file's text swapped, asked for that file's diagnostics only ("tsc on that
 * file"). A mutant that does not compile says nothing about the suites, so it is not counted (the
 * data rules' Stryker run drops them the same way, through its TypeScript checker).
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";

/** `check(file, text)`: undefined when it compiles, else the first diagnostic. */
export type CompileCheck = (file: string, text: string) => string | undefined;

export function compileChecker(root: string, files: readonly string[]): CompileCheck {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  if (!config) throw new Error(`${root}/tsconfig.json could not be read`);
  const rootNames = files.map((f) => resolve(root, f));
  const swapped = new Map<string, { text: string; version: number }>();
  let version = 0;
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => config.options,
    getScriptFileNames: () => rootNames,
    getScriptVersion: (name) => String(swapped.get(name)?.version ?? 0),
    getScriptSnapshot: (name) => {
      const text = swapped.get(name)?.text ?? ts.sys.readFile(name);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => root,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  return (file, text) => {
    const name = resolve(root, file);
    swapped.set(name, { text, version: ++version });
    try {
      const diagnostics = [...service.getSyntacticDiagnostics(name), ...service.getSemanticDiagnostics(name)];
      const first = diagnostics.find((d) => d.category === ts.DiagnosticCategory.Error);
      return first ? `TS${first.code}: ${ts.flattenDiagnosticMessageText(first.messageText, " ")}` : undefined;
    } finally {
      // Back to the file on disk, so the next check sees one mutant only.
      swapped.set(name, { text: readFileSync(name, "utf8"), version: ++version });
    }
  };
}
