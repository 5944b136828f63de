// The wait an HTTP service asks for, as milliseconds: shared by deliveries and model calls.

/**
 * `Retry-After` as delay-seconds (fractions tolerated) or an HTTP date, in milliseconds, rounded up:
 * a wait cut short by rounding would send just before the window ends.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const seconds = Number(value.trim());
  if (Number.isFinite(seconds)) return secondsToMs(seconds);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** A wait in seconds (fractions allowed) as whole milliseconds, rounded up. */
export function secondsToMs(seconds: number): number {
  return Math.max(0, Math.ceil(seconds * 1000 - 1e-6));
}
