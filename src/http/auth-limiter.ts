// Brute-force throttling of failed authentications per client key (an address, or an IPv6 /64: see
// client-address.ts). The calls are asynchronous so that a limiter shared by several hookgate
// instances, kept in a database, fits behind the same interface as the in-memory default.
import { performance } from "node:perf_hooks";
import { OrderedTable } from "./ordered-table.js";

export interface AuthLimiterVerdict {
  locked: boolean;
  /** Seconds until the lock ends (for Retry-After), when locked. */
  retryAfterSeconds: number;
}

/**
 * `max` failures within `windowSeconds` lock a key for `lockSeconds`. The window is fixed: it opens at
 * the key's first failure and a failure after it has passed opens a new one.
 */
export interface AuthFailureLimiter {
  /** Whether the key is locked now. */
  check(key: string): Promise<AuthLimiterVerdict>;
  /** Records a failure; the verdict after it. A failure while locked changes nothing: the lock runs its course. */
  fail(key: string): Promise<AuthLimiterVerdict>;
  /**
   * check and fail as one step (one round trip for a limiter kept in a database): when the key is
   * locked, nothing is recorded and `wasLocked` is true, with the lock; else the failure is recorded
   * and the verdict is the one after it.
   */
  failUnlessLocked(key: string): Promise<FailureVerdict>;
  /** A valid token: forgets the key's failures and ends its lock. */
  succeed(key: string): Promise<void>;
  /**
   * New limits from a reloaded config, keeping what was counted: running locks end when they were
   * going to. A limiter without it keeps its limits until a restart.
   */
  setLimits?(opts: AuthLimiterOptions): void;
}

export interface AuthLimiterOptions {
  max: number;
  windowSeconds: number;
  lockSeconds: number;
  /** Bound on keys being counted, and separately on keys locked (see MemoryAuthLimiter). */
  maxTrackedAddresses: number;
}

export interface FailureVerdict extends AuthLimiterVerdict {
  /** The key was locked before this failure (which was then not recorded). */
  wasLocked: boolean;
}

export const UNLOCKED: AuthLimiterVerdict = Object.freeze({ locked: false, retryAfterSeconds: 0 });

export function lockedVerdict(lockedUntilMs: number, nowMs: number): AuthLimiterVerdict {
  return { locked: true, retryAfterSeconds: Math.max(1, Math.ceil((lockedUntilMs - nowMs) / 1000)) };
}

/** Milliseconds on a clock that never goes back (wall-clock steps must not end or stretch a lock). */
type Clock = () => number;

interface Counter {
  windowStart: number;
  failures: number;
}

/** Stale entries dropped from the front of each table per failure: memory drains after a flood. */
const PRUNE_PER_FAILURE = 2;

/**
 * The in-memory limiter, the default: every call is O(1), and memory stays bounded however many
 * addresses fail. Two tables, each an OrderedTable (its oldest entry at hand):
 * - `counting`: keys with failures but no lock, least recently failed first (a failure makes its
 *   key the newest). At most maxTrackedAddresses; a newcomer pushes out the least recently
 *   failed, so a newcomer is always counted and can always be locked.
 * - `locks`: locked keys → lock end. Every lock lasts lockSeconds on a clock that never goes back,
 *   so insertion order is also expiry order. At most maxTrackedAddresses; a lock is dropped before
 *   its end only when that many newer locks are in force, and then the one ending soonest: that
 *   gives an attacker `max` more tries, no more than one fresh address would.
 * So at most 2 × maxTrackedAddresses keys are held, and counting never pushes out a lock.
 */
export class MemoryAuthLimiter implements AuthFailureLimiter {
  private readonly counting = new OrderedTable<Counter>();
  private readonly locks = new OrderedTable<number>();
  private max = 0;
  private windowMs = 0;
  private lockMs = 0;
  private bound = 1;

  constructor(
    opts: AuthLimiterOptions,
    private readonly now: Clock = () => performance.now(),
  ) {
    this.setLimits(opts);
  }

  setLimits(opts: AuthLimiterOptions): void {
    this.max = opts.max;
    this.windowMs = opts.windowSeconds * 1000;
    this.lockMs = opts.lockSeconds * 1000;
    this.bound = Math.max(1, opts.maxTrackedAddresses);
    // A lower bound holds at once: the least recently failed and the soonest ending go first.
    while (this.counting.size > this.bound) this.counting.delete(this.counting.oldest()!.key);
    while (this.locks.size > this.bound) this.locks.delete(this.locks.oldest()!.key);
  }

  async check(key: string): Promise<AuthLimiterVerdict> {
    const now = this.now();
    const until = this.locks.get(key);
    return until !== undefined && until > now ? lockedVerdict(until, now) : UNLOCKED;
  }

  async fail(key: string): Promise<AuthLimiterVerdict> {
    const now = this.now();
    const until = this.locks.get(key);
    if (until !== undefined) {
      if (until > now) return lockedVerdict(until, now);
      this.locks.delete(key); // the lock is over: counting starts afresh
    }
    let c = this.counting.get(key);
    if (!c || now - c.windowStart >= this.windowMs) c = { windowStart: now, failures: 0 };
    c.failures += 1;
    if (c.failures >= this.max) {
      this.counting.delete(key);
      this.prune(now);
      return this.lock(key, now);
    }
    this.counting.push(key, c);
    this.prune(now);
    if (this.counting.size > this.bound) this.counting.delete(this.counting.oldest()!.key);
    return UNLOCKED;
  }

  async failUnlessLocked(key: string): Promise<FailureVerdict> {
    const before = await this.check(key);
    if (before.locked) return { ...before, wasLocked: true };
    return { ...(await this.fail(key)), wasLocked: false };
  }

  async succeed(key: string): Promise<void> {
    this.counting.delete(key);
    this.locks.delete(key);
  }

  /** Keys held, counting and locked (at most 2 × maxTrackedAddresses). */
  get size(): number {
    return this.counting.size + this.locks.size;
  }

  private lock(key: string, now: number): AuthLimiterVerdict {
    const until = now + this.lockMs;
    this.locks.push(key, until);
    // Last resort, with `bound` newer locks in force: the lock that ends soonest goes.
    if (this.locks.size > this.bound) this.locks.delete(this.locks.oldest()!.key);
    return lockedVerdict(until, now);
  }

  /** Drops a few entries that no longer matter (an ended lock, a passed window) from the fronts. */
  private prune(now: number): void {
    for (let i = 0; i < PRUNE_PER_FAILURE; i++) {
      const first = this.locks.oldest();
      if (!first || first.value > now) break;
      this.locks.delete(first.key);
    }
    for (let i = 0; i < PRUNE_PER_FAILURE; i++) {
      const first = this.counting.oldest();
      if (!first || now - first.value.windowStart < this.windowMs) break;
      this.counting.delete(first.key);
    }
  }
}
