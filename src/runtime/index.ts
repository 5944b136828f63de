// The runtime: what makes accepted wakes and runs happen. It recovers from crashes at start, runs the
// worker loop for agent runs, the heartbeat schedule of the main session and the queue of replies to send.
import { setTimeout as delay } from "node:timers/promises";
import type { Logger } from "pino";
import type { ResolvedConfig } from "../config/types.js";
import { metrics } from "../core/metrics.js";
import { PAUSE_KINDS } from "../store/pause.js";
import type { CoalesceTemplates, HeartbeatRecord, Pause, RunRecord, Store } from "../store/types.js";
import { Alerter } from "./alerts.js";
import type { RateGate } from "./delivery/rate-gate.js";
import type { Delivery } from "./delivery/types.js";
import { DeliveryQueue } from "./delivery-queue.js";
import type { RuntimeDeps } from "./deps.js";
import { FlowRelease } from "./flow-release.js";
import { runHeartbeat } from "./heartbeat.js";
import { type HeartbeatReason, HeartbeatScheduler } from "./heartbeat-scheduler.js";
import { IssueRecorder } from "./issues.js";
import { resolveAgent } from "./resolve.js";
import { RunCallbacks } from "./run-callbacks.js";
import { executeRun, noteRunOutcome } from "./run-executor.js";
import { createRunner, type Runner, RunnerError } from "./runners/index.js";
import { SharedWork } from "./shared-work.js";
import { summaryLine } from "./summary.js";
import { realTimers, type Timers } from "./timers.js";
import type { Runtime } from "./types.js";
import { RunWorker } from "./worker.js";

/** A run is tried at most this often: a run cut off twice by a crash is failed as `interrupted`. */
const MAX_RUN_ATTEMPTS = 2;
/** How long stop() waits beyond the grace period for cut-off work to settle before closing the store. */
const STOP_EXTRA_MS = 2000;

export interface RuntimeOptions {
  config: ResolvedConfig;
  store: Store;
  log: Logger;
  /** Default: the channel adapters of src/runtime/delivery. */
  delivery?: Delivery;
  fetch?: typeof fetch;
  now?: () => number;
  /** Heartbeat clock (tests fire it by hand). */
  timers?: Timers;
  /** How long stop() lets runs in flight finish before cutting them off (default 10 s). */
  stopGraceMs?: number;
  /**
   * Poll for queued runs this often besides runAccepted kicks (default 1000 ms; 5000 ms on a shared
   * store, where signals from the other instances wake the worker and polling is only the fallback;
   * 0 = off).
   */
  pollMs?: number;
  /**
   * false: ingress only (`serve --no-worker`). Nothing runs here: the instances running
   * `hookgate worker` (or `serve`) on the same shared store do the work, woken by the store's signals.
   */
  worker?: boolean;
  /**
   * The mappings' coalesceTemplates, for ending the coalesce windows of mappings with one (the
   * server has the rules; a process without them leaves those windows to one that has).
   */
  coalesceTemplates?: CoalesceTemplates;
}

export interface HookgateRuntime extends Runtime {
  /**
   * Resolves once no run, heartbeat or delivery is in progress (a heartbeat still waiting out its
   * coalescing window is not started).
   */
  idle(): Promise<void>;
  /**
   * Runs one heartbeat at once, outside the schedule (tests, `worker`); null when it was skipped. Its
   * reply, if any, is queued for delivery: the record shows the delivery `pending`.
   */
  heartbeatNow(reason?: HeartbeatReason): Promise<HeartbeatRecord | null>;
  /** The heartbeat schedule, for inspection. */
  readonly heartbeat: HeartbeatScheduler;
  /** Runs waiting for an agent's later reply at their callback URL (the http runner). */
  readonly callbacks: RunCallbacks;
  /** Replies being sent or waiting to be, for inspection. */
  readonly deliveries: DeliveryQueue;
  /**
   * A reloaded config: runs, heartbeats and deliveries that start from now on read it (agents,
   * providers, channels, delivery, heartbeat); work in progress finishes with the config it started
   * with. The store and agents.defaults.maxConcurrentRuns stay as they were started.
   */
  reconfigure(config: ResolvedConfig): Promise<void>;
}

