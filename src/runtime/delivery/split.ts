// Splits a reply into messages a channel accepts: at paragraph breaks, else line breaks, else spaces,
// and only when nothing else fits, inside a word. Parts keep their order and lose no visible text.
// Markdown survives the cut: a code fence cut across two parts is closed at the end of the first and
// opened again (same fence, same language) at the start of the next, and an inline code span, `**`,
// `__` or `~~` cut in the middle is closed and reopened the same way. Spaces inside an inline
// construct or a link are avoided as cut points whenever another space will do.
import { fenceClose, fenceOpen, isFenceClose, type OpenFence } from "./markdown.js";

/** A boundary is used only when the part before it fills at least this share of the room. */
const MIN_FILL = 0.5;

/** A Markdown link `[text](url)`, matched where the scan stands. */
const LINK = /\[[^\]\n]*\]\([^)\s]*\)/y;

/** How far past a cut an inline construct's closing marker is looked for. */
const CLOSER_LOOKAHEAD = 4096;

/** How many spaces before the room's end are tried for a cut outside inline Markdown. */
const MAX_SPACES_EXAMINED = 16;

/** Below this many units per part, Markdown repairs would eat the room: parts are cut as plain text. */
const MIN_MARKDOWN_ROOM = 24;

/**
 * `measure` gives a text's size as the service counts it (UTF-16 units, code points, UTF-8 bytes, the
 * bytes of a whole JSON payload...). It must grow with the text and count at least one per code point.
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
  // What the next part starts with to continue the Markdown the previous part had to close.
  let reopen = "";
  const markdown = max >= MIN_MARKDOWN_ROOM;
  while (rest !== "") {
    // More than 2·max code units cannot fit (a measure counts at least one per code point): no need to
    // measure the whole rest of a long reply once per part.
    if (rest.length <= 2 * max) {
      const whole = reopen + rest;
      if (measure(whole) <= max) {
        parts.push(whole);
        break;
      }
    }
    const cut = (markdown && markdownCut(rest, reopen, max, measure)) || plainCut(rest, max, measure);
    parts.push(cut.part);
    rest = rest.slice(cut.next);
    reopen = cut.reopen;
  }
  return parts;
}

interface Cut {
  /** The message to send. */
  part: string;
  /** Where the rest of the text starts (separators between parts are dropped). */
  next: number;
  /** Markdown the next part starts with. */
  reopen: string;
}

/** A cut that closes what it interrupts; undefined when no cut leaves room for the repairs. */
function markdownCut(
  rest: string,
  reopen: string,
  max: number,
  measure: (text: string) => number,
): Cut | undefined {
  let reserve = 0;
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const budget = max - measure(reopen) - reserve;
    if (budget < MIN_MARKDOWN_ROOM / 2) return undefined;
    const room = fittingPrefix(rest, budget, measure);
    let { end, next } = cutPoint(rest, room, reopen);
    let state = stateAt(reopen, rest, end);
    // A part ending right after a fence's opening line would carry an empty block: cut before it.
    if (state.fence && state.fence.contentLines === 0 && state.fence.openAt > 0) {
      end = state.fence.openAt;
      next = state.fence.openAt;
      state = stateAt(reopen, rest, end);
    }
    const body = rest.slice(0, end).trimEnd();
    let closer = "";
    let nextReopen = "";
    if (state.fence) {
      closer = `\n${fenceClose(state.fence)}`;
      nextReopen = `${state.fence.line}\n`;
      // The rest starting with this fence's own closing line: close here, nothing to reopen.
      const after = skipNewlines(rest, next);
      const closing = closingLineEnd(rest, after, state.fence);
      if (closing !== undefined) {
        next = skipNewlines(rest, closing);
        nextReopen = "";
      }
    } else if (state.inline.length > 0) {
      closer = [...state.inline].reverse().join("");
      nextReopen = state.inline.join("");
    }
    const part = reopen + body + closer;
    if (body.trim() !== "" && measure(part) <= max) return { part, next, reopen: nextReopen };
    reserve += Math.max(1, measure(closer), Math.ceil(budget / 8));
  }
  return undefined;
}

/** A cut that ignores Markdown: for tiny limits, where closing and reopening would not fit. */
function plainCut(rest: string, max: number, measure: (text: string) => number): Cut {
  const room = fittingPrefix(rest, max, measure);
  const { end, next } = cutPoint(rest, room, "");
  const part = rest.slice(0, end).trimEnd();
  // Only whitespace before the cut (cannot happen after the initial trim, but never loop on it).
  if (part === "") return { part: rest.slice(0, room), next: room, reopen: "" };
  return { part, next, reopen: "" };
}

/**
 * Length (code units) of the longest prefix that fits, never ending between two halves of a surrogate
 * pair. A measure counts at least one per code point, and a code point is at most two code units, so
 * nothing longer than 2·max code units can fit.
 */
