import {
  asciiWordPattern,
  foldPacked,
  foldWord,
  MULTI,
  multiUnits,
  Shape,
  shapeOf,
  unitOf,
} from "./lookalike-fold.js";

// Finds what could pass for a fence marker of the untrusted-content wrapper. The text is folded code
// point by code point (lookalike-fold.ts): look-alike letters become the letters they imitate, marks
// and invisible characters disappear, and every run of anything else becomes one "_". Marker words are
// then searched in the folded text, letters of a word may stand apart (`E X T E R N A L`), and each hit
// is mapped back to the span of the original text it came from.
//
// What counts as a marker (after folding, "~" = nothing or any run of separators):
//   external ~ untrusted                                     EXTERNAL_UNTRUSTED_CONTENT, ..._DATA
//   begin|start|end ~ [of ~] [the ~] untrusted               END_UNTRUSTED_CONTENT, END OF UNTRUSTED
//   begin|start|end ~ [of ~] [the ~] external, at a word start   END_EXTERNAL_CONTENT
//   external|untrusted ~ content|data ~ begin|start|end      UNTRUSTED_CONTENT_END
// each also spelled backwards (what a right-to-left override shows the right way round), and all of
// them also searched in what the invisible tag characters spell. A hit widens over adjacent marker
// words, `<`-like brackets before it and an attribute tail up to `>` after it (or else the invisible
// characters next to it).
// Everything runs in time linear in the text: one pass to fold, one regex scan whose alternatives are
// fixed words (no nested quantifiers), and widening steps that never revisit a consumed span.

const OPEN = ["begin", "start", "end"];
const SUBJECT = ["external", "untrusted"];
const NOUN = ["content", "data"];

interface Part {
  words: string[];
  optional?: boolean;
}

const OF_THE: Part[] = [
  { words: ["of"], optional: true },
  { words: ["the"], optional: true },
];
const CORES: { parts: Part[]; wordStart?: boolean }[] = [
  { parts: [{ words: ["external"] }, { words: ["untrusted"] }] },
  { parts: [{ words: OPEN }, ...OF_THE, { words: ["untrusted"] }] },
  // "end" and "external" are common words: "weekend external" is no marker.
  { parts: [{ words: OPEN }, ...OF_THE, { words: ["external"] }], wordStart: true },
  { parts: [{ words: SUBJECT }, { words: NOUN }, { words: OPEN }] },
];

const backwards = (s: string) => [...s].reverse().join("");
/** A folded word whose letters may be separated: `e_?x_?t_?...`. */
const spaced = (folded: string) => [...folded].join("_?");
const anyOf = (words: string[], reverse: boolean) =>
  `(?:${words.map((w) => spaced(reverse ? backwards(foldWord(w)) : foldWord(w))).join("|")})`;

function pattern(parts: Part[], wordStart: boolean, reverse: boolean): string {
  const ordered = reverse ? [...parts].reverse() : parts;
  let out = "";
  ordered.forEach((part, i) => {
    const words = anyOf(part.words, reverse);
    if (i === 0) out += words;
    else out += part.optional ? `(?:_?${words})?` : `_?${words}`;
  });
  if (!wordStart) return out;
  return reverse ? `${out}(?![a-z0-9])` : `(?<![a-z0-9])${out}`;
}

const CORE = new RegExp(
  CORES.flatMap((c) => [false, true].map((rev) => pattern(c.parts, c.wordStart ?? false, rev))).join("|"),
  "g",
);
const VOCABULARY = [...OPEN, ...SUBJECT, ...NOUN];
const WORD_AFTER = new RegExp(`_?(?:${anyOf(VOCABULARY, false)}|${anyOf(VOCABULARY, true)})`, "y");
const WORD_BEFORE = new RegExp(`(?:${anyOf(VOCABULARY, false)}|${anyOf(VOCABULARY, true)})_?$`);
/** Longest text WORD_BEFORE can match: a spaced word plus one separator. */
const WORD_BEFORE_MAX = 2 * Math.max(...VOCABULARY.map((w) => foldWord(w).length));
/** Every marker contains one of these words: plain ASCII without them skips the per-character work. */
const STEM = new RegExp(
  SUBJECT.flatMap((w) => [foldWord(w), backwards(foldWord(w))])
    .map(asciiWordPattern)
    .join("|"),
);
const ASCII_ONLY = /^[\x00-\x7f]*$/;
/** How far after the marker words an attribute tail (` id="…">>>`) may reach. */
const TAIL_MAX = 80;

