// OpenClaw's openclaw.json is JSON5, hand-edited: it is read with JSON5's own rules (as OpenClaw reads
// it), and messages still point at file:line:column — syntax errors, keys, characters inside strings.
import fc from "fast-check";
import JSON5 from "json5";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { command as configCommand } from "../../src/commands/config.js";
import { loadConfig } from "../../src/config/load.js";
import { parseSource } from "../../src/config/source/parse.js";
import { runCommand } from "./command-helpers.js";
import { configErrors, TOKEN, tempDir, writeFiles } from "./config-helpers.js";

const read = (text: string) => {
  const parsed = parseSource(text, "json5", "openclaw.json");
  expect(parsed.issues).toEqual([]);
  return parsed;
};

/** The offset of a line:column position in `text`. */
function offsetOf(text: string, pos: { line: number; column: number }): number {
  const lines = text.split("\n");
  let offset = 0;
  for (let i = 0; i < pos.line - 1; i++) offset += lines[i]!.length + 1;
  return offset + pos.column - 1;
}

describe("JSON5 values", () => {
  it("reads compact keys and single-quoted strings with escaped quotes", () => {
    expect(read(`{hooks:{enabled:true, token:'it\\'s-a-token'}}`).data).toEqual({
      hooks: { enabled: true, token: "it's-a-token" },
    });
  });

  it("reads Infinity, NaN, +1, hex and leading or trailing dots as numbers", () => {
    const { data } = read(`{a: Infinity, b: -Infinity, c: NaN, d: +1, e: 0x1F, f: .5, g: 5.}`);
    expect(data).toEqual({
      a: Number.POSITIVE_INFINITY,
      b: Number.NEGATIVE_INFINITY,
      c: Number.NaN,
      d: 1,
      e: 31,
      f: 0.5,
      g: 5,
    });
  });

  it("reads escapes in strings as characters, and a backslash at a line end as a continuation", () => {
    const { data } = read(`{a: 'x\\ny', b: "tab\\there", c: 'no \\
break', d: '\\u00e9\\x41'}`);
    expect(data).toEqual({ a: "x\ny", b: "tab\there", c: "no break", d: "éA" });
  });

  it("ignores comments and trailing commas, and keeps // and /* inside strings", () => {
    const text = `// the gateway's settings
{
  /* hooks */ hooks: {
    path: '/hooks', // where
    note: "a // b /* c */",
    list: [1, 2, ],
  },
}
`;
    expect(read(text).data).toEqual({ hooks: { path: "/hooks", note: "a // b /* c */", list: [1, 2] } });
  });

  it("reads what JSON5.stringify writes, for any value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom("'", '"'), (value, quote) => {
        const text = JSON5.stringify({ v: value }, { quote });
        expect(read(text).data).toEqual(JSON5.parse(text));
      }),
    );
  });
});

describe("JSON5 places", () => {
  it("reports a syntax error with its line and column", () => {
    const parsed = parseSource(`{\n  hooks: {\n    enabled: true,,\n  },\n}\n`, "json5", "openclaw.json");
    expect(parsed.issues).toEqual([
      {
        severity: "error",
        path: "",
        file: "openclaw.json",
        line: 3,
        column: 19,
        message: "JSON5 syntax error: invalid character ','",
      },
    ]);
  });

  it("refuses a key given twice in one object, at the second one", () => {
    const parsed = parseSource(`{hooks: {token: 'a',\n  token: 'b'}}`, "json5", "openclaw.json");
    expect(parsed.issues).toMatchObject([
      { line: 2, column: 3, message: expect.stringContaining('key "token" appears twice') },
    ]);
  });

  it("locates compact keys, their values and missing keys", () => {
    const text = `{hooks:{enabled:true,\n  mappings:[{id:'a'}, {'id':"b", match:{path:'x'}}]}}`;
    const { locate } = read(text);
    expect(locate(["hooks", "enabled"])).toEqual({ line: 1, column: 17 });
    expect(locate(["hooks", "enabled"], { key: true })).toEqual({ line: 1, column: 9 });
    expect(locate(["hooks", "mappings", 1, "match", "path"])).toEqual({ line: 2, column: 46 });
    expect(locate(["hooks", "mappings", 1, "id"], { key: true })).toEqual({ line: 2, column: 24 });
    // A key that is not there: the object that lacks it.
    expect(locate(["hooks", "mappings", 0, "match"])).toEqual({ line: 2, column: 13 });
  });

  it("locates every character of a string value, through its escapes", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(..."ab '\"\\\n\té😀\u2028".split(/(?:)/u)), minLength: 1 }),
        fc.constantFrom("'", '"'),
        (value, quote) => {
          const text = `{\n  hooks: { textTemplate: ${JSON5.stringify(value, { quote })} },\n}`;
          const { locateChar } = read(text);
          let previous = -1;
          for (let i = 0; i < value.length; i++) {
            const pos = locateChar(["hooks", "textTemplate"], i);
            expect(pos).toBeDefined();
            const offset = offsetOf(text, pos!);
            expect(offset).toBeGreaterThan(previous);
            // The character itself, or the escape that writes it.
            expect([value[i], "\\"]).toContain(text[offset]);
            previous = offset;
          }
        },
      ),
    );
  });
});

describe("an openclaw.json in JSON5", () => {
  it("loads the hooks of a hand-edited file, the token with an escaped quote", async () => {
    const dir = tempDir();
    const token = `${TOKEN}'s`;
    writeFiles(dir, {
      "openclaw.json": `// edited by hand\n{hooks:{enabled:true, token:'${token.replace("'", "\\'")}', path:'/in',},}\n`,
    });
    const loaded = await loadConfig({ file: "openclaw.json", cwd: dir, env: {} });
    expect(loaded.config.hooks).toMatchObject({ enabled: true, token, path: "/in" });
    expect(loaded.warnings.filter((w) => w.path.startsWith("hooks"))).toEqual([]);
  });

  it("places a finding at the compact key's line and column", async () => {
    const dir = tempDir();
    writeFiles(dir, { "openclaw.json": `{hooks:{enabled:true,\n  token:'${TOKEN}', path:'/'}}\n` });
    const issues = await configErrors(loadConfig({ file: "openclaw.json", cwd: dir, env: {} }));
    expect(issues.filter((i) => i.severity === "error")).toMatchObject([
      { path: "hooks.path", file: "openclaw.json", line: 2, column: 49 },
    ]);
  });

  it("exports the values JSON5 reads", async () => {
    const dir = tempDir();
    writeFiles(dir, {
      "openclaw.json": `{hooks:{enabled:true, token:'${TOKEN}\\'s', path:'/in', /* c */ mappings:[{match:{path:'a'}, action:'wake', textTemplate:'line 1\\nline 2'},],},}`,
    });
    const out = await runCommand(configCommand, ["export", "-c", `${dir}/openclaw.json`]);
    expect(out.code).toBe(0);
    const yaml = parseYaml(out.stdout) as { hooks: Record<string, unknown> };
    expect(yaml.hooks).toMatchObject({
      token: `${TOKEN}'s`,
      path: "/in",
      mappings: [{ match: { path: "a" }, action: "wake", textTemplate: "line 1\nline 2" }],
    });
  });
});
