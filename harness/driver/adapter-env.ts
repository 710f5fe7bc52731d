/**
 * The environment an adapter starts with: only what a process needs to run, never the user's
 * secrets. Placeholder cases pass their environment inside the request, so adapters need none.
 */
export function minimalEnv(extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
    LANG: "C.UTF-8",
    LC_ALL: "C.UTF-8",
  };
  const tmp = process.env["TMPDIR"];
  if (tmp) env["TMPDIR"] = tmp;
  return { ...env, ...extra };
}