export interface Span {
  start: number;
  end: number;
}

const GAP_UNIT = 0x5f; // "_"

/** Spans of `text` (UTF-16 offsets, in order, not overlapping) that could pass for a fence marker. */
export function findMarkerSpans(text: string): Span[] {
  // Native passes only for plain ASCII without a marker word: the common case.
  if (ASCII_ONLY.test(text) && !STEM.test(text.toLowerCase())) return [];
  const { shown, tagged } = fold(text);
  const spans = scan(text, shown);
  return tagged === null ? spans : merge(spans, scan(text, tagged));
}

function scan(text: string, folded: FoldedText): Span[] {
  const units = folded.string();
  const { from, to } = folded;
  const spans: Span[] = [];
  let floorUnit = 0;
  let floorOffset = 0;
  CORE.lastIndex = 0;
  for (let m = CORE.exec(units); m !== null; m = CORE.exec(units)) {
    let a = m.index;
    let b = a + m[0].length;
    for (WORD_AFTER.lastIndex = b; WORD_AFTER.test(units); ) b = WORD_AFTER.lastIndex;
    for (;;) {
      const w = WORD_BEFORE.exec(units.slice(Math.max(floorUnit, a - WORD_BEFORE_MAX), a));
      if (w === null) break;
      a -= w[0].length;
    }
    const start = widenBefore(text, from[a]!, floorOffset);
    const end = widenAfter(text, to[b - 1]!);
    spans.push({ start, end });
    while (b < units.length && from[b]! < end) b++;
    floorUnit = b;
    floorOffset = end;
    CORE.lastIndex = b;
  }
  return spans;
}

/** Two ordered span lists as one, overlapping spans joined (a linear merge). */
function merge(a: Span[], b: Span[]): Span[] {
  const out: Span[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && a[i]!.start <= b[j]!.start) ? a[i++]! : b[j++]!;
    const last = out[out.length - 1];
    if (last !== undefined && next.start < last.end) last.end = Math.max(last.end, next.end);
    else out.push({ ...next });
  }
  return out;
}

/**
 * Folded text: one unit per letter and one per run of separators, and for each unit the original code
 * points it came from, [from, to).
 */
class FoldedText {
  units: Uint8Array;
  from: Int32Array;
  to: Int32Array;
  length = 0;

  constructor(capacity: number) {
    this.units = new Uint8Array(capacity);
    this.from = new Int32Array(capacity);
    this.to = new Int32Array(capacity);
  }

  /** An invisible unit (0), or a separator after a separator, only stretches the unit before it. */
  add(unit: number, start: number, end: number): void {
    const n = this.length;
    if (unit === 0 || (unit === GAP_UNIT && n > 0 && this.units[n - 1] === GAP_UNIT)) {
      if (n > 0) this.to[n - 1] = end;
      return;
    }
    if (n === this.units.length) this.grow();
    this.units[n] = unit;
    this.from[n] = start;
    this.to[n] = end;
    this.length = n + 1;
  }

  /** Adds the fold of one code point; nearly all fold to one unit or none, a few (`æ`) to more. */
  addFolded(cp: number, start: number, end: number): void {
    const packed = foldPacked(cp);
    if (packed & MULTI) {
      for (const ch of multiUnits(cp)) this.add(ch.charCodeAt(0), start, end);
    } else this.add(unitOf(packed), start, end);
  }

