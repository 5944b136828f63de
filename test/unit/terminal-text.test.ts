import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeControls, safeTable } from "../../src/commands/terminal-text.js";
import { clipLine } from "../../src/commands/text-table.js";

// What must never reach the terminal raw: C0 controls (a line feed only where kept on purpose), DEL,
// C1 controls, bidi controls, line and paragraph separators.
const RAW_CONTROL = /[\0-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
const RAW_CONTROL_OR_NEWLINE = /[\0-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The inverse of escapeControls, written from its contract: shows that no two texts print alike. */
function decodeEscapes(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c !== "\\" || next === undefined) {
      out += c;
    } else if (next === "\\") {
      out += "\\";
      i += 1;
    } else if (next === "n" || next === "t" || next === "r") {
      out += { n: "\n", t: "\t", r: "\r" }[next];
      i += 1;
    } else if (next === "x" || next === "u") {
      const digits = next === "x" ? 2 : 4;
      const hex = text.slice(i + 2, i + 2 + digits);
      if (!new RegExp(`^[0-9a-f]{${digits}}$`).test(hex)) throw new Error(`bad escape at ${i}: ${text}`);
      out += String.fromCharCode(Number.parseInt(hex, 16));
      i += 1 + digits;
    } else {
      out += c;
    }
  }
  return out;
}

// Texts made of the characters that matter here, plus any code unit (lone surrogates included) and
// any code point.
const tricky = fc.constantFrom(
  "\x1b",
  "\x07",
  "\n",
  "\r",
  "\t",
  "\0",
  "\x7f",
  "\u0085",
  "\u009b",
  "\u009c",
  "\u202e",
  "\u2066",
  "\u2069",
  "\u2028",
  "\\",
  "x",
  "u",
  "n",
  "t",
  "r",
  "1",
  "b",
  "[",
  "]",
  "\ud83d",
  "\ude00",
);
const text = fc.string({
  unit: fc.oneof(
    tricky,
    fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)),
    fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});

describe("escapeControls", () => {
  it("leaves no raw control character, line feed or lone surrogate, and decodes back to the input", () => {
    fc.assert(
      fc.property(text, (s) => {
        const shown = escapeControls(s);
        expect(shown).not.toMatch(RAW_CONTROL_OR_NEWLINE);
        expect(shown).not.toMatch(LONE_SURROGATE);
        expect(decodeEscapes(shown)).toBe(s);
      }),
      { seed: 42, numRuns: 3000 },
    );
  });

  it("keeps line feeds when asked, and nothing else", () => {
    fc.assert(
      fc.property(text, (s) => {
        const shown = escapeControls(s, { keepNewlines: true });
        expect(shown).not.toMatch(RAW_CONTROL);
        expect(shown).not.toMatch(LONE_SURROGATE);
        expect(shown.split("\n").length).toBe(s.split("\n").length);
        expect(decodeEscapes(shown)).toBe(s);
      }),
      { seed: 42, numRuns: 3000 },
    );
  });

  it("prints distinct texts differently", () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        fc.pre(a !== b);
        expect(escapeControls(a)).not.toBe(escapeControls(b));
      }),
      { seed: 42, numRuns: 2000 },
    );
    // The pairs a naive escaper confuses: a real ESC and the four characters `\x1b`.
    expect(escapeControls("\x1b")).toBe("\\x1b");
    expect(escapeControls("\\x1b")).toBe("\\\\x1b");
    expect(escapeControls("\\\x1b")).toBe("\\\\\\x1b");
    expect(escapeControls("a\nb")).toBe("a\\nb");
    expect(escapeControls("a\\nb")).toBe("a\\\\nb");
  });

  it("shows attack sequences visibly", () => {
    expect(escapeControls("Invoice\x1b[2K\x1b[1Apaid")).toBe("Invoice\\x1b[2K\\x1b[1Apaid");
    expect(escapeControls("\x1b]52;c;Y3VybCBldmlsIHwgc2g=\x07")).toBe("\\x1b]52;c;Y3VybCBldmlsIHwgc2g=\\x07");
    expect(escapeControls("\x1b]52;c;Y3VybA==\x1b\\")).toBe("\\x1b]52;c;Y3VybA==\\x1b\\");
    expect(escapeControls("\u009b31mred")).toBe("\\x9b31mred");
    expect(escapeControls("invoice_\u202efdp.exe")).toBe("invoice_\\u202efdp.exe");
    expect(escapeControls("\u2066isolated\u2069")).toBe("\\u2066isolated\\u2069");
  });

  it("prints ordinary text unchanged, backslashes included", () => {
    for (const s of ["C:\\Temp\\logs", "50% off — ünïcödé 日本語 👨‍👩‍👧", "a\\b", "end\\", "tab-free\\ text"])
      expect(escapeControls(s)).toBe(s);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."abc XYZ019.,:;!?-_/()[]{}'\"`€日") }), (s) => {
        expect(escapeControls(s)).toBe(s);
      }),
      { seed: 42, numRuns: 500 },
    );
  });
});

describe("safeTable", () => {
  it("escapes every cell, line feeds included, and pads by the escaped width", () => {
    expect(
      safeTable(
        ["A", "B"],
        [
          ["x\x1b[2Ky", "z"],
          ["\u202eab", "two\nlines"],
        ],
      ),
    ).toBe(["A          B", "x\\x1b[2Ky  z", "\\u202eab   two\\nlines"].join("\n"));
  });

  it("never shows half of a character cut by clipLine", () => {
    const line = `${"a".repeat(8)}😀😀😀`;
    expect(safeTable(["T"], [[clipLine(line, 10)]])).toBe(`T\n${"a".repeat(8)}😀…`);
  });
});
