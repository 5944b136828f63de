// A transform worker thread: holds one QuickJS sandbox per loaded transform and answers the pool's
// requests one at a time (see protocol.ts). It exists so that the main thread can end a computation
// the sandbox cannot interrupt (one long built-in call) by ending the thread; QuickJS, not the
// thread, is what keeps transform code away from the host.
import { isMainThread, workerData } from "node:worker_threads";
import { useEngineModule } from "./engine-module.js";
import {
  type AddReply,
  now,
  type ProbeReply,
  READY,
  stampsOf,
  type TransformSpec,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStart,
} from "./protocol.js";
import { type RawFailure, Sandbox, SandboxStartError } from "./sandbox.js";

if (isMainThread) throw new Error("worker.ts runs only as a worker thread of the transform pool");
const start = workerData as WorkerStart;
const { port } = start;
const stamps = stampsOf(start.shared);
useEngineModule(start.engine);
const sandboxes = new Map<number, Sandbox>();
/** Every transform this worker serves: the ones it started with and the ones added since. */
const specs = new Map<number, TransformSpec>(start.specs.map((spec) => [spec.id, spec]));
/** Why the sandbox of a transform could not be built here. */
const broken = new Map<number, string>();

async function build(spec: TransformSpec): Promise<AddReply> {
  specs.set(spec.id, spec);
  const sandbox = new Sandbox({ ...spec, limits: start.limits });
  try {
    await sandbox.start();
  } catch (err) {
    sandbox.dispose();
    const error = err instanceof Error ? err.message : String(err);
    broken.set(spec.id, error);
    return { ok: false, error };
  }
  sandboxes.get(spec.id)?.dispose();
  sandboxes.set(spec.id, sandbox);
  broken.delete(spec.id);
  return { ok: true };
}

/** Builds the transform's sandbox unless this worker already has it, or already failed to build it. */
async function ensureBuilt(spec: TransformSpec): Promise<AddReply> {
  if (sandboxes.has(spec.id)) return { ok: true };
  const error = broken.get(spec.id);
  return error !== undefined ? { ok: false, error } : build(spec);
}

/** The sandbox of transform `id`, built now if this worker has not built it yet. */
async function sandboxOf(id: number): Promise<Sandbox | undefined> {
  const spec = specs.get(id);
  if (spec) await ensureBuilt(spec);
  return sandboxes.get(id);
}

async function probe(module: string, factorySource: string): Promise<ProbeReply> {
  const sandbox = new Sandbox({ module, factorySource, exportName: "", limits: start.limits });
  try {
    await sandbox.start();
    const listed = sandbox.listExports();
    if (!listed.ok) return { ok: false, error: `the module failed while loading: ${listed.error}` };
    return listed;
  } catch (err) {
    if (err instanceof SandboxStartError) return { ok: false, error: err.message };
    throw err;
  } finally {
    sandbox.dispose();
  }
}

function missing(id: number): RawFailure {
  const why = broken.get(id);
  return {
    ok: false,
    code: "TRANSFORM_THREW",
    error: why ? `the sandbox could not start: ${why}` : "the transform is not loaded in this worker",
  };
}

/** The watchdog's clock for a request starts here, once what it needs is built. */
function started(seq: number): void {
  stamps.startedAt[0] = now();
  Atomics.store(stamps.seq, 0, seq);
}

async function handle(request: WorkerRequest): Promise<void> {
  let replied = false;
  const reply = (message: WorkerReply) => {
    replied = true;
    port.postMessage(message);
  };
  try {
    switch (request.t) {
      case "call": {
        const sandbox = await sandboxOf(request.id);
        started(request.seq);
        reply(sandbox ? sandbox.call(request.input) : missing(request.id));
        // Cleaning up after a failure happens after answering, never inside a call's time.
        await sandbox?.maintain();
        return;
      }
      case "add":
        started(request.seq);
        // A worker started after the load may have built it already from its start list.
        reply(await ensureBuilt(request.spec));
        return;
      case "probe":
        started(request.seq);
        reply(await probe(request.module, request.factorySource));
        return;
    }
  } catch (err) {
    // Only host-side faults get here; the pool must still get its one answer.
    if (!replied) {
      const error = err instanceof Error ? err.message : String(err);
      reply({ ok: false, code: "TRANSFORM_THREW", error: `the transform worker failed: ${error}` });
    }
  }
}

// One task at a time, in order: a request arriving while the last one is still cleaning up waits.
let queue: Promise<void> = Promise.resolve();
let waiting = 0;
const run = (task: () => Promise<unknown>): void => {
  waiting += 1;
  queue = queue.then(task).then(
    () => {
      waiting -= 1;
    },
    () => {
      waiting -= 1;
    },
  );
};
port.on("message", (request: WorkerRequest) => {
  if (!callAtOnce(request)) run(() => handle(request));
});

/**
 * The common case without the task queue's promise hops: a call to a built sandbox with nothing
 * else waiting. Returns false to leave the request to handle().
 */
function callAtOnce(request: WorkerRequest): boolean {
  if (waiting > 0 || request.t !== "call") return false;
  const sandbox = sandboxes.get(request.id);
  if (!sandbox?.ready) return false;
  started(request.seq);
  let outcome: WorkerReply;
  try {
    outcome = sandbox.call(request.input);
  } catch (err) {
    // Only host-side faults get here, as in handle().
    const error = err instanceof Error ? err.message : String(err);
    outcome = { ok: false, code: "TRANSFORM_THREW", error: `the transform worker failed: ${error}` };
  }
  port.postMessage(outcome);
  // Cleaning up after a failure happens after answering, never inside a call's time.
  if (!sandbox.ready) run(() => sandbox.maintain());
  return true;
}

// A fresh worker takes requests at once and builds the sandboxes it started with while it is idle,
// one at a time, so that a restart costs little and a request waits behind one build at most.
const unbuilt = [...start.specs];
const warm = (): void => {
  if (waiting > 0) {
    setTimeout(warm, 1);
    return;
  }
  const spec = unbuilt.shift();
  if (!spec) return;
  run(() => ensureBuilt(spec));
  setImmediate(warm);
};
port.postMessage(READY);
setImmediate(warm);