export function createRuntime(opts: RuntimeOptions): HookgateRuntime {
  const { store, log } = opts;
  let config = opts.config;
  const now = opts.now ?? Date.now;
  const shutdown = new AbortController();
  const runners = new Map<string, Runner>();
  // An answer posted to this instance wakes its run at once; one posted to another is seen here within a second.
  const callbacks = new RunCallbacks({ store, now, pollMs: 1000 });
  let delivery: Delivery | undefined = opts.delivery;
  let resuming: Promise<void> | null = null;

  const runnerFor = (agentId: string): Runner => {
    let runner = runners.get(agentId);
    if (!runner) {
      runner = createRunner(resolveAgent(config, agentId), {
        config,
        callbacks,
        ...(opts.fetch ? { fetch: opts.fetch } : {}),
      });
      runners.set(agentId, runner);
    }
    return runner;
  };
  const alerter = new Alerter({
    config: () => config,
    // An instance that runs nothing (serve --no-worker) still tells of the signatures failing there.
    delivery: async () => (delivery ??= await buildDelivery()),
    log,
  });
  const issues = new IssueRecorder({ store, log, onChanges: (changes) => alerter.notify(changes) });
  // Created with the first delivery and kept across reloads: a wait a service asked for still holds.
  let gate: RateGate | undefined;
  const buildDelivery = async (): Promise<Delivery> => {
    const { createDelivery, RateGate } = await import("./delivery/index.js");
    gate ??= new RateGate(Date.now, (ms) => delay(ms).then(() => undefined));
    return createDelivery({
      config,
      store,
      log,
      gate,
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
      // A run's reply that could not be sent is an issue of its channel; one sent closes them.
      onSettled: (state, runId) => {
        if (!runId || !state.channel) return;
        const subject = `channel:${state.channel}`;
        if (state.status === "sent") issues.succeeded({ subject, at: state.updatedAt });
        else if (state.status === "failed")
          issues.failed({ kind: "delivery", subject, code: "DELIVERY_FAILED", runId, at: state.updatedAt });
      },
    });
  };
  const getDelivery = (): Delivery => {
    if (!delivery) throw new Error("delivery is not ready: start() the runtime first");
    return delivery;
  };

  const deliveries = new DeliveryQueue({ log, shutdown: shutdown.signal });
  const deps: RuntimeDeps = {
    // Read when a run or heartbeat starts: a reload applies to the next one.
    get config() {
      return config;
    },
    store,
    delivery: getDelivery,
    deliveries,
    runnerFor,
    log,
    now,
    issues,
    shutdown: shutdown.signal,
    requestHeartbeat: (reason) =>
      sharedWork ? sharedWork.requestHeartbeat(reason) : scheduler.request(reason),
  };
  const scheduler = new HeartbeatScheduler({
    everyMs: config.heartbeat.everyMs,
    coalesceMs: config.heartbeat.coalesceMs,
    timers: opts.timers ?? realTimers,
    log,
    beat: async (reason) => {
      await runHeartbeat(deps, reason);
    },
  });

  const worker = new RunWorker({
    store,
    maxConcurrent: config.agents.defaults.maxConcurrentRuns,
    log,
    now,
    pollMs: opts.pollMs ?? (store.shared ? 5000 : 1000),
    execute: async (run) => {
      try {
        await executeRun(deps, run);
      } catch (err) {
        // A runner that cannot be built, or a store failure: record it rather than leave the run `running`.
        const error = err instanceof RunnerError ? err.message : `internal error: ${(err as Error).message}`;
        log.error({ err, runId: run.id }, "run aborted by an internal error");
        metrics.runs.inc({ status: "failed" });
        const at = now();
        await store.finishRun(
          run.id,
          { status: "failed", error, finishedAt: at },
          { event: { text: summaryLine(run.name, "failed", error), source: run.name, mode: run.wakeMode } },
        );
        noteRunOutcome(
          deps,
          run.id,
          run.resolvedAgentId ?? run.agentId ?? resolveAgent(config).id,
          "failed",
          at,
          error,
        );
      }
    },
  });

  async function recover(): Promise<void> {
    // Runs given up on still tell the main session, like every other finished run.
    const { requeued, failed } = await store.recoverInterrupted(
      MAX_RUN_ATTEMPTS,
      now(),
      (run: RunRecord) => ({
        text: summaryLine(run.name, "failed", "interrupted"),
        source: run.name,
        mode: run.wakeMode,
      }),
    );
    if (requeued || failed) log.warn({ requeued, failed }, "recovered runs interrupted by a stop or crash");
    if (requeued) worker.kick();
  }

  const runsWork = opts.worker !== false;
  const pollMs = opts.pollMs ?? (store.shared ? 5000 : 1000);
  const wakeAdded = (mode: "now" | "next-heartbeat") => {
    if (mode !== "now" || !runsWork) return;
    if (sharedWork) sharedWork.wakeAccepted();
    else scheduler.request("now");
  };
  // Windows end on time whatever the store: a shared store's signals carry no timers, so this looks
  // at least once a second.
  // The pauses as last read from the store: the answer says `held` by them, /metrics counts them.
  let pauses: Pause[] = [];
  let pauseReader: NodeJS.Timeout | undefined;
  const pausesSeen = (seen: Pause[]) => {
    pauses = seen;
    metrics.pausedTargets.reset();
    for (const kind of PAUSE_KINDS) {
      metrics.pausedTargets.set({ kind }, seen.filter((p) => p.target.startsWith(`${kind}:`)).length);
    }
  };
  const flowRelease = new FlowRelease({
    store,
    log,
    now,
    everyMs: pollMs === 0 ? 0 : Math.min(pollMs, 1000),
    runsQueued: () => worker.kick(),
    wakeAdded: (mode) => wakeAdded(mode),
    pausesSeen,
    ...(opts.coalesceTemplates && { templates: opts.coalesceTemplates }),
  });
  let resumingAgain: Promise<void> | null = null;
  const sharedWork =
    store.shared && runsWork
      ? new SharedWork({
          shared: store.shared,
          leaseMs: config.store.kind === "postgres" ? config.store.leaseSeconds * 1000 : 30_000,
          log,
          scheduler,
          worker,
          pendingNow: async () => (await store.pendingEvents()).some((e) => e.mode === "now"),
          // Runs and replies of instances that died come back here once their leases ran out.
          recover: async () => {
            await recover();
            // Sending may take minutes of retries: it goes on beside the next ticks, one at a time.
            resumingAgain ??= getDelivery()
              .resumePending()
              .finally(() => {
                resumingAgain = null;
              });
          },
        })
      : null;

  return {
    store,
    heartbeat: scheduler,
    deliveries,
    callbacks,

    issues,

    async start() {
      await issues.start();
      if (!runsWork) {
        // Ingress only: nothing to release or hold here, but the answers say `held` by the pauses.
        if (pollMs > 0) {
          const readPauses = () =>
            store
              .listPauses(now())
              .then(pausesSeen, (err: unknown) => log.error({ err }, "reading pauses failed"));
          pauseReader = setInterval(() => void readPauses(), Math.min(pollMs, 1000));
          pauseReader.unref();
          await readPauses();
        }
        return;
      }
      delivery ??= await buildDelivery();
      await recover();
      resuming = delivery
        .resumePending()
        .catch((err: unknown) => log.error({ err }, "resuming pending deliveries failed"));
      worker.start();
      flowRelease.start();
      if (sharedWork) {
        // The holder of the heartbeat lease starts the schedule (and looks for pending `now` events).
        await sharedWork.start();
        return;
      }
      scheduler.start();
      // A `now` wake acknowledged before a crash still gets its heartbeat.
      const pending = await store.pendingEvents();
      if (pending.some((e) => e.mode === "now")) scheduler.request("start");
    },

    async stop() {
      const grace = opts.stopGraceMs ?? 10_000;
      // After the grace period runs and heartbeats are cut off (they stay `running` for recovery) and
      // replies not yet being sent stay `pending`; a send in flight gets a little longer, then stays
      // `pending` too. resumePending sends them on the next start.
      clearInterval(pauseReader);
      const cutOff = setTimeout(() => shutdown.abort(), grace);
      let giveUp: NodeJS.Timeout | undefined;
      const drained = async () => {
        await Promise.all([
          flowRelease.stop(),
          worker.stop(),
          scheduler.stop(),
          sharedWork?.stop(),
          resuming,
          resumingAgain,
        ]);
        // Nothing queues a reply any more: let the queue empty.
        await deliveries.settled();
      };
      try {
        await Promise.race([
          drained(),
          new Promise<void>((resolve) => {
            giveUp = setTimeout(resolve, grace + STOP_EXTRA_MS);
          }),
        ]);
      } finally {
        clearTimeout(cutOff);
        clearTimeout(giveUp);
        shutdown.abort();
      }
      await issues.stop();
      await alerter.stop();
      await store.close();
    },

    async reconfigure(next) {
      config = next;
      runners.clear();
      // Sends already under way keep the adapters they started with.
      if (delivery && !opts.delivery) delivery = await buildDelivery();
      scheduler.setPeriod(next.heartbeat.everyMs, next.heartbeat.coalesceMs);
    },

    wakeAccepted(mode) {
      wakeAdded(mode);
    },

    runAccepted() {
      if (runsWork) worker.kick();
    },

    pausedBy(run) {
      return pauses.find(
        (p) =>
          (run.mappingId !== undefined && p.target === `mapping:${run.mappingId}`) ||
          (run.pack !== undefined && p.target === `pack:${run.pack}`) ||
          (run.lane !== undefined && p.target === `lane:${run.lane.name}`),
      );
    },

    async pausesChanged() {
      if (runsWork) {
        // A look already under way may have read the pauses before the change: one more after it.
        await flowRelease.tick();
        await flowRelease.tick();
      } else pausesSeen(await store.listPauses(now()));
    },

    async idle() {
      // Runs and heartbeats queue deliveries and request heartbeats: wait until all three are quiet.
      do {
        await Promise.all([worker.settled(), scheduler.current, deliveries.settled()]);
      } while (worker.busy || scheduler.current || deliveries.sending > 0);
    },

    heartbeatNow(reason = "now") {
      return runHeartbeat(deps, reason);
    },
  };
}

export type { Runtime } from "./types.js";
