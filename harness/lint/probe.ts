/**
 * Puts every base to every implementation and explains each rejection: either the implementation
 * rejects even the plainest valid value of that kind (the vector cannot be given a better base:
 * it must stay, and why is the implementation's own answer), or some field of the base is what it
 * trips on (the vector should get a plainer base: the finding names the field). An adapter fault
 * (crash, timeout, protocol error) on a base or on the plainest value is a fault, never a finding:
 * a crashing adapter used to be listed as "rejects the plainest valid config".
 */
import type { JsonObject } from "../../adapters/reference/src/index.ts";
import { ABSENT, applyPatch, type Field } from "../generators/objects.ts";
import type { CallResult, Implementation } from "../model/implementation.ts";
import { canonicalJson } from "../util/canonical-json.ts";
import { type Probe, valueAt } from "./isolation.ts";

export interface Finding {
  readonly implementation: string;
  readonly probe: Probe;
  /** What the implementation said of the base. */
  readonly answer: string;
  /** The kind of value (e.g. "sse server config") whose plainest form was tried. */
  readonly kind: string;
  /** Set when the implementation rejects the plainest valid value of the kind too: its answer there. */
  readonly plainAnswer?: string;
  /** Otherwise: the fields whose plain value makes the implementation accept the base. */
  readonly culprits: ReadonlyArray<{ readonly path: string; readonly value: Field }>;
}

/** A base (or the plainest value of its kind) an implementation could not be judged on: it crashed, hung or broke the protocol. */
export interface ProbeFault {
  readonly implementation: string;
  readonly probe: Probe;
  /** `crash: …`, `timeout: …` or `protocol_error: …`. */
  readonly answer: string;
}

export interface ProbeResult {
  /** Bases put to each implementation and answered (unsupported operations and faults left out). */
  readonly checked: ReadonlyMap<string, number>;
  readonly findings: readonly Finding[];
  readonly faults: readonly ProbeFault[];
  /** Bases each implementation answered `unsupported` or `not_applicable`. */
  readonly unsupported: ReadonlyMap<string, number>;
}

const isFaultResult = (result: CallResult) => result.kind === "crash" || result.kind === "timeout" || result.kind === "protocol_error";

/** `accepted`, `rejected <reason>`, `error <reason>: …`, or the fault; null when the operation is unsupported. */
export function describeAnswer(result: CallResult): string | null {
  switch (result.kind) {
    case "ok": {
      const out = result.output as { accepted?: unknown; reason?: unknown; detail?: unknown } | null;
      if (out?.accepted === true) return "accepted";
      const detail = typeof out?.detail === "string" ? ` (${out.detail})` : "";
      return `rejected ${String(out?.reason ?? "")}${detail}`;
    }
    case "error":
      return `error ${result.error.reason}: ${result.error.message}`;
    case "unsupported":
    case "not_applicable":
      return null;
    default:
      return `${result.kind}: ${result.message}`;
  }
}

export async function probeAll(probes: readonly Probe[], implementations: readonly Implementation[]): Promise<ProbeResult> {
  const checked = new Map<string, number>();
  const unsupported = new Map<string, number>();
  const findings: Finding[] = [];
  const faults: ProbeFault[] = [];
  const plainAnswers = new Map<string, Promise<{ answer: string | null; fault: boolean }>>();
  const judge = async (impl: Implementation, probe: Probe, value: JsonObject) => {
    const { result } = await impl.call(probe.subject.op, { [probe.subject.key]: value });
    return { answer: describeAnswer(result), fault: isFaultResult(result) };
  };
  const ask = async (impl: Implementation, probe: Probe, value: JsonObject) => (await judge(impl, probe, value)).answer;
  const count = (map: Map<string, number>, name: string) => map.set(name, (map.get(name) ?? 0) + 1);
  await Promise.all(
    implementations.flatMap((impl) =>
      probes.map(async (probe) => {
        const first = await judge(impl, probe, probe.base);
        const answer = first.answer;
        if (answer === null) return void count(unsupported, impl.name);
        if (first.fault) return void faults.push({ implementation: impl.name, probe, answer });
        count(checked, impl.name);
        if (answer === "accepted") return;
        const { kind, base: plain } = probe.subject.plain(probe.base);
        const key = `${impl.name}\u0000${probe.subject.op}\u0000${kind}`;
        if (!plainAnswers.has(key)) plainAnswers.set(key, judge(impl, probe, plain));
        const plainJudged = await plainAnswers.get(key)!;
        if (plainJudged.fault)
          return void faults.push({ implementation: impl.name, probe, answer: `${plainJudged.answer} (on the plainest valid ${kind})` });
        const plainAnswer = plainJudged.answer;
        if (plainAnswer !== "accepted") {
          findings.push({ implementation: impl.name, probe, answer, kind, plainAnswer: plainAnswer ?? "unsupported", culprits: [] });
          return;
        }
        const culprits: Array<{ path: string; value: Field }> = [];
        for (const path of probe.subject.fieldPaths(probe.base, plain)) {
          // A whole map (server_parameters) is tried only when no field inside it was enough.
          if (culprits.some((c) => c.path.startsWith(`${path.join(".")}.`))) continue;
          const value = valueAt(plain, path);
          const before = valueAt(probe.base, path);
          if (value === before || (value !== ABSENT && before !== ABSENT && canonicalJson(value) === canonicalJson(before))) continue;
          if ((await ask(impl, probe, applyPatch(probe.base, { path, value }))) === "accepted")
            culprits.push({ path: path.join("."), value });
        }
        findings.push({ implementation: impl.name, probe, answer, kind, culprits });
      }),
    ),
  );
  return { checked, findings, faults, unsupported };
}
