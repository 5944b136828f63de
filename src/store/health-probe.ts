// A health probe whose answer is shared by the calls within a second of it, so that a flood of
// GET /healthz costs the store one probe (a write, for a writable store) per second.

/** Calls within this time of a probe share its answer. */
const SHARED_FOR_MS = 1000;

export class SharedProbe {
  private last: { at: number; answer: Promise<boolean> } | null = null;

  constructor(private readonly probe: () => Promise<boolean>) {}

  answer(): Promise<boolean> {
    const now = Date.now();
    if (this.last && now - this.last.at < SHARED_FOR_MS) return this.last.answer;
    const answer = this.probe();
    this.last = { at: now, answer };
    return answer;
  }
}
