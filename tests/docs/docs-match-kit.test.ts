/**
 * The figures and names the docs quote, checked against the kit they describe: option names and
 * defaults, suite names, SDK versions and crates, the badge's wording, the vector count. A doc that
 * drifts fails here naming the file and what it says; fix the doc (or generate the figure).
 * Measured figures (timings, folder sizes) cannot be derived from the sources and are not checked.
 */
import { readdirSync, readFileSync } from "node:fs";
import type { Command } from "commander";
import { beforeAll, describe, expect, it } from "vitest";
import { buildProgram } from "../../harness/cli/main.ts";
import { loadCorpus } from "../../harness/corpus/load-corpus.ts";
import { DEFAULT_DRIVER_OPTIONS } from "../../harness/driver/driver-options.ts";
import { sdkManifest } from "../../harness/impl/sdk-manifests.ts";
import { PROTOCOL_VERSIONS } from "../../harness/model/protocols.ts";
import { CONFORMANCE_LEVELS } from "../../harness/model/statement.ts";
import type { Corpus } from "../../harness/model/vector.ts";
import { DEFAULT_KEEP } from "../../harness/report/retention.ts";
import { RECORD_BYTES_PER_RUN } from "../../harness/run/record-budget.ts";

const DOCS = ["README.md", "reports/README.md", ".github/examples/README.md"] as const;
const text = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), "utf8");

/** Options the docs name that belong to other programs (npm, pytest, the bench and stability scripts, the release script). */
const NOT_THE_KITS = new Set([
  "--tb",
  "--ignore-scripts",
  "--no-audit",
  "--no-fund",
  "--dry-run",
  "--quick",
  "--only",
  "--reps",
  "--loaded-runs",
  "--burners",
  "--quiet-report",
  // the wire mutation campaign's own flags (tests/mutation/wire/campaign.ts), named in README §Mutation testing
  "--size",
  "--workers",
  "--timeout-ms",
  "--budget-min",
  "--import",
  "--noEmit",
  "--error-on-warnings",
  "--help",
  "--version",
]);

function commands(): Command[] {
  return buildProgram().commands as Command[];
}

function helpOf(command: Command): string {
  return command.helpInformation({ error: false }).replace(/\s+/g, " ");
}

/** Each of a command's options with its help line, unwrapped. */
function optionLines(command: Command): { flag: string; takesValue: boolean; line: string }[] {
  const help = command.createHelp();
  return command.options.map((o) => ({
    flag: o.long!,
    takesValue: o.required || o.optional,
    line: `${help.optionTerm(o)} ${help.optionDescription(o)}`.replace(/\s+/g, " "),
  }));
}

let corpus: Corpus;
beforeAll(() => {
  corpus = loadCorpus();
}, 120_000);

describe("--help states every default, from the kit's constants", () => {
  it("every run option that takes a value says its default", () => {
    const run = commands().find((c) => c.name() === "run")!;
    const silent = optionLines(run).filter((o) => o.takesValue && !/\bdefault\b/.test(o.line));
    expect(
      silent.map((o) => o.line),
      "run options whose help names no default",
    ).toEqual([]);
  });
  it("no command prints an empty list as its default", () => {
    const empty = commands().flatMap((c) =>
      optionLines(c)
        .filter((o) => o.line.includes("(default: [])"))
        .map((o) => `${c.name()} ${o.flag}`),
    );
    expect(empty).toEqual([]);
  });
  it("the driver's and the run's defaults in run --help are the ones the kit applies", () => {
    const run = helpOf(commands().find((c) => c.name() === "run")!);
    for (const value of [
      DEFAULT_DRIVER_OPTIONS.caseTimeoutMs,
      DEFAULT_DRIVER_OPTIONS.handshakeTimeoutMs,
      DEFAULT_DRIVER_OPTIONS.window,
      DEFAULT_DRIVER_OPTIONS.maxLineBytes,
      DEFAULT_DRIVER_OPTIONS.maxAdapterBytes,
      RECORD_BYTES_PER_RUN,
      DEFAULT_KEEP,
    ])
      expect(run, `run --help names the default ${value}`).toContain(`default: ${value}`);
  });
});

