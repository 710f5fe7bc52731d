/**
 * A wire.server case's stop, re-derived from the stop exchange its evidence keeps: a stop not
 * answered `{stopped: true}` makes the case a fault (run/wire-server-cases.ts), so a report whose
 * case dropped that fault (or gained one the stop does not give) was edited.
 */
import { type StopRecord, serverStopOf } from "../live/server-role.ts";
import type { CallResult } from "../model/implementation.ts";
import type { CaseRecord } from "../model/report.ts";
import { parseFromAdapter, type ResultMessage } from "../protocol/messages.ts";
import { resultOf } from "../protocol/to-result.ts";
import { stopFault } from "../run/wire-server-cases.ts";

export function checkServerStop(c: CaseRecord, problem: (p: string) => void): void {
  const stop = serverStopOf(c.transcript);
  if (!stop) return;
  const fault = stopFault(stopResult(stop, c.op));
  const carried = c.transcript.fault?.detail.startsWith("the Server was not stopped") === true;
  if (fault && !carried) problem(`its Server was not stopped (${fault.message}), but the case does not carry that fault (edited)`);
  if (!fault && carried) problem("the case carries a stop fault, but its Server's stop was answered {stopped: true}");
}

/** The stop's answer as the run read it: its response line, or the kind the record kept when there was none. */
function stopResult(stop: StopRecord, op: string): CallResult {
  if (typeof stop.response === "string") {
    const parsed = parseFromAdapter(stop.response, false, () => op);
    if (parsed.ok && parsed.message.type !== "hello") return resultOf(parsed.message as ResultMessage);
  }
  const kind = stop.result === "timeout" || stop.result === "protocol_error" ? stop.result : "crash";
  return { kind, message: `its stop ended ${stop.result ?? "without a record"}` };
}
