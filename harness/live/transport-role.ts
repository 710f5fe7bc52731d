/** The transport role: an SDK's MCP client against the kit's MCP server (harness/transport/). */
import { httpExchangeLines, observedValue, prepareTransportCase, TRANSPORT_OP } from "../transport/index.ts";
import { plural } from "../util/plural.ts";
import { transportRecord } from "./evidence.ts";
import { sentNumbers, type TransportBoxes, transportTimeout } from "./live-timeout.ts";
import { type LiveRole, unpreparable } from "./role.ts";

export const transportRole: LiveRole = {
  name: "transport",
  op: TRANSPORT_OP,
  owns: (t) => transportRecord(t) !== undefined,
  judged(answer) {
    const evidence = transportRecord(answer.transcript);
    if (!evidence || answer.result.kind !== "ok") return answer.result;
    // A box that expired while the SDK was still acting measured the machine, not the SDK: a timeout, not values.
    const hung = (answer.result.output as { hangs?: unknown } | null)?.hangs === true;
    const timedOut = hung && transportTimeout(answer.result.output, evidence, sentBoxes(answer.transcript.request));
    if (timedOut) return timedOut;
    return { kind: "ok", output: observedValue(answer.result.output, evidence) };
  },
  compared: () => undefined,
  sentInput(input, t) {
    if (!t.transport) return input;
    const prepared = prepareTransportCase(input, { caseId: t.transport.case_id, baseUrl: t.transport.base_url });
    return prepared.ok ? prepared.call : unpreparable(prepared.problem);
  },
  behind(answer) {
    const evidence = transportRecord(answer.transcript);
    return evidence ? { show: "exchanges", evidence } : { show: "nothing" };
  },
  exchange(t, preview) {
    const evidence = transportRecord(t);
    if (!evidence) return undefined;
    return {
      heading: `HTTP exchange: ${plural(evidence.exchanges.length, "request")} the case's server saw`,
      lines: httpExchangeLines(evidence, preview),
    };
  },
};

/** The boxes the adapter was given, from the call it was sent. */
function sentBoxes(request: string | null): TransportBoxes | undefined {
  const { connect_time_box_ms: connect, time_box_ms: call } = sentNumbers(request, ["connect_time_box_ms", "time_box_ms"]);
  return connect === undefined || call === undefined ? undefined : { connect_ms: connect, call_ms: call };
}
