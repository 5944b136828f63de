// Brute-force throttling of failed authentications per client address. An interface, so that several
// hookgate instances can share the counts (Redis) while a single one keeps them in memory.

export interface AuthLimiterVerdict {
  locked: boolean;
  /** Seconds until the lock ends (for Retry-After), when locked. */
  retryAfterSeconds: number;
}

export interface AuthFailureLimiter {
  /** Whether the address is locked right now. */
  check(address: string, now?: number): AuthLimiterVerdict;
  /** Records a failure; returns the verdict after it (locked once `max` failures fall in the window). */
  fail(address: string, now?: number): AuthLimiterVerdict;
  /** A valid token clears the address's count. */
  succeed(address: string): void;
}

export interface AuthLimiterOptions {
  max: number;
  windowSeconds: number;
  lockSeconds: number;
  /** Upper bound on tracked addresses; the least recently seen are dropped first. */
  maxTrackedAddresses: number;
}

interface Entry {
  windowStart: number;
  failures: number;
  lockedUntil: number;
}

const UNLOCKED: AuthLimiterVerdict = { locked: false, retryAfterSeconds: 0 };

export class MemoryAuthLimiter implements AuthFailureLimiter {
  // Map keeps insertion order: re-inserting on every touch makes the first key the least recent.
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly opts: AuthLimiterOptions) {}

  check(address: string, now = Date.now()): AuthLimiterVerdict {
    const e = this.entries.get(address);
    if (!e || e.lockedUntil <= now) return UNLOCKED;
    return { locked: true, retryAfterSeconds: Math.max(1, Math.ceil((e.lockedUntil - now) / 1000)) };
  }

  fail(address: string, now = Date.now()): AuthLimiterVerdict {
    let e = this.entries.get(address);
    if (e) this.entries.delete(address);
    if (
      !e ||
      now - e.windowStart >= this.opts.windowSeconds * 1000 ||
      (e.lockedUntil && e.lockedUntil <= now)
    ) {
      e = { windowStart: now, failures: 0, lockedUntil: 0 };
    }
    e.failures += 1;
    if (e.failures >= this.opts.max) e.lockedUntil = now + this.opts.lockSeconds * 1000;
    this.entries.set(address, e);
    this.evict(now);
    return this.check(address, now);
  }

  succeed(address: string): void {
    this.entries.delete(address);
  }

  /** Number of addresses tracked (bounded by maxTrackedAddresses). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * Drops the least recently seen addresses that are not locked, so that an attacker rotating through
   * many addresses cannot push a locked one out; only when every tracked address is locked does the
   * oldest lock go.
   */
  private evict(now: number): void {
    while (this.entries.size > this.opts.maxTrackedAddresses) {
      let victim: string | undefined;
      for (const [address, e] of this.entries) {
        if (e.lockedUntil <= now) {
          victim = address;
          break;
        }
      }
      victim ??= this.entries.keys().next().value;
      if (victim === undefined) return;
      this.entries.delete(victim);
    }
  }
}
