// The runtime's part in a group of instances sharing one store: signals from the others wake the
// run worker and the heartbeat; one instance at a time holds the heartbeat lease and runs the main
// session's heartbeats (the others pass their requests to it); and every instance regularly takes
// back runs and deliveries whose instance died (their leases ran out).
import type { Logger } from "pino";
import type { SharedStore } from "../store/types.js";
import type { HeartbeatReason, HeartbeatScheduler } from "./heartbeat-scheduler.js";
import type { RunWorker } from "./worker.js";

/** Name of the lease whose holder runs the heartbeats. */
const HEARTBEAT_LEASE = "heartbeat";

export interface SharedWorkOptions {
  shared: SharedStore;
  /** Lease length; leases are renewed, and orphans looked for, every third of it. */
  leaseMs: number;
  log: Logger;
  scheduler: HeartbeatScheduler;
  worker: RunWorker;
  /** Whether pending events asked for a heartbeat (`now`): a new holder of the lease runs one. */
  pendingNow: () => Promise<boolean>;
  /** Takes back the runs and deliveries of instances that died. */
  recover: () => Promise<void>;
}

export class SharedWork {
  private holder = false;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private stopped = false;

  constructor(private readonly opts: SharedWorkOptions) {}

  /** true while this instance runs the heartbeats. */
  get heartbeatHolder(): boolean {
    return this.holder;
  }

  async start(): Promise<void> {
    const { shared, worker, log } = this.opts;
    this.stopListening = await shared.listen(
      (signal) => {
        if (signal === "run") worker.kick();
        else if (this.holder) this.opts.scheduler.request("signal");
      },
      () => {
        // Signals may have been missed while the connection was down.
        worker.kick();
        this.tick(true);
      },
    );
    this.tick();
    await this.ticking;
    this.timer = setInterval(() => this.tick(), Math.max(500, Math.floor(this.opts.leaseMs / 3)));
    this.timer.unref();
    log.debug("working with the other instances of the shared store");
  }

  /** A heartbeat is wanted: here if this instance holds the lease, else by the holder. */
  requestHeartbeat(reason: HeartbeatReason): void {
    if (this.holder) {
      this.opts.scheduler.request(reason);
      return;
    }
    this.opts.shared
      .signal("heartbeat")
      .catch((err: Error) => this.opts.log.warn({ err: err.message }, "could not ask for a heartbeat"));
  }

  /** A `now` wake was accepted here: the store already told the other instances at COMMIT. */
  wakeAccepted(): void {
    if (this.holder) this.opts.scheduler.request("now");
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    await this.stopListening?.();
    if (this.holder) {
      this.holder = false;
      await this.opts.scheduler.stop();
      await this.opts.shared.releaseLease(HEARTBEAT_LEASE).catch(() => {});
    }
  }

  private tick(afterGap = false): void {
    if (this.stopped || this.ticking) return;
    this.ticking = this.step(afterGap).finally(() => {
      this.ticking = null;
    });
  }

  private async step(afterGap: boolean): Promise<void> {
    const { shared, scheduler, log } = this.opts;
    const held = await shared.holdLease(HEARTBEAT_LEASE, this.opts.leaseMs).catch((err: Error) => {
      log.warn({ err: err.message }, "cannot reach the store to keep the heartbeat lease");
      return false;
    });
    if (this.stopped) return;
    if (held && !this.holder) {
      this.holder = true;
      scheduler.start();
      log.info("this instance now runs the main session's heartbeats");
      if (await this.opts.pendingNow().catch(() => false)) scheduler.request("start");
    } else if (!held && this.holder) {
      this.holder = false;
      log.warn("this instance no longer holds the heartbeat lease; another instance runs the heartbeats");
      await scheduler.stop();
    } else if (held && afterGap && (await this.opts.pendingNow().catch(() => false))) {
      scheduler.request("start");
    }
    await this.opts.recover().catch((err: Error) => log.error({ err }, "taking back orphaned work failed"));
  }
}
