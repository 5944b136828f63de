// The auth-failure lockout for instances sharing a store: counts live in the store, so failures
// spread over instances add up and lock at the configured count. Each failed authentication is one
// atomic call (check and count together).
//
// When the store does not answer, the lockout does not turn off (fail-open would hand an attacker
// unlimited guesses during an outage) and does not answer 5xx to a wrong token (fail-closed would
// still tell a right token from a wrong one, since a right one may get further): it falls back to
// the in-memory limiter of this instance until the store answers again, so at worst failures are
// counted per instance for that time.
import type { Logger } from "pino";
import type { AuthFailureCounts, AuthFailureLimits } from "../store/types.js";
import {
  type AuthFailureLimiter,
  type AuthLimiterOptions,
  type AuthLimiterVerdict,
  type FailureVerdict,
  lockedVerdict,
  MemoryAuthLimiter,
  UNLOCKED,
} from "./auth-limiter.js";

export interface SharedAuthLimiterOptions {
  log?: Logger;
  /** A store call slower than this counts as no answer (default 2000 ms). */
  timeoutMs?: number;
  /** Wall-clock time in epoch ms for the counts (tests); default: the store's own clock. */
  now?: () => number;
}

/** A key cleared this recently (and not failed here since) is not cleared again: valid traffic costs no write. */
const CLEARED_FRESH_MS = 1000;
/** At most one warning about the store not answering per this time. */
const WARN_EVERY_MS = 30_000;

export class SharedAuthLimiter implements AuthFailureLimiter {
  private readonly local: MemoryAuthLimiter;
  private limits: AuthFailureLimits;
  private readonly timeoutMs: number;
  /** Keys whose counts were cleared lately → when. */
  private readonly cleared = new Map<string, number>();
  private maxRemembered: number;
  /** Keys waiting for the next clear, and the clear in flight: valid requests share one write. */
  private waiting: { keys: Set<string>; done: Promise<void> } | null = null;
  private clearing: Promise<void> | null = null;
  private lastWarning = -Infinity;

  constructor(
    private readonly counts: AuthFailureCounts,
    opts: AuthLimiterOptions,
    private readonly deps: SharedAuthLimiterOptions = {},
  ) {
    this.local = new MemoryAuthLimiter(opts);
    this.limits = { max: opts.max, windowMs: opts.windowSeconds * 1000, lockMs: opts.lockSeconds * 1000 };
    this.timeoutMs = deps.timeoutMs ?? 2000;
    this.maxRemembered = Math.max(1, opts.maxTrackedAddresses);
  }

  /** A reloaded config's limits: they apply to the next failure counted, as in the in-memory limiter. */
  setLimits(opts: AuthLimiterOptions): void {
    this.local.setLimits(opts);
    this.limits = { max: opts.max, windowMs: opts.windowSeconds * 1000, lockMs: opts.lockSeconds * 1000 };
    this.maxRemembered = Math.max(1, opts.maxTrackedAddresses);
  }

  async check(key: string): Promise<AuthLimiterVerdict> {
    try {
      const ms = await this.timed(this.counts.lockedFor(key, this.deps.now?.()));
      return ms > 0 ? lockedVerdict(ms, 0) : UNLOCKED;
    } catch (err) {
      this.unreachable(err);
      return this.local.check(key);
    }
  }

  async fail(key: string): Promise<AuthLimiterVerdict> {
    const { locked, retryAfterSeconds } = await this.failUnlessLocked(key);
    return { locked, retryAfterSeconds };
  }

  async failUnlessLocked(key: string): Promise<FailureVerdict> {
    this.cleared.delete(key);
    try {
      const r = await this.timed(this.counts.fail(key, this.limits, this.deps.now?.()));
      return r.lockedMs > 0
        ? { ...lockedVerdict(r.lockedMs, 0), wasLocked: r.wasLocked }
        : { ...UNLOCKED, wasLocked: r.wasLocked };
    } catch (err) {
      this.unreachable(err);
      return this.local.failUnlessLocked(key);
    }
  }

  async succeed(key: string): Promise<void> {
    await this.local.succeed(key);
    const at = Date.now();
    const last = this.cleared.get(key);
    if (last !== undefined && at - last < CLEARED_FRESH_MS) return;
    try {
      await this.timed(this.clear(key));
      if (this.cleared.size >= this.maxRemembered) this.cleared.clear();
      this.cleared.set(key, at);
    } catch (err) {
      // A valid token is never refused for the lockout's sake.
      this.unreachable(err);
    }
  }

  /** Joins the next clear: keys arriving while one is in flight are written together after it. */
  private clear(key: string): Promise<void> {
    if (!this.waiting) {
      const keys = new Set<string>();
      const done = (this.clearing ?? Promise.resolve())
        .catch(() => {})
        .then(() => {
          if (this.waiting?.keys === keys) this.waiting = null;
          return this.counts.clear([...keys]);
        });
      this.waiting = { keys, done };
      this.clearing = done;
    }
    this.waiting.keys.add(key);
    return this.waiting.done;
  }

  private timed<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    return Promise.race([work, late]).finally(() => clearTimeout(timer));
  }

  private unreachable(err: unknown): void {
    const at = Date.now();
    if (at - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = at;
    this.deps.log?.warn(
      { err: (err as Error).message },
      "the shared auth-failure counts do not answer; counting failures in this instance until they do",
    );
  }
}
