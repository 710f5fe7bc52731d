/**
 * Request body bytes the scene server holds at once, over all its cases. Each body is read whole
 * (up to 4 MiB) before the SDK sees it; 400 bodies of 3 MB sent at once by one adapter held 1.2 GB
 * plus their parsed copies and ran the harness out of heap. Past the budget a request is refused
 * (503) and recorded as answered by the harness.
 */
export const BODY_BYTES_AT_ONCE = 64 * 1024 * 1024;

export class BodyBudget {
  private held = 0;

  constructor(private readonly limit = BODY_BYTES_AT_ONCE) {}

  /** Reserves `n` bytes; false (nothing reserved) when that would pass the limit. */
  take(n: number): boolean {
    if (this.held + n > this.limit) return false;
    this.held += n;
    return true;
  }

  give(n: number): void {
    this.held = Math.max(0, this.held - n);
  }
}
