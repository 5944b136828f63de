import { createRequire } from "node:module";
import { DECORATED_LETTERS } from "./decorated-letters.js";

// Folds one code point to what a reader (or a model) would take it for, in a small alphabet: the
// Latin letters a-z and digits, "_" for anything else that shows (spaces, punctuation, symbols, letters
// of other scripts), and "" for what does not show (combining marks, bidi and other format controls,
// zero-width and default-ignorable characters). Each code point folds on its own, so a position in the
// folded text always points back to one code point of the original.
//
// The fold is the confusable skeleton of UTS #39 (decomposition, confusables.txt prototypes, repeated
// until nothing changes) widened by compatibility decomposition where that reads as a letter, with marks
// and format controls dropped and case folded, plus the look-alikes confusables.txt leaves out because
// they differ in size, fill or decoration rather than shape: small capitals, enclosed letters, letters
// with a hook or stroke.

const require = createRequire(import.meta.url);
/** confusables.txt as a map from a source character to its prototype string. */
const CONFUSABLES_DATA = require("unhomoglyph/data.json") as Record<string, string>;

// Look-alikes confusables.txt leaves out because they differ in size or fill rather than shape.
const SUPPLEMENT_DATA: Record<string, string> = { "\u0276": "oe", "\u1D01": "ae" };
// Negative circled (🅐), negative squared (🅰) and regional-indicator (🇦) letters A-Z.
for (const first of [0x1f150, 0x1f170, 0x1f1e6]) {
  for (let i = 0; i < 26; i++) SUPPLEMENT_DATA[String.fromCodePoint(first + i)] = String.fromCharCode(97 + i);
}
// Keyed by code point: looking up a fresh string in a large object costs far more than a number in a Map.
const byCodePoint = (data: Record<string, string>) =>
  new Map(Object.entries(data).map(([k, v]) => [k.codePointAt(0)!, v]));
const CONFUSABLES = byCodePoint(CONFUSABLES_DATA);
const SUPPLEMENT = byCodePoint(SUPPLEMENT_DATA);
// Small capitals and letters with a hook, stroke or tail (ᴇ, ᶒ), from their Unicode names.
const DECORATED = new Map(
  Object.entries(DECORATED_LETTERS).flatMap(([letter, chars]) =>
    [...chars].map((c) => [c.codePointAt(0)!, letter] as const),
  ),
);
const prototypeOf = (c: string) => {
  const cp = c.codePointAt(0)!;
  return SUPPLEMENT.get(cp) ?? CONFUSABLES.get(cp) ?? DECORATED.get(cp);
};

