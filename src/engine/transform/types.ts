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
  /** A CloudEvent's context attributes (`ce.type`, `ce.source`, ...); the payload is its data. */
  ce?: Record<string, unknown>;
  /** The request URL in parts; the sandbox turns it into `ctx.url`, a URL-like object. */
  url?: TransformUrl;
}

/** A URL as the host parsed it, with its query parameters decoded, in order, repeats kept. */
export interface TransformUrl {
  href: string;
  origin: string;
  protocol: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  params: Array<[string, string]>;
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
  /** sha256 of the bundled source: tells whether the code that decided a request has changed since. */
  readonly sourceDigest: string;
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
  /** Largest input JSON (UTF-8 bytes) handed to a sandbox; larger is refused with TRANSFORM_INPUT_TOO_LARGE. */
  maxInputBytes: number;
  /** Worker threads running transforms. */
  workers: number;
  /** Calls that may wait for a free worker; more are refused with TRANSFORM_BUSY. */
  maxQueued: number;
}

/**
 * Time the sandbox may take to parse one call's input, apart from the call's cpuMs: a sender's large
 * or costly body (a megabyte of many small keys parses for half a second to a second) is then refused as too large
 * for the transform (413), never a transform timeout (500). Generous, as it scales with the input
 * only: the input is at most hooks.transformLimits.maxInputBytes.
 */
export function handoffBudgetMs(inputChars: number): number {
  return 500 + Math.ceil((inputChars / (1024 * 1024)) * 4000);
}

/** Budget for building a sandbox and running module top-level code at load: not the call's cpuMs. */
export const SETUP_BUDGET_MS = 2000;
