// Splits a reply into messages a channel accepts: at paragraph breaks, else line breaks, else spaces,
// and only when nothing else fits, inside a word. Parts keep their order and lose no visible text.

/** A boundary is used only when the part before it fills at least this share of the room. */
const MIN_FILL = 0.5;

/**
 * `measure` gives a text's size as the service counts it and must never be below its UTF-16 length
 * (bytes, escaped bytes), so the room for one part is at most `max` code units.
 */
export function splitMessage(
  text: string,
  max: number,
  measure: (text: string) => number = (t) => t.length,
): string[] {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`max must be a positive integer, got ${max}`);
  const parts: string[] = [];
  // One line-break convention, so a paragraph break is always "\n\n".
  let rest = text.replace(/\r\n?/g, "\n").trim();
  // measure(s) >= s.length: a text longer than max needs no measuring to know it does not fit.
  while (rest !== "" && (rest.length > max || measure(rest) > max)) {
    const room = fittingPrefix(rest, max, measure);
    const { end, next } = cutPoint(rest, room);
    const part = rest.slice(0, end).trimEnd();
    if (part !== "") parts.push(part);
    rest = rest.slice(next);
  }
  if (rest !== "") parts.push(rest);
  return parts;
}

/** Length (code units) of the longest prefix that fits, never ending between two halves of a surrogate pair. */
function fittingPrefix(text: string, max: number, measure: (text: string) => number): number {
  let lo = 0;
  let hi = Math.min(text.length, max);
  if (measure(text.slice(0, hi)) > max) {
    // Binary search: prefix size only grows with the prefix.
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (measure(text.slice(0, mid)) <= max) lo = mid;
      else hi = mid - 1;
    }
    hi = lo;
  }
  if (hi > 0 && hi < text.length && isHighSurrogate(text.charCodeAt(hi - 1))) hi -= 1;
  // A single character wider than the whole room (only with odd measures) still has to go somewhere.
  return Math.max(hi, Math.min(text.length, isHighSurrogate(text.charCodeAt(0)) ? 2 : 1));
}

/** Where the part ends and where the next one starts (separators between them are dropped). */
function cutPoint(text: string, room: number): { end: number; next: number } {
  const minEnd = Math.max(1, Math.floor(room * MIN_FILL));
  // Searching back from `room` also finds a separator that starts right after the part: the separator
  // itself need not fit.
  const paragraph = text.lastIndexOf("\n\n", room);
  if (paragraph >= minEnd) return { end: paragraph, next: skipNewlines(text, paragraph) };
  const line = text.lastIndexOf("\n", room);
  if (line >= minEnd) return { end: line, next: skipNewlines(text, line) };
  const space = lastSpace(text, room);
  if (space >= minEnd) return { end: space, next: space + 1 };
  return { end: room, next: room };
}

function skipNewlines(text: string, from: number): number {
  let i = from;
  while (i < text.length && text[i] === "\n") i += 1;
  return i;
}

function lastSpace(text: string, from: number): number {
  for (let i = Math.min(from, text.length - 1); i >= 0; i -= 1) {
    const c = text[i];
    if (c === " " || c === "\t") return i;
  }
  return -1;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
