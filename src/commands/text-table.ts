// Plain-text tables of the commands' listings (`hookgate events`, `hookgate runs`, `hookgate packs`).

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

/** One line, at most `max` characters (code points, so that a clip never splits a surrogate pair). */
export function clipLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  const chars = [...line];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : line;
}