const HIDDEN = /[\p{M}\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const HIDDEN_ALL = new RegExp(HIDDEN.source, "gu");
// After the skeleton: `‹`, `ᐸ`, `˂`, `＜` are already `<`, and `〈`, `⟨` are `❬`.
const OPENING = /^[<\u00AB\u2039\u226A\u227A\u29FC\u276C\u276E]+$/;
const CLOSING = /^[>\u00BB\u203A\u226B\u227B\u29FD\u276D\u276F]+$/;

export const Shape = {
  Other: 0,
  /** Shows nothing: a mark, a format control, a zero-width character. */
  Hidden: 1,
  /** Looks like `<`. */
  Opening: 2,
  /** Looks like `>`. */
  Closing: 3,
  /** Whitespace other than a line break, or a slash (what may stand between `<<<` and a marker word). */
  Gap: 4,
  LineBreak: 5,
} as const;
export type Shape = (typeof Shape)[keyof typeof Shape];

interface Folded {
  /** Letters a-z (with `i` folded into `l`, as the skeleton does for `I`), digits and `_`. */
  text: string;
  shape: Shape;
}

const LINE_BREAK = /[\n\v\f\r\u0085\u2028\u2029]/;
const LETTER = /[a-z0-9]/;

const dropHidden = (s: string) => (HIDDEN.test(s) ? s.replace(HIDDEN_ALL, "") : s);

function skeleton(ch: string): string {
  // As UTS #39: decompose, map to prototypes, decompose again; then also the compatibility forms, and
  // lower case. Prototypes can map again (Cherokee ꭼ → small capital ᴇ → e): a few rounds reach the end.
  const rounds = (first: "NFD" | "NFKD") => {
    let s = ch;
    for (let round = 0; round < 6; round++) {
      let next = "";
      for (const c of dropHidden(s.normalize(first))) next += prototypeOf(c) ?? c;
      next = dropHidden(next.normalize("NFKD")).toLowerCase();
      if (next === s) break;
      s = next;
    }
    return s;
  };
  // Where the compatibility form is a letter the prototype is not (Ⓡ is R, its prototype ®; ſ is s, its
  // prototype f), the letter wins: a reader may see either. So does the letter a name gives (ᴋ is K,
  // its prototype the kra ĸ).
  const compatible = rounds("NFKD");
  if (LETTER.test(compatible)) return compatible;
  const mapped = rounds("NFD");
  return LETTER.test(mapped) ? mapped : (DECORATED.get(ch.codePointAt(0)!) ?? mapped);
}

function foldUncached(ch: string): Folded {
  // Most code points stand for themselves: no mark, no prototype, no decomposition, no other case.
  const plain =
    !HIDDEN.test(ch) &&
    prototypeOf(ch) === undefined &&
    ch.normalize("NFKD") === ch &&
    ch.toLowerCase() === ch;
  const s = plain ? ch : skeleton(ch);
  let text = "";
  if (plain && ch.charCodeAt(0) >= 128) text = "_";
  else {
    for (const c of s) {
      const letter = c === "i" ? "l" : c;
      if ((letter >= "a" && letter <= "z") || (letter >= "0" && letter <= "9")) text += letter;
      else if (!text.endsWith("_")) text += "_";
    }
  }
  let shape: Shape = Shape.Other;
  if (s === "") shape = Shape.Hidden;
  else if (OPENING.test(s)) shape = Shape.Opening;
  else if (CLOSING.test(s)) shape = Shape.Closing;
  else if (LINE_BREAK.test(ch)) shape = Shape.LineBreak;
  else if (s === "/" || /^\s+$/.test(s)) shape = Shape.Gap;
  return { text, shape };
}

// Folds are packed in one number: the unit's char code (0: hidden), the shape, and a flag for the rare
// code points that fold to more than one unit (`æ` → `ae`, `⒜` → `_a_`), whose text is kept aside.
// One slot per code point (2 MB): each is worked out once, the first time a request carries it.
export const MULTI = 0x1000;
const COMPUTED = 0x8000;
const SHAPE_SHIFT = 8;
const PACKED = new Uint16Array(0x110000);
const MULTI_TEXT = new Map<number, string>();

function pack(cp: number): number {
  const { text, shape } = foldUncached(String.fromCodePoint(cp));
  let packed = COMPUTED | (shape << SHAPE_SHIFT);
  if (text.length === 1) packed |= text.charCodeAt(0);
  else if (text.length > 1) {
    packed |= MULTI;
    MULTI_TEXT.set(cp, text);
  }
  return packed;
}

/** The packed fold of a code point: read it with `unitOf`, `shapeOf` and `MULTI` / `multiUnits`. */
export function foldPacked(cp: number): number {
  if (PACKED[cp] === 0) PACKED[cp] = pack(cp);
  return PACKED[cp]!;
}

export const unitOf = (packed: number) => packed & 0xff;
export const shapeOf = (packed: number) => ((packed >> SHAPE_SHIFT) & 0xf) as Shape;
/** The units of a code point whose packed fold has the `MULTI` flag. */
export const multiUnits = (cp: number) => MULTI_TEXT.get(cp)!;

/** The letters and digits of a word after folding, e.g. `begin` → `begln`. */
export function foldWord(word: string): string {
  let out = "";
  for (const ch of word) out += foldUncached(ch).text;
  return out.replaceAll("_", "");
}

// Plain ASCII needs no per-character work: a regex over the lower-cased text finds a folded word, each
// letter written as the ASCII characters that fold to it (`l` as `[l1|i]`, `rn` also as `m`), with any
// run of characters that fold to no letter between them.
const ASCII_LETTERS: string[] = [];
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (ch === ch.toLowerCase()) ASCII_LETTERS[c] = foldUncached(ch).text.replaceAll("_", "");
}
const hex = (c: number) => `\\x${c.toString(16).padStart(2, "0")}`;
const asciiFolding = (letters: string) => ASCII_LETTERS.flatMap((l, c) => (l === letters ? [hex(c)] : []));
const ASCII_GAP = `[^${ASCII_LETTERS.flatMap((l, c) => (l ? [hex(c)] : [])).join("")}]*`;

/**
 * A regex source that finds `word` (already folded) in lower-cased plain ASCII text. A gap never
 * contains a character that could start the next letter, so an attempt never backtracks.
 */
export function asciiWordPattern(word: string): string {
  const at = (k: number): string => {
    if (k === word.length) return "";
    const gap = k + 1 < word.length ? ASCII_GAP : "";
    const options = [`[${asciiFolding(word[k]!).join("")}]${gap}${at(k + 1)}`];
    // Characters that fold to several letters at once (`m` → `rn`).
    for (let len = 2; k + len <= word.length; len++) {
      const chars = asciiFolding(word.slice(k, k + len));
      const rest = k + len < word.length ? ASCII_GAP : "";
      if (chars.length > 0) options.push(`[${chars.join("")}]${rest}${at(k + len)}`);
    }
    return options.length === 1 ? options[0]! : `(?:${options.join("|")})`;
  };
  return at(0);
}
