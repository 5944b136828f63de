// The worker threads transforms run in, and the watchdog that keeps them from freezing the server.
//
// The sandbox stops transform code at hooks.transformLimits.cpuMs through QuickJS's interrupt
// handler and refuses any answer that comes later, but one built-in call (indexOf over an array-like
// of a billion elements, filling an array near the memory cap) runs to its end without asking the
// handler. On the main thread that would block every request; in a worker the main thread stays free,
// and when a request is still unanswered its budget plus WATCHDOG_MARGIN_MS after the worker started
// it, ends the worker, answers TRANSFORM_TIMEOUT and starts a fresh worker, which rebuilds its
// sandboxes from the bundled sources kept here (each when first needed or when idle, so a restart
// costs a thread start, not a rebuild of every transform). Workers stamp when they start a request in
// memory shared with the main thread, so time a request spent waiting (behind a sandbox build or the
// clean-up after the previous failure, or for the thread to be scheduled) never counts against it.
//
// Each worker takes one request at a time, so a stuck request holds up nobody but itself; requests
// beyond the free workers wait in one bounded queue (a call finding hooks.transformLimits.maxQueued
// jobs waiting, loading work included, is refused with TRANSFORM_BUSY at once). Idle workers do not
// keep the process alive.

import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from "node:worker_threads";
import { addQueueSource, metrics } from "../../core/metrics.js";
import { type EngineModule, engineModule } from "./engine-module.js";
import {
  type AddReply,
  now,
  type ProbeReply,
  READY,
  type Stamps,
  stampsOf,
  type TransformSpec,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStart,
} from "./protocol.js";
import type { RawFailure, RawOutcome } from "./sandbox.js";
import { handoffBudgetMs, type SandboxLimits, SETUP_BUDGET_MS } from "./types.js";
import { defaultFlagsWhileThreadStarts } from "./v8-flags.js";

/**
 * Time past a request's own budget before its worker is ended. The sandbox answers a timeout itself
 * within a millisecond or so of the budget; only work it cannot interrupt gets this far.
 */
const WATCHDOG_MARGIN_MS = 100;
/** Time a worker may take to load its code and report ready. */
const START_BUDGET_MS = 10_000;
/** Consecutive failed worker starts wait this long, doubled each time, up to 30 s. */
const RESTART_BACKOFF_MS = 100;

export interface PoolOptions {
  limits: SandboxLimits;
  workers: number;
  maxQueued: number;
}

interface Job {
  request: WorkerRequest;
  /** The request's own time limit; the watchdog adds its margin. */
  budgetMs: number;
  /** Receives the one answer: the worker's, or a failure from here. Never throws. */
  done(reply: WorkerReply): void;
  /** The answer when the watchdog ends the worker. */
  late(): WorkerReply;
}

interface Slot {
  /** Between spawn() and the worker's creation (the engine's code is being compiled). */
  spawning: boolean;
  worker: Worker | null;
  /** Requests go out and answers come back on this port (receiveMessageOnPort reads it synchronously). */
  port: MessagePort | null;
  /** Whether the worker and its port keep the process alive (they do while work waits for them). */
  held: boolean;
  stamps: Stamps | null;
  ready: boolean;
  job: Job | null;
  seq: number;
  sentAt: number;
  timer: NodeJS.Timeout | null;
  /** Requests for this worker only (building a newly loaded transform). */
  directed: Job[];
  /** Consecutive starts that failed, and why the last one did. */
  failures: number;
  failure: string;
  retry: NodeJS.Timeout | null;
  /** Sets a short command's V8 flags again once the starting worker is ready (v8-flags.ts). */
  flagsBack: (() => void) | null;
}

export class TransformPool {
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private readonly specs = new Map<number, TransformSpec>();
  private readonly maxQueued: number;
  private started = false;
  private closed = false;
  /** An unref of idle workers is scheduled (updateHolds). */
  private releasing = false;
  /** Removes this pool's waiting calls from the metrics' queue depths. */
  private unlistQueue: (() => void) | null = null;

  constructor(private readonly options: PoolOptions) {
    const count = Math.max(1, Math.floor(options.workers || 1));
    this.maxQueued = Math.max(0, Math.floor(options.maxQueued ?? 0));
    this.slots = Array.from({ length: count }, () => ({
      spawning: false,
      worker: null,
      port: null,
      held: true,
      stamps: null,
      ready: false,
      job: null,
      seq: 0,
      sentAt: 0,
      timer: null,
      directed: [],
      failures: 0,
      failure: "",
      retry: null,
      flagsBack: null,
    }));
  }

