// Ends coalesce windows whose time is up (their held runs are queued, or held or dropped by their rate,
// and their wakes become events), and queues the runs held by their rate whose period has come. The
// windows and holds live in the store (they survive a restart, and on a shared store any instance may
// end them); this only looks for due ones, as often as the worker polls. Ending a window composes its
// run's message from the requests it gathered. On the same tick it applies the pauses (also kept in the
// store, so that `hookgate pause` in another process reaches this one): runs of a paused target are
// marked held, those of a pause that ended are queued again.
import type { Logger } from "pino";
import { metrics } from "../core/metrics.js";
import type { CoalesceTemplates, Pause, Store, WakeMode } from "../store/types.js";

export interface FlowReleaseOptions {
  store: Store;
  log: Logger;
  now: () => number;
  everyMs: number;
  /** Runs were queued: the worker should look. */
  runsQueued: () => void;
  /** A wake window became an event of this mode. */
  wakeAdded: (mode: WakeMode) => void;
  /** The pauses in force, after each look. */
  pausesSeen: (pauses: Pause[]) => void;
  /**
   * The mappings' coalesceTemplates (a process with the rules); without it, the windows of mappings
   * with one are left to such a process.
   */
  templates?: CoalesceTemplates;
}

export class FlowRelease {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly opts: FlowReleaseOptions) {}

  start(): void {
    if (this.opts.everyMs <= 0) return;
    this.timer = setInterval(() => void this.tick(), this.opts.everyMs);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One look for due windows (a tick still running is not started twice). */
  tick(): Promise<void> {
    this.running ??= this.release().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async release(): Promise<void> {
    try {
      const { runs, wakes, rated } = await this.opts.store.releaseWindows(
        this.opts.now(),
        this.opts.templates,
      );
      for (const { scope, fate } of rated ?? []) metrics.flowRated.inc({ mapping: scope, outcome: fate });
      if (runs > 0) this.opts.runsQueued();
      for (const mode of wakes) this.opts.wakeAdded(mode);
    } catch (err) {
      this.opts.log.error({ err }, "ending coalesce windows and rate holds failed");
    }
    try {
      const { pauses, queued } = await this.opts.store.applyPauses(this.opts.now());
      this.opts.pausesSeen(pauses);
      if (queued > 0) this.opts.runsQueued();
    } catch (err) {
      this.opts.log.error({ err }, "applying pauses failed");
    }
  }
}
