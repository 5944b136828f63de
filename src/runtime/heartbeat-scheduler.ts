// When heartbeats happen. Periodic every `everyMs` (0 = never); requested ones (`now` wakes, runs
// with wakeMode now) wait `coalesceMs` so that a burst of requests shares one heartbeat. Never two at
// once: anything asking during a running heartbeat gets exactly one more heartbeat after it.
import type { Logger } from "pino";
import type { Timers } from "./timers.js";

/** `signal`: another instance sharing the store asked (a `now` wake or a run it took in or finished). */
export type HeartbeatReason = "now" | "run" | "periodic" | "start" | "backlog" | "signal";

export interface HeartbeatSchedulerOptions {
  everyMs: number;
  coalesceMs: number;
  timers: Timers;
  log: Logger;
  /** Performs one heartbeat; its errors are logged, never thrown at the requester. */
  beat(reason: HeartbeatReason): Promise<void>;
}

export class HeartbeatScheduler {
  private running: Promise<void> | null = null;
  /** Reason of the one heartbeat owed after the running one. */
  private owed: HeartbeatReason | null = null;
  private coalesceTimer: unknown = null;
  private periodicTimer: unknown = null;
  private stopped = true;

  constructor(private readonly opts: HeartbeatSchedulerOptions) {}

  start(): void {
    this.stopped = false;
    this.armPeriodic();
  }

  /** Stops scheduling; resolves once a heartbeat in progress is done. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.owed = null;
    for (const timer of [this.coalesceTimer, this.periodicTimer])
      if (timer !== null) this.opts.timers.clearTimeout(timer);
    this.coalesceTimer = null;
    this.periodicTimer = null;
    await this.running;
  }

  /** A new period (a reloaded config): the next periodic heartbeat is one new period from now. */
  setPeriod(everyMs: number, coalesceMs: number): void {
    this.opts.coalesceMs = coalesceMs;
    if (everyMs === this.opts.everyMs) return;
    this.opts.everyMs = everyMs;
    if (this.periodicTimer !== null) this.opts.timers.clearTimeout(this.periodicTimer);
    this.periodicTimer = null;
    this.armPeriodic();
  }

  /** Asks for a heartbeat soon; requests within the coalescing window share one. */
  request(reason: HeartbeatReason): void {
    if (this.stopped) return;
    if (this.running) {
      this.owed ??= reason;
      return;
    }
    if (this.coalesceTimer !== null) return;
    this.coalesceTimer = this.opts.timers.setTimeout(() => {
      this.coalesceTimer = null;
      this.fire(reason);
    }, this.opts.coalesceMs);
  }

  /** The heartbeat in progress, if any (tests and shutdown wait on it). */
  get current(): Promise<void> | null {
    return this.running;
  }

  /** true while a requested heartbeat waits out its coalescing window. */
  get requested(): boolean {
    return this.coalesceTimer !== null;
  }

  private armPeriodic(): void {
    if (this.stopped || this.opts.everyMs <= 0) return;
    this.periodicTimer = this.opts.timers.setTimeout(() => {
      this.periodicTimer = null;
      this.armPeriodic();
      this.fire("periodic");
    }, this.opts.everyMs);
  }

  private fire(reason: HeartbeatReason): void {
    if (this.stopped) return;
    if (this.running) {
      this.owed ??= reason;
      return;
    }
    const beat = this.opts
      .beat(reason)
      .catch((err: unknown) => this.opts.log.error({ err, reason }, "heartbeat failed"))
      .finally(() => {
        this.running = null;
        const owed = this.owed;
        this.owed = null;
        if (owed) this.request(owed);
      });
    this.running = beat;
  }
}
