// The backlog as both stores count it: runs queued and held, and when the oldest of each arrived.
import type { Backlog } from "./types.js";

/** From rows of (status, count, oldest received_at) of the statuses queued and held. */
export function backlogOf(
  rows: Array<{ status: string; n: number | string; oldest: number | string }>,
): Backlog {
  const queued = rows.find((r) => r.status === "queued");
  const held = rows.find((r) => r.status === "held");
  return {
    runsHeld: Number(held?.n ?? 0),
    ...(queued && { oldestQueuedAt: Number(queued.oldest) }),
    ...(held && { oldestHeldAt: Number(held.oldest) }),
  };
}
