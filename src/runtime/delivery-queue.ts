// Replies on their way to a chat. Sending retries for minutes while a channel is down, so it runs in a
// pool of its own instead of in the run slot or heartbeat that produced the reply. A run's `pending`
// delivery state is stored before its send is queued, so a send that shutdown cuts off, or that never
// got to start, is finished by resumePending on the next start.
import type { Logger } from "pino";

/** Sends at once at most; more wait their turn. */
const DELIVERY_CONCURRENCY = 4;

export interface DeliveryJob {
  /** Names the reply in logs, e.g. `run run-1` or `heartbeat 7`. */
  what: string;
  /** Jobs sharing a lane are sent one after another, in the order queued (e.g. heartbeat replies). */
  lane?: string;
  /** Sends and records the outcome; errors are logged. */
  send(): Promise<void>;
}

export interface DeliveryQueueOptions {
  log: Logger;
  /** Once aborted, waiting jobs are dropped and no new one starts; sends in flight go on. */
  shutdown: AbortSignal;
  concurrency?: number;
}

export class DeliveryQueue {
  private readonly queue: DeliveryJob[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly busyLanes = new Set<string>();
  private readonly concurrency: number;

  constructor(private readonly opts: DeliveryQueueOptions) {
    this.concurrency = opts.concurrency ?? DELIVERY_CONCURRENCY;
    opts.shutdown.addEventListener("abort", () => this.dropWaiting(), { once: true });
  }

  enqueue(job: DeliveryJob): void {
    if (this.opts.shutdown.aborted) {
      this.leave([job.what]);
      return;
    }
    this.queue.push(job);
    this.pump();
  }

  /** Sends in progress. */
  get sending(): number {
    return this.inFlight.size;
  }

  /** Jobs queued behind the sends in progress. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Resolves once nothing is being sent or waiting to be sent (new jobs may be queued right after). */
  async settled(): Promise<void> {
    // Waiting jobs always sit behind a send in flight (a free slot or lane starts them at once).
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private pump(): void {
    let i = 0;
    while (i < this.queue.length && this.inFlight.size < this.concurrency && !this.opts.shutdown.aborted) {
      const job = this.queue[i]!;
      if (job.lane !== undefined && this.busyLanes.has(job.lane)) {
        i += 1;
        continue;
      }
      this.queue.splice(i, 1);
      this.start(job);
    }
  }

  private start(job: DeliveryJob): void {
    if (job.lane !== undefined) this.busyLanes.add(job.lane);
    const sending: Promise<void> = Promise.resolve()
      .then(() => job.send())
      .catch((err: unknown) => this.opts.log.error({ err, reply: job.what }, "delivery failed"))
      .finally(() => {
        this.inFlight.delete(sending);
        if (job.lane !== undefined) this.busyLanes.delete(job.lane);
        this.pump();
      });
    this.inFlight.add(sending);
  }

  private dropWaiting(): void {
    if (this.queue.length > 0) this.leave(this.queue.splice(0).map((j) => j.what));
  }

  private leave(replies: string[]): void {
    // Run replies stay `pending` in the store; a heartbeat reply exists only here and is lost.
    this.opts.log.warn(
      { replies },
      "stopping before these replies were sent; run replies are sent on the next start",
    );
  }
}