function fittingPrefix(text: string, max: number, measure: (text: string) => number): number {
  let lo = 0;
  let hi = Math.min(text.length, 2 * max);
  if (measure(text.slice(0, hi)) > max) {
    // Binary search: a prefix's size only grows with the prefix.
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
function cutPoint(text: string, room: number, reopen: string): { end: number; next: number } {
  const minEnd = Math.max(1, Math.floor(room * MIN_FILL));
  // Searching back from `room` also finds a separator that starts right after the part: the separator
  // itself need not fit.
  const paragraph = text.lastIndexOf("\n\n", room);
  if (paragraph >= minEnd) return { end: paragraph, next: skipNewlines(text, paragraph) };
  const line = text.lastIndexOf("\n", room);
  if (line >= minEnd) return { end: line, next: skipNewlines(text, line) };
  // Inside a line: a space outside inline code, emphasis and links, else the last space. Only the last
  // few spaces are examined, so a huge one-line reply costs linear time, not quadratic.
  let fallback = -1;
  let examined = 0;
  for (let i = Math.min(room, text.length - 1); i >= minEnd; i -= 1) {
    const c = text[i];
    if (c !== " " && c !== "\t") continue;
    if (fallback < 0) fallback = i;
    if (examined < MAX_SPACES_EXAMINED && inlineOpenAt(text, i, reopen).balanced)
      return { end: i, next: i + 1 };
    examined += 1;
    if (examined >= MAX_SPACES_EXAMINED) break;
  }
  if (fallback >= 0) return { end: fallback, next: fallback + 1 };
  return { end: room, next: room };
}

interface CutState {
  /** The fence the cut falls into, if any. */
  fence?: OpenFence & { contentLines: number; openAt: number };
  /** Inline markers open at the cut, in the order they were opened. */
  inline: string[];
}

/** What is open at `end` of `rest`, the part starting with `reopen`. */
function stateAt(reopen: string, rest: string, end: number): CutState {
  // Fences: walk the lines of reopen + rest up to the cut. `openAt` is in rest's coordinates. The last
  // line is whole when the cut falls at its end.
  const text = reopen + rest.slice(0, end);
  const lastWhole = end >= rest.length || rest[end] === "\n";
  let fence: CutState["fence"];
  let pos = 0;
  for (;;) {
    const nl = text.indexOf("\n", pos);
    const line = text.slice(pos, nl < 0 ? text.length : nl);
    const whole = nl >= 0 || lastWhole;
    if (fence) {
      if (whole && isFenceClose(line, fence)) fence = undefined;
      else if (whole || line.trim() !== "") fence.contentLines += 1;
    } else if (whole) {
      const open = fenceOpen(line);
      if (open) fence = { ...open, contentLines: 0, openAt: pos - reopen.length };
    }
    if (nl < 0) break;
    pos = nl + 1;
  }
  if (fence) return { fence, inline: [] };
  return { inline: inlineOpenAt(rest, end, reopen).markers };
}

/** End of the line at `from` when it is the closing line of `fence`. */
function closingLineEnd(text: string, from: number, fence: OpenFence): number | undefined {
  const nl = text.indexOf("\n", from);
  const end = nl < 0 ? text.length : nl;
  return isFenceClose(text.slice(from, end), fence) ? end : undefined;
}

/**
 * Inline constructs open at `at` within its line: code spans (a backtick run closed later in the line),
 * then outside them `**`, `__` and `~~` pairs, and links `[text](url)`. A construct only counts when
 * it is closed after `at` on the same line (an unmatched marker is literal text). Reopened markers at
 * the start of the part count as opened there.
 */
function inlineOpenAt(text: string, at: number, reopen: string): { balanced: boolean; markers: string[] } {
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  const nl = text.indexOf("\n", at);
  const prefix = lineStart === 0 && !reopen.includes("\n") ? reopen : "";
  // Closers are looked for a limited way past the cut, so a huge one-line reply stays cheap.
  const lineEnd = Math.min(nl < 0 ? text.length : nl, at + CLOSER_LOOKAHEAD);
  const line = prefix + text.slice(lineStart, lineEnd);
  const pos = prefix.length + (at - lineStart);
  const markers: string[] = [];
  let inLink = false;
  let i = 0;
  // Markers count only outside code spans, which are skipped whole below.
  const open: string[] = [];
  while (i < pos) {
    const c = line[i];
    if (c === "\\") {
      i += 2;
      continue;
    }
    if (c === "`") {
      let n = 1;
      while (line[i + n] === "`") n += 1;
      const run = "`".repeat(n);
      const close = findRun(line, i + n, run);
      if (close < 0) {
        i += n;
        continue;
      }
      if (close >= pos) return { balanced: false, markers: [...open, run] };
      i = close + n;
      continue;
    }
    if ((c === "*" || c === "_" || c === "~") && line[i + 1] === c) {
      const two = c + c;
      const top = open.lastIndexOf(two);
      if (top >= 0) open.splice(top, 1);
      else if (line.indexOf(two, i + 2) >= 0) open.push(two);
      i += 2;
      continue;
    }
    if (c === "[") {
      LINK.lastIndex = i;
      const m = LINK.exec(line);
      if (m) {
        if (i + m[0].length > pos) {
          inLink = true;
          break;
        }
        i += m[0].length;
        continue;
      }
    }
    i += 1;
  }
  // Only markers closed again after the cut are open constructs.
  for (const m of open) if (line.indexOf(m, pos) >= 0) markers.push(m);
  return { balanced: markers.length === 0 && !inLink, markers };
}

/** Index of a backtick run of exactly `run`'s length at or after `from`, or -1. */
function findRun(line: string, from: number, run: string): number {
  let i = line.indexOf(run, from);
  while (i >= 0) {
    const before = i > 0 && line[i - 1] === "`";
    const after = line[i + run.length] === "`";
    if (!before && !after) return i;
    let j = i;
    while (line[j] === "`") j += 1;
    i = line.indexOf(run, j);
  }
  return -1;
}

function skipNewlines(text: string, from: number): number {
  let i = from;
  while (i < text.length && text[i] === "\n") i += 1;
  return i;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
