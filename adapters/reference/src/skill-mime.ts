/**
 * SKILL sub-resource MIME types (skill.md §6.4): the built-in extension map of (3), and the text
 * test of (2). The pages fix the baseline rows and the three text criteria; the rest is the kit's
 * reading: the extension is what follows the last '.' of the file name when that '.' is neither its
 * first nor its last character (a POSIX name: '\' is an ordinary character), matched without ASCII
 * case; a name without a baseline extension gets application/octet-stream; a MIME's essence is the
 * text before any ';', without surrounding HTTP whitespace, in ASCII lower case, and has a top-level
 * type and a subtype only around a '/'.
 */

/** The baseline of §6.4 (3), which every implementation must build in. */
export const BASELINE_MIME: Readonly<Record<string, string>> = Object.freeze({
  md: "text/markdown",
  markdown: "text/markdown",
  txt: "text/plain",
  json: "application/json",
  xml: "application/xml",
  yaml: "application/yaml",
  yml: "application/yaml",
  toml: "application/toml",
  rst: "text/x-rst",
});

/** The kit's answer for a name without a baseline extension (the page names no fallback). */
export const FALLBACK_MIME = "application/octet-stream";

/** §6.4 (2), third criterion: the textual application/* essences. */
const TEXT_ESSENCES: ReadonlySet<string> = new Set([
  "application/json",
  "application/xml",
  "application/yaml",
  "application/toml",
  "application/javascript",
]);

/** §6.4 (2), second criterion: structured syntax suffixes of the subtype. */
const TEXT_SUFFIXES = ["+json", "+xml", "+yaml"] as const;

const lowerAscii = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** The mime_type a Computer gives a SKILL resource named `fileName` (its last path segment). */
export function inferSkillMime(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  if (dot <= 0 || dot === fileName.length - 1) return FALLBACK_MIME;
  return BASELINE_MIME[lowerAscii(fileName.slice(dot + 1))] ?? FALLBACK_MIME;
}

/** Whether a MIME is text (§6.4 (2)): inlined as body; otherwise binary, served through blob_handle. */
export function isTextMime(mime: string): boolean {
  const essence = lowerAscii(mime.split(";", 1)[0]!.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, ""));
  const slash = essence.indexOf("/");
  if (slash < 0) return false;
  const [type, subtype] = [essence.slice(0, slash), essence.slice(slash + 1)];
  return type === "text" || TEXT_SUFFIXES.some((s) => subtype.endsWith(s)) || TEXT_ESSENCES.has(essence);
}
