// The info line that sums up the requests of an interval, in place of one info line per request:
// the request log already keeps every request's facts, and a line per request cost 11–15 µs of a
// mapped wake's CPU (test/bench/README.md). Counts per status and per refusal code, and the
// latencies' p50, p99 and max over the interval.
import type { Logger } from "pino";

/** Latencies kept per interval at most; past it, a uniform sample of them (reservoir sampling). */
const MAX_SAMPLES = 16_384;

export class RequestSummary {
  private requests = 0;
  private statuses: Record<string, number> = {};
  private codes: Record<string, number> = {};
  private ms = new Float64Array(MAX_SAMPLES);
  private kept = 0;
  private maxMs = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly log: Logger,
    everySeconds: number,
  ) {
    this.timer = setInterval(() => this.emit(), everySeconds * 1000);
    this.timer.unref();
  }

  add(status: number, ms: number, code: string | undefined): void {
    this.requests++;
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
    if (code !== undefined) this.codes[code] = (this.codes[code] ?? 0) + 1;
    if (ms > this.maxMs) this.maxMs = ms;
    if (this.kept < MAX_SAMPLES) this.ms[this.kept++] = ms;
    else {
      const at = Math.floor(Math.random() * this.requests);
      if (at < MAX_SAMPLES) this.ms[at] = ms;
    }
  }

  /** Logs the interval's line (none without requests) and starts the next interval. */
  emit(): void {
    if (this.requests === 0) return;
    const sorted = this.ms.subarray(0, this.kept).sort();
    const at = (p: number) => round(sorted[Math.min(this.kept - 1, Math.ceil(p * this.kept) - 1)]!);
    this.log.info(
      {
        requests: this.requests,
        statuses: this.statuses,
        ...(Object.keys(this.codes).length > 0 && { codes: this.codes }),
        p50Ms: at(0.5),
        p99Ms: at(0.99),
        maxMs: round(this.maxMs),
      },
      "requests served",
    );
    this.requests = 0;
    this.statuses = {};
    this.codes = {};
    this.kept = 0;
    this.maxMs = 0;
  }

  /** The last interval's line, at shutdown. */
  close(): void {
    clearInterval(this.timer);
    this.emit();
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;