  /** Calls transform `id` with its input's JSON text. Never rejects. */
  call(id: number, input: string): Promise<RawOutcome> {
    if (this.closed) return Promise.resolve(unloaded());
    this.start();
    const broken = this.allBroken();
    if (broken) return Promise.resolve(broken);
    if (this.queue.length >= this.maxQueued && !this.slots.some((s) => s.ready && !s.job)) {
      return Promise.resolve({
        ok: false,
        code: "TRANSFORM_BUSY",
        error: `every transform worker is busy and ${this.maxQueued} calls are already waiting (hooks.transformLimits.maxQueued)`,
      });
    }
    const { cpuMs } = this.options.limits;
    // The input's parse has its own budget in the sandbox, before the call's cpuMs.
    const budgetMs = handoffBudgetMs(input.length) + cpuMs;
    return this.submit<RawOutcome>({ t: "call", seq: 0, id, input }, budgetMs, () => ({
      ok: false,
      code: "TRANSFORM_TIMEOUT",
      error: `the transform ran longer than hooks.transformLimits.cpuMs (${cpuMs} ms) and was stopped by ending its worker thread`,
    }));
  }

  /**
   * Starts the workers now rather than with the first request, so that their start (a thread, the
   * engine's code) overlaps what the caller does meanwhile, such as bundling the first module.
   */
  warm(): void {
    if (!this.closed) this.start();
  }

  /** Runs a module's top-level code once in a worker and lists its exports. Never rejects. */
  probe(module: string, factorySource: string): Promise<ProbeReply> {
    if (this.closed) return Promise.resolve({ ok: false, error: unloaded().error });
    this.start();
    const broken = this.allBroken();
    if (broken) return Promise.resolve({ ok: false, error: broken.error });
    const request: WorkerRequest = { t: "probe", seq: 0, module, factorySource };
    return this.submit<ProbeReply>(request, SETUP_BUDGET_MS, () => ({
      ok: false,
      error: `the module's top-level code ran longer than ${SETUP_BUDGET_MS} ms while loading`,
    }));
  }

  /** Builds a newly loaded transform in every worker (and in every worker started later). */
  async add(spec: TransformSpec): Promise<AddReply> {
    if (this.closed) return { ok: false, error: unloaded().error };
    // Workers started from now on build it before they take requests; the running ones are asked to.
    this.specs.set(spec.id, spec);
    this.start();
    // A worker waiting to be retried after a failed start gets the transform when it starts.
    const running = this.slots.filter((slot) => slot.worker !== null || slot.spawning);
    const replies = await Promise.all(
      running.map((slot) =>
        this.submit<AddReply>(
          { t: "add", seq: 0, spec },
          SETUP_BUDGET_MS,
          () => ({ ok: false, error: `building the sandbox took longer than ${SETUP_BUDGET_MS} ms` }),
          slot,
        ),
      ),
    );
    const failed = replies.find((r) => !r.ok);
    if (failed) this.specs.delete(spec.id);
    return failed ?? { ok: true };
  }

