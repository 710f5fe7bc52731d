/**
 * The run-wide limit on case records. Every record ends up in report.json (and a programmatic run
 * keeps them in memory until then; `run` spools them to disk); the adapter byte budget bounds what
 * an adapter writes, but not what a live case's server records for it (tool arguments, packets,
 * bodies). The records of a run are held
 * to `limit` bytes (their JSON size), shared evenly by its implementations: an implementation
 * whose records pass its share is stopped, the case that passed it and every case it had not
 * finished become `crash` faults naming the limit, and the run still writes its report.
 */
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

  /** Counts a record of `size` (its JSON length) against its implementation's share; false (not counted) when it would pass it. */
  admit(implementation: string, size: number): boolean {
    const held = this.held.get(implementation) ?? 0;
    if (held + size > this.share()) return false;
    this.held.set(implementation, held + size);
    return true;
  }

  /** Why an implementation was stopped: the limit, its share and the flag that sets it. */
  reason(): string {
    return `stopped: its case records passed ${this.share()} bytes, its share of the run's ${this.limit} (the per-run limit on case records held, --max-record-bytes)`;
  }
}