describe("the docs quote the kit", () => {
  it("every --option the docs name is an option of the kit's commands", () => {
    const known = new Set(commands().flatMap((c) => c.options.map((o) => o.long!)));
    for (const file of DOCS) {
      const named = [...new Set(text(file).match(/(?<![\w-])--[a-z][a-z-]*[a-z]/g) ?? [])];
      const unknown = named.filter((flag) => !known.has(flag) && !NOT_THE_KITS.has(flag));
      expect(unknown, `${file} names options no command has`).toEqual([]);
    }
  });
  it("every suite the docs select (--suite, --exclude-suite, `list --suite`) is a suite of the corpus", () => {
    const suites = corpus.suites.map((s) => s.name);
    for (const file of DOCS) {
      const named = [...text(file).matchAll(/--(?:exclude-)?suite[ =]([a-z0-9,-]+)/g)].flatMap((m) => m[1]!.split(","));
      expect(
        named.filter((s) => !suites.includes(s)),
        `${file} selects suites the corpus lacks`,
      ).toEqual([]);
    }
  });
  it("README's Layout has a row for every folder of harness/", () => {
    const readme = text("README.md");
    const folders = readdirSync(new URL("../../harness/", import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory());
    expect(
      folders.map((d) => `harness/${d.name}/`).filter((f) => !readme.includes(`| \`${f}\``) && !readme.includes(`, \`${f}\``)),
      "harness folders with no row in README.md's Layout",
    ).toEqual([]);
  });
  it("README's live-suite table lists every wire suite of the corpus", () => {
    const readme = text("README.md");
    for (const s of corpus.suites.filter((x) => x.name.startsWith("wire-")))
      expect(readme, `README.md names ${s.name}`).toContain(`\`${s.name}\``);
  });
  it("README's retention, handshake and SDK version figures are the kit's", () => {
    const readme = text("README.md");
    expect(readme).toContain(`(from start to hello, default ${DEFAULT_DRIVER_OPTIONS.handshakeTimeoutMs})`);
    expect(text("reports/README.md")).toContain(`keeping the ${DEFAULT_KEEP} newest`);
    const python = sdkManifest("python")!;
    const rust = sdkManifest("rust")!;
    expect(readme).toContain(`(pinned ${python.default_version};`);
    expect(readme).toContain(
      `python ${python.default_version} and ${python.also_in_default_run!.join(" and ")}, rust ${rust.default_version} and ${rust.also_in_default_run!.join(" and ")}`,
    );
  });
  it("README's Rust row names every SDK crate the adapter links", () => {
    const row = text("README.md")
      .split("\n")
      .find((l) => l.startsWith("| `rust`"))!;
    const crates = [...text("adapters/rust/Cargo.toml").matchAll(/^(smcp[a-z-]*)\s*=/gm)].map((m) => m[1]!);
    expect(crates.length).toBeGreaterThan(1);
    expect(
      crates.filter((c) => !row.includes(`\`${c}\``)),
      "crates of adapters/rust/Cargo.toml missing from README's rust row",
    ).toEqual([]);
  });
  it("reports/README.md's badge example reads as the kit's badge: level @protocol, MUST passed/required", () => {
    const quoted = /`(smcp [^`]*)`/.exec(text("reports/README.md").replace(/\s*\n\s*/g, " "));
    const badge = /^smcp (\S+): (.+) @(\S+), MUST (\d+)\/(\d+)(, \d+ known gaps?)?(, \d+ failing)?$/.exec(quoted?.[1] ?? "");
    expect(badge, `badge example: ${quoted?.[1]}`).not.toBeNull();
    expect(CONFORMANCE_LEVELS).toContain(badge![2]);
    expect(PROTOCOL_VERSIONS).toContain(badge![3]);
    expect(Number(badge![4])).toBeLessThanOrEqual(Number(badge![5]));
  });
  it(".github/examples/README.md's warm run measures the vectors a default run selects", () => {
    const selected = corpus.suites.filter((s) => s.opt_in === undefined).reduce((n, s) => n + s.vectors.length, 0);
    const quoted = [...text(".github/examples/README.md").matchAll(/(\d[\d,]*) vectors/g)].map((m) => Number(m[1]!.replace(/,/g, "")));
    expect(quoted.length, ".github/examples/README.md quotes a vector count").toBeGreaterThan(0);
    expect(
      quoted.filter((n) => n !== selected),
      `.github/examples/README.md: counts other than the corpus's ${selected}`,
    ).toEqual([]);
  });
});
