// Pauses, kept in the store so that they survive a restart and hold on every instance sharing it. A
// pause names a target: `mapping:<id>`, `pack:<name>` (every mapping of the pack) or `lane:<name>`.
// Runs of a paused target are stored and answered as usual; the worker never claims them, and the
// store marks them `held` (reason pause) until the pause ends, when they are queued again and claimed
// in the order they arrived. The SQL is written once here for both stores.
import type { Pause } from "./types.js";

/** What a pause may name: `mapping:<id>`, `pack:<name>`, `lane:<name>`. */
export const PAUSE_KINDS = ["mapping", "pack", "lane"] as const;

/**
 * The pauses in force at `at` (an SQL parameter) over a run's row `r`: its mapping's, its pack's and
 * its lane's.
 */
function pausesOfRun(pauses: string, at: string): string {
  return `SELECT p.target, p.ends_at FROM ${pauses} p
    WHERE (p.target = 'mapping:' || r.mapping_id OR p.target = 'pack:' || r.preset OR p.target = 'lane:' || r.lane)
      AND (p.ends_at IS NULL OR p.ends_at > ${at})`;
}

/**
 * The statements that bring runs in line with the pauses at `at` (an SQL parameter), in order: pauses
 * whose time is up end; held runs no pause holds any more are queued; queued runs of a paused target,
 * and held ones whose pause changed, are held by the first pause in force (by target). `s`: the
 * tables' schema prefix (`"hookgate".` or empty); `distinct`: the dialect's null-safe inequality.
 */
export function applyPausesSql(
  s: string,
  at: string,
  distinct: "IS NOT" | "IS DISTINCT FROM",
): { expire: string; queue: string; hold: string } {
  const pauses = `${s}pauses`;
  const inForce = pausesOfRun(pauses, at);
  const first = (column: string) => `(SELECT ${column} FROM (${inForce}) f ORDER BY f.target LIMIT 1)`;
  return {
    expire: `DELETE FROM ${pauses} WHERE ends_at IS NOT NULL AND ends_at <= ${at}`,
    queue: `UPDATE ${s}runs AS r SET status = 'queued', held_reason = NULL, held_until = NULL, held_by = NULL
      WHERE r.status = 'held' AND r.held_reason = 'pause' AND NOT EXISTS (${inForce})`,
    hold: `UPDATE ${s}runs AS r SET status = 'held', held_reason = 'pause',
        held_by = ${first("f.target")}, held_until = ${first("f.ends_at")}
      WHERE EXISTS (${inForce}) AND (r.status = 'queued' OR (r.status = 'held' AND r.held_reason = 'pause'
        AND (r.held_by ${distinct} ${first("f.target")} OR r.held_until ${distinct} ${first("f.ends_at")})))`,
  };
}

/** The claim's condition that leaves out runs of a paused target. */
export function notPaused(s: string, at: string): string {
  return `NOT EXISTS (${pausesOfRun(`${s}pauses`, at)})`;
}

export const PAUSE_COLUMNS = "target, ends_at, paused_by, paused_at" as const;

/** A pause row as both stores read it (bigint columns may come back as strings). */
export interface PauseRow {
  target: string;
  ends_at: number | string | null;
  paused_by: string;
  paused_at: number | string;
}

export function pauseFromRow(row: PauseRow): Pause {
  return {
    target: row.target,
    ...(row.ends_at !== null && { until: Number(row.ends_at) }),
    by: row.paused_by,
    at: Number(row.paused_at),
  };
}
