// Sender-controlled text made safe to print on the operator's terminal. A webhook's subject or a
// model's reply may carry escape sequences (ESC[2K erases a line, OSC 52 writes the clipboard) or bidi
// controls that reorder what is shown; human output shows them as visible escapes instead. The
// escaping is reversible, so two different texts never print the same. JSON output stays exact.
import { textTable } from "./text-table.js";

// C0 controls, DEL, C1 controls, the bidi controls (ALM, LRM, RLM, LRE..RLO, LRI..PDI) and the line
// and paragraph separators; a backslash is handled apart (see escapeControls).
const UNSAFE = /[\0-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

// Lone surrogates: a terminal shows every one as the same replacement character.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const ESCAPABLE = new RegExp(`\\\\|${UNSAFE.source}|${LONE_SURROGATE.source}`, "g");

// What may follow a backslash in an escape: a literal backslash before one of these is doubled.
const ESCAPE_LETTERS = new Set(["\\", "x", "u", "n", "t", "r"]);

const SHORT: Record<string, string> = { "\n": "\\n", "\t": "\\t", "\r": "\\r" };

function escapeOne(ch: string): string {
  const short = SHORT[ch];
  if (short) return short;
  const code = ch.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, "0")}`
    : `\\u${code.toString(16).padStart(4, "0")}`;
}

/**
 * `text` with every control character shown as `\n`, `\t`, `\r`, `\xHH` or `\uHHHH`. With
 * `keepNewlines`, a line feed stays a line break (for fields shown on several lines on purpose).
 * A backslash is doubled where it would otherwise read as the start of an escape (before another
 * backslash, one of `x u n t r`, or an escaped character), and only there, so that ordinary text such
 * as `C:\Temp` prints unchanged while the output still decodes to exactly one text.
 */
export function escapeControls(text: string, opts: { keepNewlines?: boolean } = {}): string {
  return text.replace(ESCAPABLE, (ch, offset: number) => {
    if (ch === "\n" && opts.keepNewlines) return ch;
    if (ch !== "\\") return escapeOne(ch);
    const next = text.charAt(offset + 1);
    const nextEscaped =
      next !== "" &&
      !(next === "\n" && opts.keepNewlines) &&
      (UNSAFE.test(next) || LONE_SURROGATE.test(text.slice(offset + 1, offset + 3)));
    return ESCAPE_LETTERS.has(next) || nextEscaped ? "\\\\" : "\\";
  });
}

/** textTable with every cell escaped: table cells are one line each, so a line feed is escaped too. */
export function safeTable(headers: string[], rows: string[][]): string {
  return textTable(
    headers,
    rows.map((row) => row.map((cell) => escapeControls(cell))),
  );
}
