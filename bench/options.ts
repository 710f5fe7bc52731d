/** `npm run bench -- [--only a,b] [--quick] [--reps n] [--out file]`. */
import { parseArgs } from "node:util";

export const SECTIONS = ["throughput", "in-language", "per-process", "scaling", "cold-start"] as const;
export type Section = (typeof SECTIONS)[number];

export interface BenchOptions {
  readonly sections: ReadonlySet<Section>;
  /** A smoke pass: shorter repetitions, fewer of them, no 100k scaling step. */
  readonly quick: boolean;
  /** Adds the 1,000,000-case fuzz to the scaling section (minutes on 2 cores, so opt-in). */
  readonly million: boolean;
  readonly reps: number;
  /** Seconds one throughput repetition should last (the call count is sized from the warm-up). */
  readonly repSeconds: number;
  readonly out: string;
}

export const USAGE = `usage: npm run bench -- [--only ${SECTIONS.join(",")}] [--quick] [--million] [--reps n] [--out file.json]`;

/** A bad flag: printed with the usage line, exit code 2, no stack. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

export function parseBenchOptions(argv: readonly string[]): BenchOptions | "help" {
  try {
    return parse(argv);
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) throw new UsageError((error as Error).message);
    throw error;
  }
}

function parse(argv: readonly string[]): BenchOptions | "help" {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      only: { type: "string" },
      quick: { type: "boolean", default: false },
      million: { type: "boolean", default: false },
      reps: { type: "string" },
      out: { type: "string", default: "reports/bench/latest.json" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) return "help";
  const only = (values.only ?? SECTIONS.join(","))
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = only.filter((s) => !(SECTIONS as readonly string[]).includes(s));
  if (unknown.length > 0) throw new UsageError(`unknown section ${unknown.join(", ")}`);
  const quick = values.quick === true;
  const reps = values.reps === undefined ? (quick ? 2 : 5) : Number(values.reps);
  if (!Number.isInteger(reps) || reps < 1) throw new UsageError("--reps needs a positive whole number");
  if (quick && values.million === true) throw new UsageError("--million and --quick do not go together");
  return {
    sections: new Set(only as Section[]),
    quick,
    million: values.million === true,
    reps,
    repSeconds: quick ? 0.25 : 0.5,
    out: values.out!,
  };
}
