// Plain-text rendering shared by the store listings (`hookgate events`, `hookgate runs`).

/** Columns padded to their widest cell; the last column is left ragged. */
export function textTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(headers), ...rows.map(line)].join("\n");
}

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

/** One line, at most `max` characters (code points, so that a clip never splits a surrogate pair). */
export function clipLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  const chars = [...line];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : line;
}
