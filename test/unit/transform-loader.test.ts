// Loading transform modules: JS and TS, exports, relative imports, async functions, and the imports
// and exports that are config errors at load time.
import { symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/config/errors.js";
import { input, loaderFor, transformsFolder, writeModules } from "./transform-helpers.js";

async function loadError(promise: Promise<unknown>): Promise<{ path: string; message: string }> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ConfigError);
  const issues = (err as ConfigError).issues;
  expect(issues).toHaveLength(1);
  return issues[0]!;
}

describe("loading transforms", () => {
  const { dir } = transformsFolder({
    "default.js": `export default function (input) { return { text: "hello " + input.payload.name }; }`,
    "named.js": `export function github(input) { return { text: "gh " + input.headers["x-event"] }; }\nexport function other() { return { text: "other" }; }`,
    "fallback.js": `export function transform(input) { return { message: "via transform " + input.path }; }`,
    "typed.ts": [
      "interface Push { ref: string; commits: Array<{ id: string }> }",
      "type Out = { kind: 'agent'; message: string; name: string };",
      "enum Level { Low = 'low', High = 'high' }",
      "export default function (input: { payload: Push }): Out {",
      "  const level: Level = input.payload.commits.length > 1 ? Level.High : Level.Low;",
      "  return { kind: 'agent', message: [input.payload.ref, input.payload.commits.length, level].join(' '), name: 'Push' };",
      "}",
    ].join("\n"),
    "with-helper.ts": `import { summarize } from "./lib/summary.js";\nexport default (input: { payload: { items: string[] } }) => ({ text: summarize(input.payload.items) });`,
    "lib/summary.ts": `import { SEP } from "./sep.js";\nexport const summarize = (items: string[]): string => items.join(SEP);`,
    "lib/sep.js": `export const SEP = " | ";`,
    "data.js": `import table from "./table.json";\nexport default (input) => ({ text: table[input.payload.code] ?? "unknown" });`,
    "table.json": `{ "a": "alpha", "b": "beta" }`,
    "async.js": `const later = (v) => Promise.resolve().then(() => v);\nexport default async function (input) { const who = await later(input.payload.name); return { text: "async " + who }; }`,
    "skip.js": `export default (input) => (input.payload.ignore ? null : { text: "kept" });`,
    "undefined.js": `export default () => undefined;`,
    "switch.js": `export default (input) => ({ kind: "wake", text: "switched: " + input.payload.title, mode: "now" });`,
    "cjs.cjs": `module.exports = function (input) { return { text: "cjs " + input.payload.name }; };`,
    "custom-error.ts": `class HookError extends Error { constructor(m: string) { super(m); this.name = "HookError"; } }\nexport default () => { throw new HookError("bad payload"); };`,
    "console.js": `export default (input) => { console.log("debug", input); return { text: "logged" }; };`,
    "not-function.js": `export default 42;\nexport const helper = () => 1;`,
    "no-default.js": `export const a = 1;\nexport function b() {}`,
    "throws-at-load.js": `throw new Error("cannot start");\nexport default () => null;`,
    "syntax.ts": `export default (input: { payload: unknown } => null;`,
    "imports-fs.js": `import { readFileSync } from "node:fs";\nexport default () => ({ text: String(readFileSync) });`,
    "imports-bare-builtin.js": `import os from "os";\nexport default () => ({ text: os.hostname() });`,
    "imports-outside.js": `import secret from "../outside.js";\nexport default () => ({ text: secret });`,
    "imports-lodash.js": `import _ from "lodash";\nexport default () => ({ text: _.VERSION });`,
    "imports-link.js": `import leak from "./link.js";\nexport default () => ({ text: leak });`,
    "dynamic-fs.js": `export default async () => { const fs = await import("fs"); return { text: String(fs) }; };`,
    "requires-fs.cjs": `const fs = require("fs");\nmodule.exports = () => ({ text: String(fs) });`,
    "nested/deep.js": `import { SEP } from "../lib/sep.js";\nexport default () => ({ text: "nested" + SEP });`,
  });
  const outside = path.join(path.dirname(dir), "outside.js");
  writeFileSync(outside, `export default "secret outside the folder";`);
  symlinkSync(outside, path.join(dir, "link.js"));
  symlinkSync(outside, path.join(dir, "linked-module.js"));
  const loader = loaderFor(dir);

  it("runs a JS default export", async () => {
    const handle = await loader.load("default.js");
    expect(handle).toMatchObject({ module: "default.js", exportName: "default" });
    expect(await handle.call(input({ name: "Ada" }))).toEqual({ ok: true, result: { text: "hello Ada" } });
  });

  it("runs a named export when transform.export names it", async () => {
    const handle = await loader.load("named.js", "github");
    expect(handle.exportName).toBe("github");
    const outcome = await handle.call(input({}, { headers: { "x-event": "push" } }));
    expect(outcome).toEqual({ ok: true, result: { text: "gh push" } });
  });

  it("falls back to an export named transform when there is no default", async () => {
    const handle = await loader.load("fallback.js");
    expect(handle.exportName).toBe("transform");
    expect(await handle.call(input({}, { path: "ci/build" }))).toEqual({
      ok: true,
      result: { message: "via transform ci/build" },
    });
  });

  it("compiles TypeScript with interfaces, types and enums", async () => {
    const handle = await loader.load("typed.ts");
    const outcome = await handle.call(input({ ref: "refs/heads/main", commits: [{ id: "a" }, { id: "b" }] }));
    expect(outcome).toEqual({
      ok: true,
      result: { kind: "agent", message: "refs/heads/main 2 high", name: "Push" },
    });
  });

  it("bundles relative imports of helper files inside the folder", async () => {
    const handle = await loader.load("with-helper.ts");
    expect(await handle.call(input({ items: ["a", "b", "c"] }))).toEqual({
      ok: true,
      result: { text: "a | b | c" },
    });
    const nested = await loader.load("nested/deep.js");
    expect(await nested.call(input({}))).toEqual({ ok: true, result: { text: "nested | " } });
  });

  it("bundles JSON files inside the folder", async () => {
    const handle = await loader.load("data.js");
    expect(await handle.call(input({ code: "b" }))).toEqual({ ok: true, result: { text: "beta" } });
  });

  it("settles an async function inside the sandbox and returns its value", async () => {
    const handle = await loader.load("async.js");
    expect(await handle.call(input({ name: "Grace" }))).toEqual({
      ok: true,
      result: { text: "async Grace" },
    });
  });

  it("skips the request when the function returns null or undefined", async () => {
    const skip = await loader.load("skip.js");
    expect(await skip.call(input({ ignore: true }))).toEqual({ ok: true, result: null });
    expect(await skip.call(input({ ignore: false }))).toEqual({ ok: true, result: { text: "kept" } });
    const none = await loader.load("undefined.js");
    expect(await none.call(input({}))).toEqual({ ok: true, result: null });
  });

  it("passes a kind switch through as data", async () => {
    const handle = await loader.load("switch.js");
    expect(await handle.call(input({ title: "deploy" }))).toEqual({
      ok: true,
      result: { kind: "wake", text: "switched: deploy", mode: "now" },
    });
  });

  it("uses module.exports of a CommonJS file as its default export", async () => {
    const handle = await loader.load("cjs.cjs");
    expect(await handle.call(input({ name: "Lin" }))).toEqual({ ok: true, result: { text: "cjs Lin" } });
  });

  it("lets error subclasses set their own name (built-ins are frozen, not in the way)", async () => {
    const handle = await loader.load("custom-error.ts");
    expect(await handle.call(input({}))).toEqual({
      ok: false,
      code: "TRANSFORM_THREW",
      error: "HookError: bad payload",
    });
  });

  it("accepts console calls and discards them", async () => {
    const handle = await loader.load("console.js");
    expect(await handle.call(input({}))).toEqual({ ok: true, result: { text: "logged" } });
  });

  it("returns the same handle for the same module and export, and one per export", async () => {
    const first = await loader.load("named.js", "github");
    const again = await loader.load("./named.js", "github");
    const other = await loader.load("named.js", "other");
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect(await other.call(input({}))).toEqual({ ok: true, result: { text: "other" } });
    expect(await first.call(input({}, { headers: { "x-event": "issues" } }))).toEqual({
      ok: true,
      result: { text: "gh issues" },
    });
    const byDefault = await loader.load("default.js");
    expect(await loader.load("default.js", "default")).toBe(byDefault);
  });

  it("rejects an import of a node: built-in, naming the import and the fix", async () => {
    const issue = await loadError(loader.load("imports-fs.js"));
    expect(issue.path).toBe("transform.module");
    expect(issue.message).toContain(
      `imports-fs.js: import "node:fs" is not allowed: transforms may only import files inside ${dir}`,
    );
    expect(issue.message).toContain("remove the import");
    expect(issue.message).toContain("imports-fs.js:1:");
  });

  it("rejects a built-in imported without the node: prefix", async () => {
    const issue = await loadError(loader.load("imports-bare-builtin.js"));
    expect(issue.message).toContain(
      `import "os" is not allowed: transforms may only import files inside ${dir}`,
    );
  });

  it("rejects an import that resolves outside the folder", async () => {
    const issue = await loadError(loader.load("imports-outside.js"));
    expect(issue.message).toContain(
      `import "../outside.js" is not allowed: transforms may only import files inside ${dir}`,
    );
    expect(issue.message).toContain(`resolves to ${outside}`);
  });

  it("rejects a bare package name", async () => {
    const issue = await loadError(loader.load("imports-lodash.js"));
    expect(issue.message).toContain(
      `import "lodash" is not allowed: transforms may only import files inside ${dir}`,
    );
    expect(issue.message).toContain("copy the code you need into that folder");
  });

  it("rejects an import of a symbolic link that points outside the folder", async () => {
    const issue = await loadError(loader.load("imports-link.js"));
    expect(issue.message).toContain(`import "./link.js" is not allowed`);
    expect(issue.message).toContain(`resolves through a symbolic link to ${outside}`);
  });

  it("rejects a module that is itself a symbolic link out of the folder", async () => {
    const issue = await loadError(loader.load("linked-module.js"));
    expect(issue.message).toBe(
      `linked-module.js: resolves to ${outside}, outside ${dir}; transform modules must live inside that folder`,
    );
  });

  it("rejects dynamic import() and require() of built-ins", async () => {
    expect((await loadError(loader.load("dynamic-fs.js"))).message).toContain(`import "fs" is not allowed`);
    expect((await loadError(loader.load("requires-fs.cjs"))).message).toContain(`import "fs" is not allowed`);
  });

  it("rejects a default export that is not a function, listing the exports", async () => {
    const issue = await loadError(loader.load("not-function.js"));
    expect(issue.message).toBe(
      `not-function.js: export "default" is a number, not a function; the module exports "default", "helper"`,
    );
  });

  it("rejects a missing named export, listing the exports", async () => {
    const issue = await loadError(loader.load("named.js", "gitlab"));
    expect(issue).toEqual({
      severity: "error",
      path: "transform.export",
      message: `named.js: export "gitlab" not found; the module exports "github", "other" (set transform.export to one of them)`,
    });
  });

  it("rejects a module with neither a default nor a transform export", async () => {
    const issue = await loadError(loader.load("no-default.js"));
    expect(issue.message).toBe(
      `no-default.js: no export "default" or "transform"; the module exports "a", "b" (export the function as default or set transform.export)`,
    );
  });

  it("reports a module whose top-level code throws", async () => {
    const issue = await loadError(loader.load("throws-at-load.js"));
    expect(issue.message).toBe("throws-at-load.js: the module failed while loading: cannot start");
  });

  it("reports syntax errors with their location", async () => {
    const issue = await loadError(loader.load("syntax.ts"));
    expect(issue.message).toMatch(/^syntax\.ts: .+ \(at syntax\.ts:1:\d+\)$/);
  });

  it("reports a module file that does not exist", async () => {
    const issue = await loadError(loader.load("missing.js"));
    expect(issue.message).toBe(
      `missing.js: no such file in ${dir}; check transform.module (a path relative to that folder)`,
    );
  });

  it("loads a module written after a failed attempt (failures are not cached)", async () => {
    await loadError(loader.load("late.js"));
    writeModules(dir, { "late.js": `export default () => ({ text: "late" });` });
    const handle = await loader.load("late.js");
    expect(await handle.call(input({}))).toEqual({ ok: true, result: { text: "late" } });
  });
});

