/**
 * The CLI: a thin wrapper over the library; typed faults become exit code 2 with their message.
 * Each command's module is imported when that command runs, so `--help`, a usage error or a
 * small command does not pay for loading the corpus, the driver and every report view.
 */
import { Command, CommanderError } from "commander";
import { EXIT, EXIT_CODES_HELP } from "../commands/exit-code.ts";
import { describeError } from "../commands/interrupts.ts";
import { CorpusError } from "../corpus/errors.ts";
import { describeVersions } from "../model/protocols.ts";
import { OutputError } from "../util/output-error.ts";
import { terminalSafe } from "../util/terminal-text.ts";
import { UsageError } from "../util/usage-error.ts";
import {
  ADAPTER_NONE,
  CASE_TIMEOUT_HELP,
  ENVIRONMENT_HELP,
  EXAMPLES_HELP,
  FILTER_HELP,
  HANDSHAKE_HELP,
  KEEP_HELP,
  MAX_ADAPTER_HELP,
  MAX_MESSAGE_HELP,
  MAX_RECORD_HELP,
  repeatable,
  WINDOW_HELP,
} from "./help-text.ts";

export function buildProgram(): Command {
  const program = new Command("smcp-conformance")
    .description("Conformance test kit for the A2C-SMCP protocol across its SDKs")
    .exitOverride()
    // One line and a hint, not the whole help: commander's own "(Did you mean …?)" stays.
    .showHelpAfterError("hint: add --help for the commands and options")
    .addHelpText(
      "after",
      `${EXIT_CODES_HELP}\n${ENVIRONMENT_HELP}\n${EXAMPLES_HELP}\n\n  --version (-V) alone prints the kit, corpus and adapter protocol versions.`,
    );
  program
    .command("run")
    .description("load and check the corpus, run it against the selected implementations, write reports")
    .option(
      "--impl <names>",
      "comma-separated implementations, e.g. reference,python,python@0.3.2,rust (default: reference, every SDK at its pinned version and the older releases its sdk.yaml lists)",
    )
    .addOption(repeatable("--adapter <name=command>", "an adapter command speaking the adapter protocol", ADAPTER_NONE))
    .addOption(
      repeatable(
        "--expectations <impl=file>",
        "a known-gaps file for one selected implementation, in place of the kit's (e.g. python@path:.=known-gaps.yaml)",
        "the kit's adapters/<sdk>/expectations.yaml, or expectations@<version>.yaml",
      ),
    )
    .option("--suite <names>", "comma-separated suites (default: every suite but the opt-in wire-interop; `list suites` names them)")
    .option("--exclude-suite <names>", "comma-separated suites left out of the selection (default: none)")
    .option("--filter <pattern>", `${FILTER_HELP} (default: none, every vector of the selected suites)`)
    .option("--tier <tiers>", "comma-separated tiers: must, should, observe (default: all)")
    .option("--last-failed", "only the vectors that failed in <out>/latest (any implementation)")
    .option("--bail", "stop at the first failing case, live cases not retried (the report is marked incomplete; exit 1)")
    .option("--quiet", "print only failures, run-level failures and the closing line")
    .addOption(repeatable("--vectors <dir>", "an extra corpus folder", "none: the kit's vectors/ only"))
    .option("--json", "print a JSON summary instead of text")
    .option("--out <dir>", "where run folders are written", "reports")
    .option("--strict-protocol", "check every adapter message against the protocol schemas")
    .option("--case-timeout <ms>", CASE_TIMEOUT_HELP)
    .option("--handshake-timeout <ms>", HANDSHAKE_HELP)
    .option("--window <n>", WINDOW_HELP)
    .option("--max-message-bytes <n>", MAX_MESSAGE_HELP)
    .option("--max-adapter-bytes <n>", MAX_ADAPTER_HELP)
    .option("--max-record-bytes <n>", MAX_RECORD_HELP)
    .option("--allow-empty", "an implementation with no judged case, or no passing one, does not fail the run")
    .option(
      "--history <file>",
      "append each implementation's conformance statement to this history file (JSON lines; default: none, nothing appended)",
    )
    .option(
      "--require <level>",
      "fail the run (exit 1) unless every implementation's conformance statement reaches this level: conforming or partial (default: none, the level is reported, not required)",
    )
    .option("--shard <i/n>", "run only shard i of n (split deterministically by vector id; default: the whole selection)")
    .option("--keep <n>", KEEP_HELP)
    .option("--durations <n>", "after the report, list the n slowest cases (time, implementation, vector, status; default: none listed)")
    .option(
      "--protocol <version>",
      `judge every implementation against this protocol version (${describeVersions()}) instead of the version its handshake claims (default: the claimed one; the latest released for an implementation that claims none)`,
    )
    .option(
      "--mcp-transport <kind>",
      "how each Computer under test mounts the kit's MCP servers: streamable_http or stdio (the kit's stdio program, bridged to the same scene; a server whose vector is about HTTP stays on HTTP) (default: streamable_http)",
    )
    .option("--update-expectations", "rewrite each implementation's expectations file from this run (reasons kept)")
    .option("--record-faults", "with --update-expectations: record crash, timeout and protocol_error cases as gaps too")
    .option(
      "--unchecked <impls>",
      "with --update-expectations: do not run (or build) these implementations; mark the selected vectors their expectations files do not list as unchecked (unverified until a run of them checks it); pair with --filter <new vector> (default: none)",
    )
    .addHelpText("after", `${EXIT_CODES_HELP}\n${ENVIRONMENT_HELP}\n${EXAMPLES_HELP}`)
    .action(async (options) => {
      const { runCommand } = await import("../commands/run-command.ts");
      process.exitCode = await runCommand(options);
    });
  program
    .command("fuzz")
    .description(
      "differential fuzzing: generated inputs through every implementation; disagreements shrunk to candidate vectors; exit 1 on a kind of disagreement no SDK's fuzz baseline lists",
    )
    .option("--impl <names>", "comma-separated implementations (default: reference and every SDK at its pinned version)")
    .addOption(repeatable("--adapter <name=command>", "an adapter command speaking the adapter protocol", ADAPTER_NONE))
    .option("--op <ops>", "comma-separated operations to fuzz (default: every operation with a generator)")
    .option("--seed <n>", "the run's seed (default: random, printed)")
    .option("--runs <n>", "generated cases in all, split evenly over the operations", "1000")
    .option("--time-budget <duration>", "stop exploring and shrinking after this long (e.g. 60s, 2m)")
    .option("--replay <path>", "re-run one case: its fast-check path, with its --op and --seed")
    .option("--shrinks-per-signature <n>", "cases shrunk per kind of disagreement", "2")
    .option("--out <dir>", "where the fuzz folder (summary, candidate vectors) is written", "reports")
    .option("--json", "print the summary as JSON")
    .option("--case-timeout <ms>", CASE_TIMEOUT_HELP)
    .option("--handshake-timeout <ms>", HANDSHAKE_HELP)
    .option("--window <n>", WINDOW_HELP)
    .option("--strict-protocol", "check every adapter message against the protocol schemas")
    .option(
      "--update-baseline",
      "add the kinds this run met to each SDK's fuzz baseline (adapters/<sdk>/fuzz-baseline.yaml), keeping reasons; a listed kind it did not meet is kept and reported stale, never deleted",
    )
    .option("--group <name>", "the id segment after the suite for candidate vectors (<suite>/<group>/<what it probes>; default: fuzz)")
    .option("--into <file>", "append the candidates to this suite file (vectors/<suite>/<file>.yaml) for review, instead of under --out")
    .option("--quiet", "print only new kinds, candidate files, the gate and the closing line (no tables, groups or shrink progress)")
    .option("--max-groups <n>", "show and write as candidates only the n groups seen in the most cases (the summary JSON keeps all)")
    .action(async (options) => {
      // Loaded on use: building every generator costs startup time the other commands need not pay.
      const { fuzzCommand } = await import("../commands/fuzz-command.ts");
      process.exitCode = await fuzzCommand(options);
    });
  program
    .command("generate")
    .description(
      "new vectors for a suite from the generators, expected values from the reference, annotated with which implementations agree",
    )
    .requiredOption("--suite <suite>", "the suite to generate for")
    .option("--op <ops>", "comma-separated operations of the suite (default: every one with a generator)")
    .option(
      "--count <n>",
      "vectors per group: each generator family of an operation is its own group, an operation without families one group (generated, or --group)",
      "10",
    )
    .option("--seed <n>", "the seed (default: random, printed)")
    .option("--tier <tier>", "must or should", "should")
    .option("--impl <names>", "implementations asked whether they agree (default: none besides the reference)")
    .addOption(repeatable("--adapter <name=command>", "an adapter command speaking the adapter protocol", ADAPTER_NONE))
    .option("--out <dir>", "where the generated corpus folder is written", "reports")
    .option("--group <name>", "the id segment after the suite (<suite>/<group>/<what it probes>; default: generated)")
    .option(
      "--into <file>",
      "append the vectors to this file of the suite (vectors/<suite>/<file>.yaml) for review, instead of under --out",
    )
    .action(async (options) => {
      const { generateCommand } = await import("../commands/generate-command.ts");
      process.exitCode = await generateCommand(options);
    });
  program
    .command("lint")
    .description(
      "isolation: each rejecting vector's input with its one fault repaired, and each config other vectors carry, must be accepted by every implementation",
    )
    .option("--impl <names>", "comma-separated implementations (default: reference and every SDK at its pinned version)")
    .addOption(repeatable("--adapter <name=command>", "an adapter command speaking the adapter protocol", ADAPTER_NONE))
    .option("--suite <names>", "comma-separated suites (default: all)")
    .option("--filter <pattern>", FILTER_HELP)
    .addOption(repeatable("--vectors <dir>", "an extra corpus folder", "none: the kit's vectors/ only"))
    .option("--json", "print the findings as JSON")
    .option("--case-timeout <ms>", CASE_TIMEOUT_HELP)
    .option("--handshake-timeout <ms>", HANDSHAKE_HELP)
    .option("--window <n>", WINDOW_HELP)
    .option("--strict-protocol", "check every adapter message against the protocol schemas")
    .action(async (options) => {
      const { lintCommand } = await import("../commands/lint-command.ts");
      process.exitCode = await lintCommand(options);
    });
  program
    .command("list")
    .argument("[what]", "vectors, suites or implementations", "vectors")
    .description("what a run can select: vector ids (with tier and description), suites, implementation names")
    .option("--suite <names>", "comma-separated suites (default: all)")
    .option("--filter <pattern>", FILTER_HELP)
    .option("--tier <tiers>", "comma-separated tiers: must, should, observe (default: all)")
    .option("--protocol <version>", `only the vectors that apply at this protocol version (${describeVersions()})`)
    .addOption(repeatable("--vectors <dir>", "an extra corpus folder", "none: the kit's vectors/ only"))
    .option("--json", "print the list as JSON")
    .action(async (what: string, options) => {
      const { listCommand } = await import("../commands/list-command.ts");
      process.exitCode = listCommand(what, options);
    });
  program
    .command("show")
    .argument("<id>", "a vector id")
    .description("one vector (input, expected, spec section, file) with each implementation's answer from <out>/latest")
    .option("--out <dir>", "where run folders are written", "reports")
    .addOption(repeatable("--vectors <dir>", "an extra corpus folder", "none: the kit's vectors/ only"))
    .option("--json", "print the vector and its cases as JSON")
    .action(async (id: string, options) => {
      const { showCommand } = await import("../commands/show-command.ts");
      process.exitCode = showCommand(id, options);
    });
  program
    .command("audit")
    .argument("<report>", "a report.json")
    .description("re-derive every case status and the summary from the transcripts alone")
    .action(async (path: string) => {
      const { auditCommand } = await import("../commands/audit-command.ts");
      process.exitCode = auditCommand(path);
    });
  program
    .command("export")
    .requiredOption("--format <format>", "upstream: JSON fixtures in the upstream fixture shape")
    .requiredOption("--out <dir>", "where the fixture files are written")
    .addOption(repeatable("--vectors <dir>", "an extra corpus folder", "none: the kit's vectors/ only"))
    .description("write the flat suites as fixtures an SDK's own tests can load without the kit")
    .action(async (options: { format: string; out: string; vectors: string[] }) => {
      const { exportCommand } = await import("../commands/export-command.ts");
      process.exitCode = exportCommand(options);
    });
  program
    .command("merge")
    .argument("<reports...>", "shard report.json files")
    .option("--out <dir>", "where the merged run folder is written", "reports")
    .option("--keep <n>", KEEP_HELP)
    .description("join shard reports into one report, identical in results to an unsharded run")
    .action(async (paths: string[], options: { out: string; keep?: string }) => {
      const { mergeCommand } = await import("../commands/merge-command.ts");
      process.exitCode = mergeCommand(paths, options.out, options.keep);
    });
  program
    .command("coverage")
    .description("spec traceability: which normative statements each protocol revision's vectors cover, uncovered pure MUSTs first")
    .option(
      "--protocol <version>",
      `one revision in detail (${describeVersions()}; default: every revision side by side, the latest released in detail)`,
    )
    .option("--report <path>", "read each implementation's results from this report.json (default: <out>/latest/report.json when present)")
    .option("--out <dir>", "where run folders are written", "reports")
    .addOption(repeatable("--vectors <dir>", "an extra corpus folder", "none: the kit's vectors/ only"))
    .option("--all", "list every uncovered pure MUST (default: the first 40)")
    .option("--uncovered", "also list every uncovered testable MUST and SHOULD, page by page, with the index's reason")
    .option("--json", "the coverage as JSON")
    .action(async (options) => {
      const { coverageCommand } = await import("../commands/coverage-command.ts");
      process.exitCode = coverageCommand(options);
    });
  program
    .command("requirements")
    .argument("[words...]", "words every statement shown holds in its id, section, summary or note (case and width ignored)")
    .description("find requirement ids for covers: by words, page or section, with level, text in the index and the vectors covering each")
    .option("--page <page>", "only this page of the index (e.g. error-handling)")
    .option("--section <heading>", "only sections whose heading holds this text")
    .option("--uncovered", "only statements no vector covers")
    .option("--protocol <version>", `only statements that hold at this revision (${describeVersions()})`)
    .addOption(repeatable("--vectors <dir>", "an extra corpus folder", "none: the kit's vectors/ only"))
    .option("--all", "list every covering vector (default: the first 3)")
    .option("--json", "the statements as JSON")
    .action(async (words: string[], options) => {
      const { requirementsCommand } = await import("../commands/requirements-command.ts");
      process.exitCode = requirementsCommand(words, options);
    });
  program
    .command("divergences")
    .description(
      "for the protocol's and SDKs' maintainers: every point the spec leaves open, by section, and every MUST an SDK breaks; writes divergences.md and divergences.html into the run folder and prints a one-screen summary",
    )
    .option("--report <path>", "read the answers from this report.json (default: <out>/latest/report.json)")
    .option(
      "--out <dir>",
      "where run folders are written; the files go into <out>/latest (default: reports). With --report: where the files go (default: the report's folder)",
    )
    .addOption(repeatable("--vectors <dir>", "an extra corpus folder", "none: the kit's vectors/ only"))
    .option(
      "--sdk <names>",
      "only these implementations' disagreements and MUST breaks: comma-separated names or families, e.g. python,rust@0.4.1 (default: all)",
    )
    .option(
      "--section <text>",
      "only points whose '<page> §<section>' contains this text, any case, e.g. desktop or 渲染规则 (default: all)",
    )
    .option("--kind <kinds>", "only these kinds, comma-separated: disagreement, contradiction, spec-silent, must-break (default: all)")
    .option("--markdown", "print the catalogue as Markdown to stdout instead of writing the files")
    .option("--json", "print the catalogue as JSON to stdout instead of writing the files")
    .action(async (options) => {
      const { divergencesCommand } = await import("../commands/divergences-command.ts");
      process.exitCode = divergencesCommand(options);
    });
  program
    .command("support")
    .description(
      "the support table: one row per release and protocol revision, one column per role (computer, server, agent), each cell the level and the MUST count; writes support.md and support.html beside the report",
    )
    .option("--report <path>", "read the statements of this report.json (default: <out>/latest/report.json)")
    .option("--history <file>", "read a history file instead: the last statement of each release and revision")
    .option("--out <dir>", "where run folders are written", "reports")
    .option("--markdown", "print the table as Markdown instead of writing the files")
    .option("--json", "print the table as JSON instead of writing the files")
    .action(async (options) => {
      const { supportCommand } = await import("../commands/support-command.ts");
      process.exitCode = supportCommand(options);
    });
  program
    .command("history")
    .argument("<file>", "a history file (JSON lines) written by run --history")
    .description("the conformance statements of recorded runs, per implementation, oldest first")
    .addOption(repeatable("--add <report>", "first append the statements of this report.json", "none"))
    .option("--json", "the entries as JSON")
    .option("--html <path>", "also write the trend as a self-contained HTML page (an SVG line per implementation)")
    .action(async (file: string, options: { add: string[]; json?: boolean; html?: string }) => {
      const { historyCommand } = await import("../commands/history-command.ts");
      process.exitCode = historyCommand(file, options);
    });
  program
    .command("compare")
    .argument("<old>", "the earlier report.json")
    .argument("<new>", "the later report.json")
    .option("--json", "print the comparison as JSON")
    .addOption(
      repeatable(
        "--pair <old=new>",
        "compare implementation old of the earlier report with new of the later one (e.g. python=python@path:.); implementations no pair names are left out, and named",
        "none: each implementation with its namesake",
      ),
    )
    .description("regressions, fixes, status changes, new / removed / changed vectors between two runs")
    .action(async (oldPath: string, newPath: string, options: { json?: boolean; pair: string[] }) => {
      const { compareCommand } = await import("../commands/compare-command.ts");
      process.exitCode = compareCommand(oldPath, newPath, options.json === true, options.pair);
    });
  return program;
}

export async function main(argv: readonly string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv, { from: "user" });
    return typeof process.exitCode === "number" ? process.exitCode : EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    if (error instanceof CorpusError) {
      process.stderr.write(terminalSafe(`corpus error: nothing was run\n${error.message}\n`));
      return EXIT.usage;
    }
    if (error instanceof UsageError) {
      process.stderr.write(terminalSafe(`usage error: ${error.message}\n`));
      return EXIT.usage;
    }
    if (error instanceof OutputError) {
      process.stderr.write(terminalSafe(`output error: ${error.message}\n`));
      return EXIT.usage;
    }
    // Anything else is a fault of the kit itself: exit 3, never 1 (which means failing cases).
    // run's own internal error has already been described (and its report written): print it as is.
    const described = error instanceof Error && error.name === "RunInternalError";
    process.stderr.write(`internal error: ${described ? error.message : describeError(error)}\n`);
    return EXIT.internal;
  }
}
