// How times and durations read in the listings of the commands and in the console: UTC to the second,
// durations in the largest unit that keeps them short.

/** `2025-05-01 10:00:03Z` (UTC, seconds); `-` when unknown. */
export function formatTime(ms: number | undefined): string {
  if (ms === undefined) return "-";
  return new Date(ms)
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d+Z$/, "Z");
}

/** `850ms`, `4.2s`, `3m05s`, `2h10m`; `-` when unknown. */
export function formatDuration(ms: number | undefined): string {
  if (ms === undefined || ms < 0) return "-";
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const s = Math.round(ms / 1000);
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
}
