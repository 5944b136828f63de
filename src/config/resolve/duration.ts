// Durations such as `30s`, `30m`, `1.5h` (the heartbeat.every pattern of the schema); `0` = off.

const unitMs: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * The longest delay Node.js timers accept (2^31 − 1 ms). A longer one is not an error there: the
 * timer fires after 1 ms instead, so a too-long period would turn into a busy loop.
 */
export const maxTimerMs = 2_147_483_647;

/** maxTimerMs as messages show it. */
export const maxTimerText = `${maxTimerMs} ms (about 24.8 days)`;

/** Milliseconds, or undefined when the text is not a duration. */
export function parseDuration(text: string): number | undefined {
  if (text === "0") return 0;
  const m = /^([0-9]+(?:\.[0-9]+)?)(ms|s|m|h|d)$/.exec(text);
  if (!m) return undefined;
  return Math.round(Number(m[1]) * unitMs[m[2]!]!);
}
