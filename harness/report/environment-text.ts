/** The kit and server a report was made with, in one line every view shows: kit version and commit, and the MCP SDKs behind its live cases. */
import { compareVersions, isDraft } from "../model/protocols.ts";
import type { Report } from "../model/report.ts";
import { wireSlotsFor } from "../model/wire-slots.ts";
import { plural } from "../util/plural.ts";

export function kitText(environment: Report["environment"]): string {
  const commit = environment.kit_commit
    ? ` (commit ${environment.kit_commit.slice(0, 12)}${environment.kit_dirty ? ", with local edits" : ""})`
    : "";
  const sdks = Object.entries(environment.mcp_server_sdks ?? {});
  const server = sdks.length > 0 ? `; live cases served by ${sdks.map(([name, version]) => `${name} ${version}`).join(", ")}` : "";
  return `${environment.kit_version}${commit}${server}${slotsText(environment.live_slots)}`;
}

/** The live slots the run chose, and the load it chose them for (the console's own line). */
export function liveSlotsLine(environment: Report["environment"]): string | undefined {
  const text = slotsText(environment.live_slots);
  return text === "" ? undefined : `live cases: ${text.slice(2)}`;
}

/** The live slots the run chose, and the load it chose them for. */
function slotsText(slots: Report["environment"]["live_slots"]): string {
  if (!slots) return "";
  return `; ${slots.wire} wire (${wireSlotsFor(slots.wire, "in-process", 1)} for an in-process one alone) and ${slots.transport} transport cases at once per implementation (${Math.round(slots.busy * 100)}% of ${slots.cores} cores busy with other work at the start, by ${slots.measured_by})`;
}

/** How the run's Computer scenes mounted their MCP servers, when not the default (streamable HTTP): every view says it. */
export function mcpTransportLine(run: Report["run"]): string | undefined {
  if (run?.mcp_transport !== "stdio") return undefined;
  return "MCP servers of the Computer scenes mounted over stdio (the kit's stdio program, bridged to the same scene); a server whose vector is about HTTP stays on streamable HTTP";
}

/**
 * A run judged at an unreleased revision (`--protocol 0.5.0-dev`): said in the banner, with what the
 * draft changes among the selected vectors, so no reader takes its levels for a release's.
 */
export function draftLine(report: Pick<Report, "run" | "vectors">): string | undefined {
  const protocol = report.run?.protocol;
  if (protocol === undefined || !isDraft(protocol)) return undefined;
  const added = report.vectors.filter((v) => v.since === protocol).length;
  const ended = report.vectors.filter((v) => v.until !== undefined && compareVersions(v.until, protocol) < 0).length;
  return `judged at ${protocol}, an unreleased draft: ${plural(added, "selected vector")} new in it, ${plural(ended, "selected vector")} ending before it; a level here is no claim about a release`;
}
