/** The results as Markdown tables: printed by `npm run bench` and pasted into BENCHMARKS.md. */
import type { EfficiencyRow, SpeedUpRow } from "./derived.ts";
import { count, mib, ms, ratio, seconds, withRange } from "./format.ts";
import type { InLanguageRow } from "./in-language.ts";
import type { OneShotRow } from "./one-shot.ts";
import type { BenchResults } from "./results.ts";
import type { ScalingResult, ScalingRow } from "./scaling.ts";
import { type ThroughputResult, type ThroughputRow, WINDOWS } from "./throughput.ts";
import type { WarmMatrixResult } from "./warm-matrix.ts";

function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [line(headers), line(headers.map(() => "---")), ...rows.map(line)].join("\n");
}

const NA = "n/a";

export function renderMachine(r: BenchResults): string {
  const m = r.machine;
  const sdks = Object.entries(r.sdks).map(([name, s]) => `${name}: ${s.sdk}${s.runtime ? `, ${s.runtime}` : ""}`);
  return [
    `- CPU: ${m.cpu}, ${m.cores} cores; memory ${(m.memory_bytes / 2 ** 30).toFixed(1)} GiB; ${m.os}`,
    `- Node ${m.node}; ${m.python ?? "python3 not found"}; ${m.rustc ?? "rustc not found"}`,
    `- SDKs (from the handshakes): ${sdks.join("; ") || "none started"}; Rust adapter built with opt-level ${m.rust_opt_level ?? "unknown"}`,
    `- kit commit ${m.git.commit?.slice(0, 12) ?? "unknown"}${m.git.uncommitted_changes ? " (with uncommitted changes in the working tree)" : ""}`,
    `- load average (1/5/15 min) at start ${m.load_at_start.join(" / ")}, at end ${m.load_at_end.join(" / ")}; 1-min load as each section started: ${Object.entries(
      m.load_by_section,
    )
      .map(([s, l]) => `${s} ${l}`)
      .join(", ")}`,
    `- ${r.options.reps} repetitions of about ${r.options.rep_seconds} s each for throughput and in-language${r.options.quick ? " (--quick)" : ""}`,
  ].join("\n");
}

/** One row per implementation × operation, one column per window (in-process has none). */
function byWindow(
  t: ThroughputResult,
  cell: (row: ThroughputRow) => string,
  extra?: { header: string; cell: (atDefault: ThroughputRow | undefined) => string },
): string {
  const keys = [...new Set(t.rows.map((r) => `${r.implementation}\0${r.op}`))];
  const rows = keys.map((key) => {
    const [implementation, op] = key.split("\0") as [string, string];
    const mine = t.rows.filter((r) => r.implementation === implementation && r.op === op);
    const at = (window: number | null) => mine.find((r) => r.window === window && !r.one_per_line);
    const cells = [null, ...WINDOWS].map((w) => {
      const row = at(w);
      return row ? cell(row) : NA;
    });
    const perLine = mine.find((r) => r.one_per_line);
    return [implementation, op, ...cells, perLine ? cell(perLine) : NA, ...(extra ? [extra.cell(at(null) ?? at(t.default_window))] : [])];
  });
  const windows = WINDOWS.map((w) => `window ${w}${w === t.default_window ? " (default)" : ""}`);
  const perLine = `window ${t.default_window}, one call per line (no batches)`;
  return table(["implementation", "operation", "in-process", ...windows, perLine, ...(extra ? [extra.header] : [])], rows);
}

export function renderThroughput(t: ThroughputResult): string {
  return byWindow(t, (row) => withRange(row.cases_per_s, count), {
    header: "answers ok / error",
    cell: (row) => {
      if (!row) return NA;
      const { ok, error, unsupported, fault } = row.outcomes;
      return `${count(ok)} / ${count(error)}${unsupported + fault > 0 ? ` / ${count(unsupported + fault)} other` : ""}`;
    },
  });
}

/** Busy shares, and the harness's CPU time per case: its own cost, whatever the adapter does. */
export function renderCpu(t: ThroughputResult): string {
  return byWindow(t, (row) => {
    const perCase = (row.cpu.harness / row.cases_per_s.median) * 1e6;
    return `${row.cpu.harness.toFixed(2)} / ${row.cpu.adapter === null ? NA : row.cpu.adapter.toFixed(2)} (${perCase.toFixed(1)} µs)`;
  });
}

export function renderEfficiency(inLanguage: readonly InLanguageRow[], rows: readonly EfficiencyRow[]): string {
  return table(
    [
      "implementation",
      "operation",
      "in-language cases/s",
      "harness cases/s (default window, paired)",
      "efficiency (paired)",
      "harness best (window)",
      "efficiency at best (unpaired)",
    ],
    inLanguage.map((l) => {
      const r = rows.find((x) => x.implementation === l.implementation && x.op === l.op);
      if (l.not_available || !l.cases_per_s || !l.harness_cases_per_s || !l.efficiency)
        return [l.implementation, l.op, `not available: ${l.not_available ?? "no numbers"}`, NA, NA, NA, NA];
      return [
        l.implementation,
        l.op,
        withRange(l.cases_per_s, count),
        withRange(l.harness_cases_per_s, count),
        withRange(l.efficiency, ratio),
        r?.harness_best ? `${count(r.harness_best)} (${r.best_window ?? "in-process"})` : NA,
        r?.efficiency_best ? ratio(r.efficiency_best) : NA,
      ];
    }),
  );
}