describe("a disposed loader", () => {
  it("answers calls with a failure instead of throwing", async () => {
    const { dir } = transformsFolder({ "a.js": `export default () => ({ text: "a" });` });
    const loader = loaderFor(dir);
    const handle = await loader.load("a.js");
    loader.dispose();
    expect(await handle.call(input({}))).toEqual({
      ok: false,
      code: "TRANSFORM_THREW",
      error: "the transform was unloaded",
    });
    await expect(loader.load("a.js")).rejects.toThrow("disposed");
  });
});

describe("a module that is not JavaScript", () => {
  it("fails to load without its text in the error, whatever the parser found", async () => {
    const key =
      "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU\n-----END OPENSSH PRIVATE KEY-----\n";
    const { dir } = transformsFolder({
      "key.js": key,
      "token.js": "ghp_T0kenValue1234 hunter2\n",
      "config.ts": "password: 'swordfish-secret'\nport = 'value'\n",
      "broken.js": "export default () => ({ text: 'ok' }\n",
    });
    const loader = loaderFor(dir);
    try {
      for (const module of ["key.js", "token.js", "config.ts"]) {
        const issue = await loadError(loader.load(module));
        expect(issue.message, module).toMatch(new RegExp(`^${module}: `));
        for (const text of ["OPENSSH", "b3Blbn", "T0ken", "hunter2", "swordfish", "value"]) {
          expect(issue.message, module).not.toContain(text);
        }
      }
      // Punctuation the parser expected still says what is wrong.
      const broken = await loadError(loader.load("broken.js"));
      expect(broken.message).toMatch(/^broken\.js: Expected "\)" but found/);
    } finally {
      loader.dispose();
    }
  });
});
