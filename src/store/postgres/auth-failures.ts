// The auth-failure lockout's counts in PostgreSQL, shared by every instance of one schema: a failure
// is one call of the schema's auth_failure function, which reads and writes the key's row under its
// lock, so failures sent to several instances at once are all counted.
import type pg from "pg";
import type { AuthFailureCounts, AuthFailureLimits } from "../types.js";

/** The database's clock in epoch milliseconds, used when the caller gives no time. */
const NOW_MS = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint";
/** Rows of keys whose window and lock have passed are deleted at most this often. */
const PRUNE_EVERY_MS = 60_000;

export class PgAuthFailureCounts implements AuthFailureCounts {
  private lastPrune = 0;

  constructor(
    private readonly pool: () => pg.Pool,
    /** Quoted schema name. */
    private readonly s: string,
  ) {}

  async fail(
    key: string,
    limits: AuthFailureLimits,
    at?: number,
  ): Promise<{ wasLocked: boolean; lockedMs: number }> {
    this.prune(limits, at);
    const { rows } = await this.pool().query<{ was_locked: boolean; locked_ms: number }>(
      `SELECT was_locked, locked_ms FROM ${this.s}.auth_failure($1, $2, $3, $4, COALESCE($5, ${NOW_MS}))`,
      [key, limits.max, Math.round(limits.windowMs), Math.round(limits.lockMs), at ?? null],
    );
    const row = rows[0]!;
    return { wasLocked: row.was_locked, lockedMs: Number(row.locked_ms) };
  }

  async lockedFor(key: string, at?: number): Promise<number> {
    const { rows } = await this.pool().query<{ ms: number }>(
      `SELECT GREATEST(locked_until - COALESCE($2, ${NOW_MS}), 0) AS ms FROM ${this.s}.auth_failures
       WHERE key = $1 AND locked_until IS NOT NULL`,
      [key, at ?? null],
    );
    return rows[0] ? Number(rows[0].ms) : 0;
  }

  async clear(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.pool().query(`DELETE FROM ${this.s}.auth_failures WHERE key = ANY($1::text[])`, [keys]);
  }

  /** Forgets keys whose window has passed and that are not locked, in the background. */
  private prune(limits: AuthFailureLimits, at: number | undefined): void {
    const now = at ?? Date.now();
    if (Math.abs(now - this.lastPrune) < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    this.pool()
      .query(
        `DELETE FROM ${this.s}.auth_failures
         WHERE window_start <= COALESCE($1, ${NOW_MS}) - $2 AND COALESCE(locked_until, 0) <= COALESCE($1, ${NOW_MS})`,
        [at ?? null, Math.round(limits.windowMs)],
      )
      .catch(() => {});
  }
}
