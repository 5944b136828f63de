// Messages between the transform pool (main thread, pool.ts) and its workers (worker.ts). A worker
// handles one request at a time and answers each with exactly one reply, in order, on its own
// MessagePort. Besides, it stamps which request it is running and since when in memory shared with
// the main thread, where the watchdog reads it.
import type { MessagePort } from "node:worker_threads";
import type { EngineModule } from "./engine-module.js";
import type { RawOutcome } from "./sandbox.js";
import type { SandboxLimits } from "./types.js";

/** One loaded transform export, as every worker builds it (again after a restart) from source. */
export interface TransformSpec {
  id: number;
  /** Module path relative to the transforms folder, for messages. */
  module: string;
  /** The bundled factory source (bundle.ts): bundled once on the main thread, kept for restarts. */
  factorySource: string;
  exportName: string;
}

export interface WorkerStart {
  limits: SandboxLimits;
  /** The transforms loaded so far: built when first called, or earlier while the worker is idle. */
  specs: TransformSpec[];
  /** The engine's compiled code, shared with the main thread (quickjs-host.ts). */
  engine: EngineModule;
  port: MessagePort;
  /** Holds the stamps (stampsOf). */
  shared: SharedArrayBuffer;
}

/** seq: numbers the requests of one worker, so that a stamp names the request it belongs to. */
export type WorkerRequest =
  /** Calls transform `id` with the JSON text of its input. */
  | { t: "call"; seq: number; id: number; input: string }
  /** Builds the sandbox of a newly loaded transform. */
  | { t: "add"; seq: number; spec: TransformSpec }
  /** Runs a module's top-level code once and lists its exports (config load). */
  | { t: "probe"; seq: number; module: string; factorySource: string };

/** error: the whole sentence after the module's name. */
export type ProbeReply = { ok: true; exports: Array<[string, string]> } | { ok: false; error: string };
export type AddReply = { ok: true } | { ok: false; error: string };

export type WorkerReply = RawOutcome | ProbeReply | AddReply;

/** Sent once, unprompted, when the worker takes requests (it builds its sandboxes afterwards, when idle). */
export const READY = "ready";

/** seq[0]: the request the worker last started; startedAt[0]: when (now()). */
export interface Stamps {
  buffer: SharedArrayBuffer;
  seq: Int32Array;
  startedAt: Float64Array;
}

export function stampsOf(buffer: SharedArrayBuffer): Stamps {
  return { buffer, seq: new Int32Array(buffer, 0, 1), startedAt: new Float64Array(buffer, 8, 1) };
}

/** Milliseconds on a clock that every thread reads alike. */
export function now(): number {
  return performance.timeOrigin + performance.now();
}