export function renderPerProcess(oneShots: readonly OneShotRow[], speedUps: readonly SpeedUpRow[]): string {
  return table(
    ["adapter", "cases", "ms per case (process per case)", "cases/s (process per case)", "cases/s (pipelined, default window)", "speed-up"],
    oneShots.map((o) => {
      const s = speedUps.find((x) => x.implementation === o.implementation);
      return [
        o.implementation,
        String(o.cases),
        withRange(o.per_case_ms, ms),
        ratio(o.cases_per_s),
        s?.pipelined ? count(s.pipelined) : NA,
        s?.speed_up ? `${count(s.speed_up)}×` : NA,
      ];
    }),
  );
}

export function renderColdStart(oneShots: readonly OneShotRow[] | undefined, matrix: WarmMatrixResult | undefined): string {
  const parts: string[] = [];
  if (oneShots) {
    parts.push(
      table(
        ["adapter", "to hello, ms", "to first answer, ms"],
        oneShots.map((o) => [o.implementation, withRange(o.hello_ms, ms), withRange(o.first_answer_ms, ms)]),
      ),
    );
  }
  if (matrix) {
    parts.push(
      table(
        ["warm full matrix", "runs", "wall s", "peak RSS MiB", "cases", "exit codes"],
        [
          [
            "run (all suites × reference, python, rust)",
            String(matrix.runs),
            withRange(matrix.wall_ms, seconds),
            matrix.peak_rss_bytes ? withRange(matrix.peak_rss_bytes, mib) : NA,
            matrix.cases === null ? NA : count(matrix.cases),
            matrix.exit_codes.join(", "),
          ],
        ],
      ),
    );
  }
  return parts.join("\n\n");
}

/** The cost of the cases added since the previous step: fixed costs (start-up, shrinking) cancel out, so a steady value means linear. */
function marginal(previous: ScalingRow | undefined, row: ScalingRow): string {
  if (!previous?.cases || !row.cases || row.cases <= previous.cases) return NA;
  return ratio(((row.wall_ms.median - previous.wall_ms.median) * 1000) / (row.cases - previous.cases));
}

export function renderScaling(s: ScalingResult): string {
  if (s.not_available) return `not available: ${s.not_available}`;
  return table(
    [
      "--runs",
      "cases",
      "repetitions",
      "wall s (spawn → exit)",
      "fuzz's own wall s",
      "µs per case",
      "µs per added case",
      "peak RSS MiB",
      "exit codes",
    ],
    s.rows.map((r, i) => [
      count(r.runs),
      r.cases === null ? NA : count(r.cases),
      String(r.repetitions),
      withRange(r.wall_ms, seconds),
      r.fuzz_wall_ms ? withRange(r.fuzz_wall_ms, seconds) : NA,
      r.cases ? ratio((r.wall_ms.median * 1000) / r.cases) : NA,
      marginal(s.rows[i - 1], r),
      r.peak_rss_bytes ? withRange(r.peak_rss_bytes, mib) : NA,
      `${r.exit_codes.join(", ")}${r.problem ? ` (${r.problem})` : ""}`,
    ]),
  );
}

export function renderTargets(r: BenchResults): string {
  return table(
    ["target", "reached", "status"],
    r.targets.map((t) => [t.target, t.reached, t.status === "met" ? "**met**" : t.status]),
  );
}

export function renderAll(r: BenchResults): string {
  const sections: Array<[string, string | undefined]> = [
    ["Machine", renderMachine(r)],
    ["Throughput (cases/s, median (min–max))", r.throughput && renderThroughput(r.throughput)],
    [
      "CPU busy during throughput: harness / adapter as a share of one core (harness CPU µs per case)",
      r.throughput && renderCpu(r.throughput),
    ],
    ["In-language loop and harness efficiency", r.in_language && renderEfficiency(r.in_language, r.efficiency)],
    ["One process per case (bundle_id.resolve)", r.one_shot && renderPerProcess(r.one_shot, r.speed_up)],
    ["Scaling (differential fuzz, reference + python + rust)", r.scaling && renderScaling(r.scaling)],
    ["Cold start (venv ready, binary built)", (r.one_shot || r.warm_matrix) && renderColdStart(r.one_shot, r.warm_matrix)],
    ["Targets", renderTargets(r)],
    ["Problems", r.problems?.map((p) => `- ${p}`).join("\n")],
  ];
  return sections
    .filter(([, body]) => body !== undefined)
    .map(([title, body]) => `### ${title}\n\n${body}\n`)
    .join("\n");
}
