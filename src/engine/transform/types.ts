// Contract between the rule engine and the transform sandbox.
import type { TransformFailureCode } from "../../core/errors.js";
import type { TransformResult } from "../../types/generated.js";
import type { Verified } from "../verify/types.js";

/** Data handed to a transform: always a deep copy, never host objects. */
export interface TransformInput {
  payload: unknown;
  headers: Record<string, string>;
  query: Record<string, string>;
  path: string;
  /** `{scheme, id, timestamp}` of a request that passed a verify; absent with the hook token. */
  verified?: Verified;
}

export type { TransformFailureCode };

export type TransformOutcome =
  /** result null = skip the request (HTTP 204). */
  { ok: true; result: TransformResult | null } | { ok: false; code: TransformFailureCode; error: string };

/** A loaded transform: bundled and compiled once at config load, called many times. */
export interface TransformHandle {
  /** Module path relative to the transforms folder. */
  readonly module: string;
  /** The export actually used (`default`, `transform` or the configured name). */
  readonly exportName: string;
  /**
   * Runs the function in a sandbox on a worker thread; never throws, never rejects. Promises inside
   * the transform settle inside the sandbox.
   */
  call(input: TransformInput): Promise<TransformOutcome>;
}

/** The limits of one call, as each sandbox applies them. */
export interface SandboxLimits {
  cpuMs: number;
  memoryMiB: number;
  maxResultBytes: number;
  maxStackBytes: number;
}

/** hooks.transformLimits: the limits of one call and the size of the worker pool. */
export interface TransformLimits extends SandboxLimits {
  /** Worker threads running transforms. */
  workers: number;
  /** Calls that may wait for a free worker; more are refused with TRANSFORM_BUSY. */
  maxQueued: number;
}
