// The bits of CommonMark the splitter needs: fenced code blocks. A fence opens with three or more
// backticks or tildes (indented at most three spaces), optionally followed by an info string (for
// backtick fences without backticks in it), and closes with a line of the same character, at least
// as long, and nothing else.

export interface OpenFence {
  /** The opening run, e.g. "```" or "~~~~". */
  marker: string;
  /** The whole opening line, reused to reopen the block in the next part. */
  line: string;
}

const OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;

export function fenceOpen(line: string): OpenFence | undefined {
  const m = OPEN.exec(line);
  if (!m) return undefined;
  const marker = m[1]!;
  if (marker[0] === "`" && m[2]!.includes("`")) return undefined;
  return { marker, line: line.trimEnd() };
}

/** The line that closes `fence`. */
export function fenceClose(fence: OpenFence): string {
  return fence.marker;
}

/** Whether `line` closes `fence`. */
export function isFenceClose(line: string, fence: OpenFence): boolean {
  const m = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
  return m !== null && m[1]![0] === fence.marker[0] && m[1]!.length >= fence.marker.length;
}
