/**
 * The run-wide limit on case records held in memory. Every case record stays in memory until the
 * report is written; the adapter byte budget bounds what an adapter writes, but not what a live
 * case's server records for it (tool arguments, packets, bodies). The records of a run are held
 * to `limit` bytes (their JSON size), shared evenly by its implementations: an implementation
 * whose records pass its share is stopped, the case that passed it and every case it had not
 * finished become `crash` faults naming the limit, and the run still writes its report.
 */
import type { CaseRecord } from "../model/report.ts";

/** Case-record bytes one run holds (their JSON size), shared evenly by its implementations. */
export const RECORD_BYTES_PER_RUN = 512 * 1024 * 1024;

export class RecordBudget {
  private readonly held = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly implementations: number,
  ) {}

  /** Each implementation's share of the limit. */
  share(): number {
    return Math.floor(this.limit / Math.max(1, this.implementations));
  }

  /** Counts `record` against its implementation's share; false (not counted) when it would pass it. */
  admit(record: CaseRecord): boolean {
    const size = JSON.stringify(record).length;
    const held = this.held.get(record.implementation) ?? 0;
    if (held + size > this.share()) return false;
    this.held.set(record.implementation, held + size);
    return true;
  }

  /** Why an implementation was stopped: the limit, its share and the flag that sets it. */
  reason(): string {
    return `stopped: its case records passed ${this.share()} bytes, its share of the run's ${this.limit} (the per-run limit on case records held, --max-record-bytes)`;
  }
}
