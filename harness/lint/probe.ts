/**
 * Puts every base to every implementation and explains each rejection: either the implementation
 * rejects even the plainest valid value of that kind (the vector cannot be given a better base:
 * it must stay, and why is the implementation's own answer), or some field of the base is what it
 * trips on (the vector should get a plainer base: the finding names the field).
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

export interface ProbeResult {
  /** Bases put to each implementation (unsupported operations left out). */
  readonly checked: ReadonlyMap<string, number>;
  readonly findings: readonly Finding[];
}

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
  const findings: Finding[] = [];
  const plainAnswers = new Map<string, Promise<string | null>>();
  const ask = async (impl: Implementation, probe: Probe, value: JsonObject) =>
    describeAnswer((await impl.call(probe.subject.op, { [probe.subject.key]: value })).result);
  await Promise.all(
    implementations.flatMap((impl) =>
      probes.map(async (probe) => {
        const answer = await ask(impl, probe, probe.base);
        if (answer === null) return;
        checked.set(impl.name, (checked.get(impl.name) ?? 0) + 1);
        if (answer === "accepted") return;
        const { kind, base: plain } = probe.subject.plain(probe.base);
        const key = `${impl.name}\u0000${probe.subject.op}\u0000${kind}`;
        if (!plainAnswers.has(key)) plainAnswers.set(key, ask(impl, probe, plain));
        const plainAnswer = await plainAnswers.get(key)!;
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
  return { checked, findings };
}