  /** Ends every worker; pending and later calls answer with a failure. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.unlistQueue?.();
    const failure = unloaded();
    for (const slot of this.slots) {
      if (slot.retry) clearTimeout(slot.retry);
      const jobs = [...(slot.job ? [slot.job] : []), ...slot.directed.splice(0)];
      this.stop(slot);
      for (const job of jobs) job.done(asReply(job, failure));
    }
    for (const job of this.queue.splice(0)) job.done(asReply(job, failure));
  }

  private submit<R extends WorkerReply>(
    request: WorkerRequest,
    budgetMs: number,
    late: () => R,
    target?: Slot,
  ): Promise<R> {
    return new Promise<R>((resolve) => {
      const job: Job = { request, budgetMs, late, done: resolve as (reply: WorkerReply) => void };
      if (target) target.directed.push(job);
      else this.queue.push(job);
      this.dispatch();
    });
  }

  /** Hands waiting requests to idle workers; keeps busy workers (only) holding the process open. */
  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.ready && !slot.job) {
        const job = slot.directed.shift() ?? this.queue.shift();
        if (job) this.send(slot, job);
      }
    }
    this.updateHolds();
  }

  /**
   * A caller awaiting an answer must keep the process alive; an idle pool must not. Letting go waits
   * for the next turn of the event loop: a caller that awaits one call and makes the next one at once
   * would otherwise toggle it on every call.
   */
  private updateHolds(): void {
    let idle = false;
    for (const slot of this.slots) {
      if (slot.job !== null || slot.directed.length > 0 || this.queue.length > 0) this.hold(slot, true);
      else idle ||= slot.held;
    }
    if (idle && !this.releasing) {
      this.releasing = true;
      setImmediate(() => {
        this.releasing = false;
        for (const slot of this.slots) {
          if (slot.job === null && slot.directed.length === 0 && this.queue.length === 0)
            this.hold(slot, false);
        }
      });
    }
  }

  /** Refs or unrefs the worker and its port, only on a change (each call costs time per request). */
  private hold(slot: Slot, held: boolean): void {
    if (slot.held === held || !slot.worker || !slot.port) return;
    slot.held = held;
    if (held) {
      slot.worker.ref();
      slot.port.ref();
    } else {
      slot.worker.unref();
      slot.port.unref();
    }
  }

  private send(slot: Slot, job: Job): void {
    slot.job = job;
    slot.seq = (slot.seq % 0x7fffffff) + 1;
    job.request.seq = slot.seq;
    slot.sentAt = now();
    this.arm(slot, job, job.budgetMs + WATCHDOG_MARGIN_MS);
    slot.port!.postMessage(job.request);
  }

  private arm(slot: Slot, job: Job, ms: number): void {
    slot.timer = setTimeout(() => this.watch(slot, job), Math.max(1, Math.ceil(ms)));
  }

  private onMessage(slot: Slot, port: MessagePort, message: WorkerReply | typeof READY): void {
    if (slot.port !== port) return;
    if (message === READY) {
      this.restoreFlags(slot);
      this.clearTimer(slot);
      slot.ready = true;
      slot.failures = 0;
      slot.failure = "";
      this.dispatch();
      return;
    }
    const job = slot.job;
    if (!job) return;
    this.clearTimer(slot);
    slot.job = null;
    job.done(message);
    this.dispatch();
  }

  /** The watchdog: decides, from the worker's own stamp, whether the request is past its deadline. */
  private watch(slot: Slot, job: Job): void {
    slot.timer = null;
    if (slot.job !== job) return;
    // The answer may be waiting behind this timer in the event loop: it counts if it is there.
    const waiting = slot.port ? receiveMessageOnPort(slot.port) : undefined;
    if (waiting) {
      this.onMessage(slot, slot.port!, waiting.message as WorkerReply);
      return;
    }
    const stamps = slot.stamps!;
    const t = now();
    let deadline: number;
    if (Atomics.load(stamps.seq, 0) === slot.seq) {
      deadline = stamps.startedAt[0]! + job.budgetMs + WATCHDOG_MARGIN_MS;
    } else {
      // Not started yet: the worker is still building a sandbox or cleaning up after its last request
      // (each bounded by the setup budget), or it is not scheduled at all.
      deadline = slot.sentAt + SETUP_BUDGET_MS + job.budgetMs + WATCHDOG_MARGIN_MS;
    }
    if (t < deadline) {
      this.arm(slot, job, Math.min(deadline - t, WATCHDOG_MARGIN_MS));
      return;
    }
    slot.job = null;
    job.done(job.late());
    metrics.transformRestarts.inc({ reason: "timeout" });
    this.restart(slot);
  }

  /** The worker stopped by itself (an uncaught error, an exit) or failed to start. */
  private onExit(slot: Slot, worker: Worker, why: string): void {
    if (slot.worker !== worker) return;
    const wasReady = slot.ready;
    const job = slot.job;
    slot.job = null;
    this.clearTimer(slot);
    if (job) {
      job.done(
        asReply(job, {
          ok: false,
          code: "TRANSFORM_THREW",
          error: `the transform worker stopped (${why}); it is restarted for the next call`,
        }),
      );
    }
    if (wasReady) {
      metrics.transformRestarts.inc({ reason: "exit" });
      this.restart(slot);
    } else {
      this.startFailed(slot, why);
    }
  }

  /** The worker never got ready: try again later, and fail what would otherwise wait for nobody. */
  private startFailed(slot: Slot, why: string): void {
    this.stop(slot);
    metrics.transformRestarts.inc({ reason: "start_failed" });
    slot.failures += 1;
    slot.failure = why;
    const failure = this.allBroken();
    if (failure) for (const job of this.queue.splice(0)) job.done(asReply(job, failure));
    this.settleDirected(slot, { ok: false, error: `the transform worker could not start: ${why}` });
    const delay = Math.min(30_000, RESTART_BACKOFF_MS * 2 ** (slot.failures - 1));
    slot.retry = setTimeout(() => {
      slot.retry = null;
      if (!this.closed) this.spawn(slot);
    }, delay);
    slot.retry.unref();
  }

  private restart(slot: Slot): void {
    this.stop(slot);
    // The new worker builds every registered transform before it takes requests.
    this.settleDirected(slot, { ok: true });
    if (!this.closed) this.spawn(slot);
    this.dispatch();
  }

  private settleDirected(slot: Slot, reply: AddReply): void {
    for (const job of slot.directed.splice(0)) job.done(reply);
  }

  private start(): void {
    if (this.started) return;
    this.started = true;
    this.unlistQueue = addQueueSource(() => ({ transform_calls_waiting: this.queue.length }));
    for (const slot of this.slots) this.spawn(slot);
  }

  private spawn(slot: Slot): void {
    slot.spawning = true;
    engineModule().then(
      (engine) => {
        slot.spawning = false;
        if (!this.closed) this.spawnWith(slot, engine);
      },
      (err: unknown) => {
        slot.spawning = false;
        if (!this.closed) this.startFailed(slot, err instanceof Error ? err.message : String(err));
      },
    );
  }

  private spawnWith(slot: Slot, engine: EngineModule): void {
    const stamps = stampsOf(new SharedArrayBuffer(16));
    const { port1, port2 } = new MessageChannel();
    const start: WorkerStart = {
      limits: this.options.limits,
      specs: [...this.specs.values()],
      engine,
      port: port2,
      shared: stamps.buffer,
    };
    let worker: Worker;
    slot.flagsBack = defaultFlagsWhileThreadStarts();
    try {
      // No Node options of the main process: some are refused in workers (--input-type), none is needed.
      worker = new Worker(workerScript(), { workerData: start, transferList: [port2], execArgv: [] });
    } catch (err) {
      this.restoreFlags(slot);
      port1.close();
      this.startFailed(slot, err instanceof Error ? err.message : String(err));
      return;
    }
    slot.worker = worker;
    slot.port = port1;
    // A new worker and port keep the process alive until dispatch() finds nothing waiting for them.
    slot.held = true;
    slot.stamps = stamps;
    slot.ready = false;
    port1.on("message", (message: WorkerReply | typeof READY) => this.onMessage(slot, port1, message));
    worker.on("error", (err) => this.onExit(slot, worker, err instanceof Error ? err.message : String(err)));
    worker.on("exit", (code) => this.onExit(slot, worker, `exit code ${code}`));
    // A worker reports ready once its code is loaded (it builds sandboxes later): past this it is stuck.
    slot.timer = setTimeout(() => {
      slot.timer = null;
      if (slot.worker === worker && !slot.ready) this.startFailed(slot, "it did not get ready in time");
    }, START_BUDGET_MS);
    slot.timer.unref();
    this.dispatch();
  }

  private restoreFlags(slot: Slot): void {
    slot.flagsBack?.();
    slot.flagsBack = null;
  }

  private stop(slot: Slot): void {
    this.restoreFlags(slot);
    this.clearTimer(slot);
    const worker = slot.worker;
    slot.port?.close();
    slot.worker = null;
    slot.port = null;
    slot.stamps = null;
    slot.ready = false;
    slot.job = null;
    // terminate() ends the thread even inside a WebAssembly loop; nothing waits for it.
    worker?.terminate().catch(() => undefined);
  }

  private clearTimer(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
  }

  /** A failure to answer with when no worker runs and none is starting, else null. */
  private allBroken(): RawFailure | null {
    if (this.slots.some((s) => s.worker !== null || s.spawning)) return null;
    const why = this.slots.find((s) => s.failure)?.failure ?? "no worker is running";
    return {
      ok: false,
      code: "TRANSFORM_THREW",
      error: `the transform worker could not start (${why}); it is retried in the background`,
    };
  }
}

function unloaded(): RawFailure {
  return { ok: false, code: "TRANSFORM_THREW", error: "the transform was unloaded" };
}

/** A call failure in the shape the job expects (loading jobs answer { ok: false, error }). */
function asReply(job: Job, failure: RawFailure): WorkerReply {
  return job.request.t === "call" ? failure : { ok: false, error: failure.error };
}

/**
 * The worker's script: worker.js next to this file in the build. Node cannot start a worker from the
 * TypeScript sources the test runner executes, so from there the build is used (test/global-setup.ts
 * builds dist/ before every test run).
 */
function workerScript(): URL {
  const here = import.meta.url;
  return here.endsWith(".ts")
    ? new URL("../../../dist/engine/transform/worker.js", here)
    : new URL("./worker.js", here);
}