  string(): string {
    return Buffer.from(this.units.buffer, 0, this.length).toString("latin1");
  }

  private grow(): void {
    const size = this.units.length * 2;
    const units = new Uint8Array(size);
    const from = new Int32Array(size);
    const to = new Int32Array(size);
    units.set(this.units);
    from.set(this.from);
    to.set(this.to);
    this.units = units;
    this.from = from;
    this.to = to;
  }
}

// Tag characters (U+E0020-E007E) are invisible copies of ASCII that some models read as text: they are
// dropped from what is shown, and read on their own as a second, hidden text.
const TAG_FIRST = 0xe0020;
const TAG_LAST = 0xe007e;
const TAG_OFFSET = 0xe0000;

/** What the text shows, folded, and what its tag characters spell, folded (null: there are none). */
function fold(text: string): { shown: FoldedText; tagged: FoldedText | null } {
  const shown = new FoldedText(text.length + 16);
  let tagged: FoldedText | null = null;
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const next = i + (cp > 0xffff ? 2 : 1);
    // An invisible code point joins the unit before it, so a hit takes the marks on its last letter.
    shown.addFolded(cp, i, next);
    if (cp >= TAG_FIRST && cp <= TAG_LAST) {
      tagged ??= new FoldedText(64);
      tagged.addFolded(cp - TAG_OFFSET, i, next);
    }
    i = next;
  }
  return { shown, tagged };
}

const shapeAt = (text: string, i: number) => shapeOf(foldPacked(text.codePointAt(i)!));
const widthAt = (text: string, i: number) => (text.codePointAt(i)! > 0xffff ? 2 : 1);
/** Offset of the code point that ends at `i`. */
function stepBack(text: string, i: number): number {
  const low = text.charCodeAt(i - 1);
  if (i >= 2 && low >= 0xdc00 && low <= 0xdfff) {
    const high = text.charCodeAt(i - 2);
    if (high >= 0xd800 && high <= 0xdbff) return i - 2;
  }
  return i - 1;
}

/**
 * Takes in `<<<` (and `</`, `<< /`) standing right before the marker words, or else the invisible
 * characters right before them.
 */
function widenBefore(text: string, start: number, floor: number): number {
  let i = start;
  let invisibleFrom = start;
  let onlyInvisible = true;
  while (i > floor) {
    const prev = stepBack(text, i);
    const shape = shapeAt(text, prev);
    if (shape !== Shape.Gap && shape !== Shape.Hidden) break;
    i = prev;
    onlyInvisible &&= shape === Shape.Hidden;
    if (onlyInvisible) invisibleFrom = i;
  }
  let widened = invisibleFrom;
  while (i > floor) {
    const prev = stepBack(text, i);
    const shape = shapeAt(text, prev);
    if (shape !== Shape.Opening && shape !== Shape.Hidden) break;
    i = prev;
    if (shape === Shape.Opening) widened = i;
  }
  return widened;
}

/**
 * Takes in an attribute tail up to the closing `>>>` on the same line (` id="0">>>`), or else the
 * invisible characters right after the marker words.
 */
function widenAfter(text: string, end: number): number {
  let i = end;
  for (let seen = 0; i < text.length && seen < TAIL_MAX; seen++) {
    const shape = shapeAt(text, i);
    if (shape === Shape.LineBreak || shape === Shape.Opening) break;
    if (shape === Shape.Closing) return skip(text, i, Shape.Closing);
    i += widthAt(text, i);
  }
  return skip(text, end, Shape.Hidden);
}

/** Offset after the run of `shape` (and invisible characters) that starts at `i`. */
function skip(text: string, i: number, shape: Shape): number {
  let j = i;
  while (j < text.length) {
    const s = shapeAt(text, j);
    if (s !== shape && s !== Shape.Hidden) break;
    j += widthAt(text, j);
  }
  return j;
}
