// A point in time as the commands take it (--since, --until): a duration back from now, or a time.
import { parseDuration } from "../config/resolve/duration.js";

export const WHEN_FORMS =
  "expected a duration back from now (30m, 2h, 7d) or a time such as 2025-06-01T14:00:00Z";

/** A duration back from `now`, or an ISO time; undefined when it is neither. */
export function parseWhen(text: string, now: number): number | undefined {
  const ms = parseDuration(text);
  if (ms !== undefined) return now - ms;
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return undefined;
  const t = new Date(text).getTime();
  return Number.isNaN(t) ? undefined : t;
}
