// Character positions inside string values: every YAML scalar style (and JSON strings), as the yaml
// library writes them, maps each character of the loaded value back to where it is in the file.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Document, Scalar } from "yaml";
import type { PathSegment } from "../../src/config/source/key-path.js";
import { parseSource } from "../../src/config/source/parse.js";

function offsetOf(text: string, pos: { line: number; column: number }): number {
  const lines = text.split("\n");
  let offset = 0;
  for (let i = 0; i < pos.line - 1; i++) offset += lines[i]!.length + 1;
  return offset + pos.column - 1;
}

/** Offsets of every character of the value at `path`, or undefined where one is not located. */
function offsets(text: string, format: "yaml" | "json", path: PathSegment[], length: number) {
  const parsed = parseSource(text, format, "x");
  expect(parsed.issues).toEqual([]);
  return Array.from({ length }, (_, i) => {
    const pos = parsed.locateChar(path, i);
    return pos && offsetOf(text, pos);
  });
}

const styles = ["PLAIN", "QUOTE_DOUBLE", "QUOTE_SINGLE", "BLOCK_LITERAL", "BLOCK_FOLDED"] as const;
const chars = fc.constantFrom(..."ab {}#:-'\"\\\t\né☃😀\u0007".split(/(?:)/u));

describe("locateChar", () => {
  it("finds every character of values written in any style, folded or escaped", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: chars, minLength: 1, maxLength: 60 }),
        fc.constantFrom(...styles),
        (value, style) => {
          const node = new Scalar(value);
          node.type = style;
          const doc = new Document({ hooks: { mappings: [{ textTemplate: node }] } });
          const text = doc.toString({ lineWidth: 24, minContentWidth: 8 });
          const path = ["hooks", "mappings", 0, "textTemplate"];
          const parsed = parseSource(text, "yaml", "x");
          expect(
            (parsed.data as { hooks: { mappings: { textTemplate: string }[] } }).hooks.mappings[0]!
              .textTemplate,
          ).toBe(value);
          const found = offsets(text, "yaml", path, value.length);
          let previous = -1;
          for (const [i, at] of found.entries()) {
            expect(at, `character ${i} of ${JSON.stringify(value)} in:\n${text}`).toBeDefined();
            expect(at!).toBeGreaterThanOrEqual(previous);
            previous = at!;
            const c = value[i]!;
            // Whitespace may come from folding; an escaped character sits at its backslash.
            if (!/\s/.test(c) && !/[\uD800-\uDFFF]/.test(c)) expect([c, "\\"]).toContain(text[at!]);
          }
        },
      ),
      { seed: 42, numRuns: 600 },
    );
  });

  it("finds characters of JSON strings with escapes", () => {
    const value = 'say "hi"\n\tthen {{lowr x}} é';
    const text = `{\n  "hooks": { "mappings": [ { "textTemplate": ${JSON.stringify(value).replace("é", "\\u00e9")} } ] }\n}\n`;
    const found = offsets(text, "json", ["hooks", "mappings", 0, "textTemplate"], value.length);
    const i = value.indexOf("{{lowr");
    expect(text.slice(found[i]!, found[i]! + 6)).toBe("{{lowr");
    expect(text[found[value.indexOf("é")]!]).toBe("\\");
  });

  // biome-ignore lint/suspicious/noTemplateCurlyInString: config syntax.
  it("gives up past a ${...}, where interpolation may have changed the text", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: config syntax.
    const text = 'a: "x ${HOME} {{y}}"\n';
    const parsed = parseSource(text, "yaml", "x");
    expect(parsed.locateChar(["a"], 1)).toEqual({ line: 1, column: 6 });
    expect(parsed.locateChar(["a"], 2)).toBeUndefined();
  });

  it("is undefined for a path that is not a string", () => {
    const parsed = parseSource("a: 1\nb: [x]\n", "yaml", "x");
    expect(parsed.locateChar(["a"], 0)).toBeUndefined();
    expect(parsed.locateChar(["b"], 0)).toBeUndefined();
    expect(parsed.locateChar(["c"], 0)).toBeUndefined();
  });
});
