/** `smcp-conformance list [vectors|suites|implementations]`: what a run can select, before running it. */
import { loadCorpus } from "../corpus/load-corpus.ts";
import { selectVectors } from "../corpus/select.ts";
import { defaultNames, knownNames } from "../impl/registry.ts";
import { applies, protocolLabel } from "../model/protocols.ts";
import { line } from "../report/escape.ts";
import { didYouMean } from "../util/did-you-mean.ts";
import { UsageError } from "../util/usage-error.ts";
import { EXIT } from "./exit-code.ts";
import { checkProtocol, list } from "./options.ts";

export const LIST_KINDS = ["vectors", "suites", "implementations"] as const;

export interface ListOptions {
  readonly suite?: string;
  readonly filter?: string;
  readonly tier?: string;
  readonly vectors: string[];
  readonly json?: boolean;
  /** Only the vectors that apply at this protocol version (a draft included). */
  readonly protocol?: string;
}

export function listCommand(kind: string, options: ListOptions): number {
  if (!(LIST_KINDS as readonly string[]).includes(kind))
    throw new UsageError(`list: unknown kind "${kind}"${didYouMean(kind, LIST_KINDS)} (one of ${LIST_KINDS.join(", ")})`);
  checkProtocol(options.protocol, "corpora");
  const print = (rows: readonly unknown[], text: () => string[]) =>
    process.stdout.write(options.json ? `${JSON.stringify(rows)}\n` : `${text().join("\n")}\n`);
  if (kind === "implementations") {
    const defaults = new Set(defaultNames());
    const names = knownNames();
    print(
      names.map((name) => ({ name, default: defaults.has(name) })),
      () => names.map((n) => (defaults.has(n) ? `${n}  (in the default matrix)` : n)),
    );
    return EXIT.ok;
  }
  const corpus = loadCorpus({ extraRoots: options.vectors });
  if (kind === "suites") {
    const suites = corpus.suites.map((s) => ({ name: s.name, title: s.title, vectors: s.vectors.length }));
    const w = Math.max(...suites.map((s) => s.name.length));
    print(suites, () => suites.map((s) => line`${s.name.padEnd(w)} ${String(s.vectors).padStart(4)}  ${s.title}`.text));
    return EXIT.ok;
  }
  const selected = selectVectors(corpus, {
    suites: list(options.suite),
    tiers: list(options.tier),
    ...(options.filter ? { filter: options.filter } : {}),
  });
  const protocol = options.protocol;
  const vectors = protocol === undefined ? selected : selected.filter((v) => applies(v, protocol));
  const rows = vectors.map((v) => ({ id: v.id, tier: v.tier, op: v.op, description: v.description }));
  const w = rows.reduce((widest, r) => Math.max(widest, r.id.length), 0); // a spread of a 100k-vector list would overflow the stack
  const columns = process.stdout.columns ?? 120;
  print(rows, () => [
    ...rows.map((r) => {
      const head = `${r.id.padEnd(w)}  ${r.tier.padEnd(7)} `;
      return line`${head}${r.description.slice(0, Math.max(20, columns - head.length - 1))}`.text;
    }),
    protocol === undefined
      ? `${rows.length} vectors`
      : `${rows.length} vectors apply to protocol ${protocolLabel(protocol)} (of ${selected.length} selected)`,
  ]);
  return EXIT.ok;
}
