// A reference for the auth-failure limiter: one plain Map, linear scans, the rules spelt out. With
// `bound` it also applies the eviction rules: at most `bound` keys counted (never-locked ones; the
// least recently failed goes) and at most `bound` locks in force (the one ending soonest goes).
import type { AuthLimiterVerdict } from "../../src/http/auth-limiter.js";

interface Entry {
  windowStart: number;
  failures: number;
  /** 0 while counting; the lock's end once locked (an ended lock counts as no entry). */
  lockedUntil: number;
  /** Order of the last failure (for a lock: the failure that locked it). */
  seen: number;
}

export interface ModelOptions {
  max: number;
  windowSeconds: number;
  lockSeconds: number;
  bound?: number;
}

export class ReferenceLimiter {
  readonly entries = new Map<string, Entry>();
  private seq = 0;

  constructor(
    private readonly opts: ModelOptions,
    private readonly now: () => number,
  ) {}

  check(key: string): AuthLimiterVerdict {
    const now = this.now();
    const e = this.entries.get(key);
    if (!e || e.lockedUntil <= now) return { locked: false, retryAfterSeconds: 0 };
    return { locked: true, retryAfterSeconds: Math.max(1, Math.ceil((e.lockedUntil - now) / 1000)) };
  }

  fail(key: string): AuthLimiterVerdict {
    const now = this.now();
    const e = this.entries.get(key);
    if (e && e.lockedUntil > now) return this.check(key);
    // No entry, an ended lock or a passed window: counting starts afresh.
    const fresh = e?.lockedUntil !== 0 || now - e.windowStart >= this.opts.windowSeconds * 1000;
    const next: Entry = fresh
      ? { windowStart: now, failures: 1, lockedUntil: 0, seen: ++this.seq }
      : { ...e, failures: e.failures + 1, seen: ++this.seq };
    if (next.failures >= this.opts.max) next.lockedUntil = now + this.opts.lockSeconds * 1000;
    this.entries.set(key, next);
    if (this.opts.bound !== undefined) this.evict(now, this.opts.bound);
    return this.check(key);
  }

  succeed(key: string): void {
    this.entries.delete(key);
  }

  private evict(now: number, bound: number): void {
    const counting = [...this.entries].filter(([, e]) => e.lockedUntil === 0);
    if (counting.length > bound) this.entries.delete(first(counting, (a, b) => a.seen - b.seen));
    const locked = [...this.entries].filter(([, e]) => e.lockedUntil > now);
    const endsSooner = (a: Entry, b: Entry) => a.lockedUntil - b.lockedUntil || a.seen - b.seen;
    if (locked.length > bound) this.entries.delete(first(locked, endsSooner));
  }
}

function first(list: [string, Entry][], order: (a: Entry, b: Entry) => number): string {
  let best = list[0]!;
  for (const item of list) if (order(item[1], best[1]) < 0) best = item;
  return best[0];
}
