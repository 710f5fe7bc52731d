/** The machine and software the numbers are for: without it a benchmark result means little. */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cpus, loadavg, release, totalmem } from "node:os";
import { join } from "node:path";
import type { Handshake } from "../harness/model/implementation.ts";
import { KIT_ROOT } from "./timed-child.ts";

export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly memory_bytes: number;
  readonly os: string;
  readonly node: string;
  readonly python: string | null;
  readonly rustc: string | null;
  readonly git: { readonly commit: string | null; readonly uncommitted_changes: boolean };
  /** The Rust adapter's release profile: an unoptimised build changes the Rust numbers several-fold. */
  readonly rust_opt_level: string | null;
  /** 1, 5 and 15 minute load averages: the machine is shared, so say how busy it was. */
  readonly load_at_start: readonly number[];
}

function output(file: string, args: readonly string[]): string | null {
  try {
    return execFileSync(file, args, { cwd: KIT_ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
  } catch {
    return null;
  }
}

function rustOptLevel(): string | null {
  const manifest = join(KIT_ROOT, "adapters", "rust", "Cargo.toml");
  if (!existsSync(manifest)) return null;
  const text = readFileSync(manifest, "utf8");
  const release = /^\[profile\.release\]([^[]*)/m.exec(text)?.[1] ?? "";
  const level = /^opt-level\s*=\s*"?([^"\s#]+)/m.exec(release)?.[1] ?? "3 (cargo's default)";
  // Per-package levels ([profile.release.package.<name>]) make the crate's own level only part of the story.
  const perPackage = text.match(/^\[profile\.release\.package\./gm)?.length ?? 0;
  return perPackage > 0 ? `${level} (its dependencies per package: ${perPackage} entries in Cargo.toml)` : level;
}

function osName(): string {
  const file = "/etc/os-release";
  const pretty = existsSync(file) ? /^PRETTY_NAME="?([^"\n]*)"?/m.exec(readFileSync(file, "utf8"))?.[1] : undefined;
  return `${pretty ?? process.platform} (kernel ${release()}, ${process.arch})`;
}

export function describeMachine(): Machine {
  const status = output("git", ["status", "--porcelain", "--untracked-files=no"]);
  return {
    cpu: cpus()[0]?.model.trim() ?? "unknown",
    cores: cpus().length,
    memory_bytes: totalmem(),
    os: osName(),
    node: process.version,
    python: output("python3", ["--version"]),
    rustc: output("rustc", ["--version"]),
    git: { commit: output("git", ["rev-parse", "HEAD"]), uncommitted_changes: status !== null && status !== "" },
    rust_opt_level: rustOptLevel(),
    load_at_start: loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

/** The SDK and runtime each implementation reported in its handshake. */
export function describeSdks(
  handshakes: ReadonlyMap<string, Handshake>,
): Record<string, { sdk: string; runtime: string | null; protocol_version: string | null; operations: number }> {
  return Object.fromEntries(
    [...handshakes].map(([name, h]) => [
      name,
      {
        sdk: `${h.sdk.name} ${h.sdk.version}${
          h.sdk.packages
            ? ` (${Object.entries(h.sdk.packages)
                .map(([p, v]) => `${p} ${v}`)
                .join(", ")})`
            : ""
        }`,
        runtime: h.runtime ?? null,
        protocol_version: h.protocol_version,
        operations: h.operations.length,
      },
    ]),
  );
}
