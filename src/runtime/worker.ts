// The run worker: keeps up to `maxConcurrent` runs going. A kick (run accepted, run finished, poll)
// claims as many queued runs as there are free slots; kicks during a claim are folded into one more.
import type { Logger } from "pino";
import type { RunRecord, Store } from "../store/types.js";

export interface RunWorkerOptions {
  store: Store;
  maxConcurrent: number;
  execute: (run: RunRecord) => Promise<void>;
  log: Logger;
  now: () => number;
  /** Also look for queued runs this often (runs queued by another process); 0 = only on kicks. */
  pollMs: number;
}

export class RunWorker {
  private readonly inFlight = new Set<Promise<void>>();
  private claiming: Promise<void> | null = null;
  private kickAgain = false;
  private stopped = true;
  private pollTimer: NodeJS.Timeout | null = null;

  constructor(private readonly opts: RunWorkerOptions) {}

  start(): void {
    this.stopped = false;
    if (this.opts.pollMs > 0) {
      this.pollTimer = setInterval(() => this.kick(), this.opts.pollMs);
      this.pollTimer.unref();
    }
    this.kick();
  }

  /** Stops claiming; resolves when the runs in flight have settled. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
    await this.claiming;
    await this.settled();
  }

  kick(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.kickAgain = true;
      return;
    }
    this.claiming = this.claim()
      .catch((err: unknown) => this.opts.log.error({ err }, "claiming queued runs failed"))
      .finally(() => {
        this.claiming = null;
        // A kick that arrived after the claim loop's last check would otherwise be lost.
        if (this.kickAgain) this.kick();
      });
  }

  /** true while runs are being claimed or executed. */
  get busy(): boolean {
    return this.claiming !== null || this.inFlight.size > 0;
  }

  /** Resolves once nothing is being claimed or executed (new work may start right after). */
  async settled(): Promise<void> {
    while (this.claiming || this.inFlight.size > 0) {
      await Promise.allSettled([this.claiming, ...this.inFlight]);
    }
  }

  private async claim(): Promise<void> {
    do {
      this.kickAgain = false;
      const free = this.opts.maxConcurrent - this.inFlight.size;
      if (free <= 0 || this.stopped) return;
      const runs = await this.opts.store.claimRuns(free, this.opts.now());
      for (const run of runs) this.track(run);
      // A full batch may mean more are queued.
      if (runs.length === free) this.kickAgain = true;
    } while (this.kickAgain);
  }

  private track(run: RunRecord): void {
    const execution: Promise<void> = this.opts
      .execute(run)
      .catch((err: unknown) => this.opts.log.error({ err, runId: run.id }, "run execution failed"))
      .finally(() => {
        this.inFlight.delete(execution);
        this.kick();
      });
    this.inFlight.add(execution);
  }
}
