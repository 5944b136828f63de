// Escape corpus: transforms that try to reach the host, leave state for the next call, smuggle live
// objects out or hold the server with work the sandbox cannot interrupt. Each module answers its
// attack for payload { step: "attack" } and runs the same witness for { step: "witness" } on the next
// call; nothing may reach the host or leak into that call, and every attack gets an answer.
import { types } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import type { TransformLoader } from "../../src/engine/transform/loader.js";
import type { TransformLimits, TransformOutcome } from "../../src/engine/transform/types.js";
import { transformUrl } from "../../src/engine/transform/url.js";
import { input, loaderFor, TIMEOUT_UNDER_TEST, transformsFolder, writeModules } from "./transform-helpers.js";

/** Runs inside the sandbox on the call after the attack: lists every trace the attack left behind. */
const WITNESS = `
const witness = (input) => {
  const traces = [];
  const sha = crypto.createHash("sha256");
  if (sha.update("a").digest("hex") !== "ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb") traces.push("crypto");
  if (crypto.polluted !== undefined || crypto.createHash.polluted !== undefined) traces.push("crypto object");
  if (Object.getPrototypeOf(sha).polluted !== undefined) traces.push("Hash.prototype");
  if (input.url.href !== "http://localhost/hooks/escape?q=1" || input.url.searchParams.toString() !== "q=1") traces.push("url");
  if (Object.getPrototypeOf(input.url).polluted !== undefined) traces.push("URL.prototype");
  if (Object.getPrototypeOf(input.url.searchParams).polluted !== undefined) traces.push("URLSearchParams.prototype");
  if (({}).polluted !== undefined) traces.push("Object.prototype");
  if ([].polluted !== undefined) traces.push("Array.prototype");
  if ((() => {}).polluted !== undefined) traces.push("Function.prototype");
  if ("".polluted !== undefined) traces.push("String.prototype");
  if (Promise.prototype.polluted !== undefined) traces.push("Promise.prototype");
  if ("leaked" in globalThis) traces.push("globalThis");
  if (typeof Error.prepareStackTrace !== "undefined") traces.push("Error.prepareStackTrace");
  if (JSON.stringify({ a: [1] }) !== '{"a":[1]}') traces.push("JSON.stringify");
  if (JSON.parse("[2]")[0] !== 2) traces.push("JSON.parse");
  if (Math.max(1, 2) !== 2) traces.push("Math.max");
  if (String([1, 2]) !== "1,2") traces.push("Array.prototype.toString");
  if ([...[1, 2], ...new Map([[3, 4]]).keys(), ..."ab"].join("") !== "123ab") traces.push("iterators");
  if ((function* () { yield 1; })().next().value !== 1) traces.push("generators");
  if (/a/.exec("a")?.[0] !== "a") traces.push("RegExp.prototype.exec");
  if (typeof counter !== "undefined" && counter !== 0) traces.push("module state");
  return traces.length === 0 ? "clean" : traces.join(", ");
};`;

function module(attack: string): string {
  return `import crypto from "node:crypto";\n${WITNESS}\nlet counter = 0;\nconst attack = (input) => {\n${attack}\n};\nexport default (input) => (input.payload.step === "witness" ? { text: witness(input) } : attack(input));\n`;
}

/** The ctx.url every corpus call gets (the witness checks it is untouched). */
const URL_PARTS = transformUrl({
  path: "escape",
  query: { q: "1" },
  headers: {},
  target: "/hooks/escape?q=1",
});

type Check = (outcome: TransformOutcome) => void;

const threw =
  (pattern: RegExp): Check =>
  (outcome) => {
    expect(outcome).toMatchObject({ ok: false, code: "TRANSFORM_THREW" });
    expect(outcome.ok ? "" : outcome.error).toMatch(pattern);
  };
const answered =
  (text: string | RegExp): Check =>
  (outcome) => {
    expect(outcome.ok).toBe(true);
    const result = outcome.ok ? outcome.result : null;
    if (typeof text === "string") expect(result).toEqual({ text });
    else expect(result?.text).toMatch(text);
  };
const failed =
  (code: string): Check =>
  (outcome) =>
    expect(outcome).toMatchObject({ ok: false, code });

const HOST_NAMES = [
  "process",
  "require",
  "module",
  "exports",
  "Buffer",
  "global",
  "fetch",
  "setTimeout",
  "setInterval",
  "setImmediate",
  "queueMicrotask",
  "WebAssembly",
  "XMLHttpRequest",
  "WebSocket",
  "Deno",
  "Bun",
  "std",
  "os",
  "print",
  "scriptArgs",
  "WeakRef",
  "FinalizationRegistry",
  "SharedArrayBuffer",
  "Atomics",
];

/**
 * Attacks that take long whatever the limit (filling memory, deep native recursion) get room, so that
 * a busy machine cannot turn their failure into a timeout; the timeout is not what they test.
 */

/** A billion-element array-like: one built-in call over it runs for minutes without an interrupt check. */
const HUGE = "{ length: 2 ** 30 }";

const corpus: Array<{ name: string; attack: string; check: Check; limits?: Partial<TransformLimits> }> = [
  {
    name: "constructor.constructor('return process')()",
    attack: `return { text: String(attack.constructor.constructor("return process")()) };`,
    check: threw(/Function is not available in transforms/),
  },
  {
    name: "Function('return this')()",
    attack: `return { text: typeof Function("return this")() };`,
    check: threw(/Function is not available in transforms/),
  },
  {
    name: "async and generator function constructors",
    attack: `const AsyncFunction = (async () => {}).constructor; const Gen = Object.getPrototypeOf(function* () {}).constructor;
      const tries = [() => AsyncFunction("return process")(), () => Gen("yield process")().next()];
      return { text: tries.map((t) => { try { t(); return "ran"; } catch (e) { return e.name; } }).join(",") };`,
    check: answered("EvalError,EvalError"),
  },
  {
    name: "globalThis holds no host objects",
    attack: `return { text: JSON.stringify(Reflect.ownKeys(globalThis).map(String)) };`,
    check: (outcome) => {
      expect(outcome.ok).toBe(true);
      const names = JSON.parse(outcome.ok ? (outcome.result?.text ?? "[]") : "[]") as string[];
      expect(names).toContain("JSON");
      for (const host of HOST_NAMES) expect(names).not.toContain(host);
    },
  },
  {
    name: "this in functions and at module level",
    attack: `const inner = function () { return this; }; return { text: [typeof this, typeof inner(), typeof globalThis.process].join(",") };`,
    check: answered("undefined,undefined,undefined"),
  },
  {
    name: "Object.prototype pollution",
    attack: `let how = "none";
      try { Object.prototype.polluted = "yes"; } catch (e) { how = e.name; }
      try { Object.defineProperty(Object.prototype, "polluted", { value: "yes" }); } catch (e) { how += "," + e.name; }
      try { ({}).__proto__.polluted = "yes"; } catch (e) { how += "," + e.name; }
      return { text: how + ":" + String(({}).polluted) };`,
    check: answered("TypeError,TypeError,TypeError:undefined"),
  },
  {
    name: "Array.prototype and Function.prototype pollution",
    attack: `const tries = [() => { Array.prototype.polluted = 1; }, () => { Array.prototype.push = () => 0; }, () => { Function.prototype.polluted = 1; }, () => { Object.setPrototypeOf(Array.prototype, { polluted: 1 }); }];
      return { text: tries.map((t) => { try { t(); return "ok"; } catch (e) { return e.name; } }).join(",") };`,
    check: answered("TypeError,TypeError,TypeError,TypeError"),
  },
  {
    name: "hidden intrinsics (iterator, generator and typed-array prototypes)",
    attack: `const targets = [
        Object.getPrototypeOf([][Symbol.iterator]()),
        Object.getPrototypeOf(new Map().keys()),
        Object.getPrototypeOf(""[Symbol.iterator]()),
        Object.getPrototypeOf(Object.getPrototypeOf((function* () {})())),
        Object.getPrototypeOf(Object.getPrototypeOf((async function* () {})())),
        Object.getPrototypeOf(Int8Array).prototype,
        RegExp.prototype,
        Promise.prototype,
      ];
      const names = ["next", "next", "next", "next", "next", "map", "exec", "then"];
      return { text: targets.map((t, i) => { try { t[names[i]] = () => "hijacked"; return "ok"; } catch (e) { return e.name; } }).join(",") };`,
    check: answered(new Array(8).fill("TypeError").join(",")),
  },
  {
    name: "__proto__ merge pollution inside the sandbox",
    attack: `const evil = JSON.parse('{"__proto__": {"polluted": "yes"}}');
      const merge = (t, s) => { for (const k of Object.keys(s)) { if (typeof s[k] === "object") { t[k] = t[k] || {}; merge(t[k], s[k]); } else t[k] = s[k]; } return t; };
      try { merge({}, evil); } catch (e) { return { text: e.name + ":" + String(({}).polluted) }; }
      return { text: "merged:" + String(({}).polluted) };`,
    check: answered(/:undefined$/),
  },
  {
    name: "adding and replacing globals",
    attack: `const tries = [() => { globalThis.leaked = 1; }, () => { globalThis.JSON = {}; }, () => { Math.max = () => 0; }, () => { delete globalThis.Promise; }];
      return { text: tries.map((t) => { try { t(); return "ok"; } catch (e) { return e.name; } }).join(",") };`,
    check: answered("TypeError,TypeError,TypeError,TypeError"),
  },
  {
    name: "Error.prepareStackTrace",
    attack: `try { Error.prepareStackTrace = () => "hijacked"; } catch {}
      return { text: String(new Error("x").stack).includes("hijacked") ? "hijacked" : "plain" };`,
    check: answered("plain"),
  },
  {
    name: "Error.captureStackTrace and stack contents",
    attack: `const target = {}; try { Error.captureStackTrace(target); } catch (e) { target.stack = e.name; }
      return { text: String(target.stack) + "|" + String(new Error("x").stack) };`,
    check: (outcome) => {
      expect(outcome.ok).toBe(true);
      const text = outcome.ok ? (outcome.result?.text ?? "") : "";
      expect(text).not.toMatch(/node_modules|node:|file:|\/work\/|\/tmp\//);
    },
  },
  {
    name: "getters on the returned object",
    attack: `let calls = 0; return { get text() { calls += 1; return "from getter " + calls; } };`,
    check: (outcome) => {
      expect(outcome).toEqual({ ok: true, result: { text: "from getter 1" } });
      const result = outcome.ok ? outcome.result : null;
      expect(Object.getOwnPropertyDescriptor(result, "text")).toMatchObject({
        value: "from getter 1",
        writable: true,
      });
    },
  },
  {
    name: "a Proxy as the result",
    attack: `return new Proxy({}, {
        ownKeys: () => ["text"],
        getOwnPropertyDescriptor: () => ({ value: "proxied", enumerable: true, configurable: true }),
        get: (_, key) => (key === "text" ? "proxied" : undefined),
      });`,
    check: (outcome) => {
      expect(outcome).toEqual({ ok: true, result: { text: "proxied" } });
      expect(types.isProxy(outcome.ok ? outcome.result : null)).toBe(false);
    },
  },
  {
    name: "symbols in the result",
    attack: `return { text: "with symbols", [Symbol("hidden")]: "x", name: Symbol.for("y") };`,
    check: (outcome) => {
      expect(outcome).toEqual({ ok: true, result: { text: "with symbols" } });
      expect(Object.getOwnPropertySymbols(outcome.ok ? outcome.result : {})).toEqual([]);
    },
  },
  {
    name: "toJSON tricks",
    attack: `return { toJSON() { return { text: "via toJSON" }; }, text: "ignored", get kind() { return "agent"; } };`,
    check: answered("via toJSON"),
  },
  {
    name: "toJSON returning a function",
    attack: `return { toJSON() { return () => "code"; } };`,
    check: failed("TRANSFORM_INVALID_RESULT"),
  },
  {
    name: "very deep recursion",
    attack: `const down = (n) => down(n + 1); return { text: String(down(0)) };`,
    check: threw(/stack overflow/),
  },
  {
    name: "deep recursion through JSON.stringify",
    attack: `const o = {}; o.toJSON = () => ({ again: o }); return { text: JSON.stringify(o) };`,
    check: threw(/stack overflow/),
  },
  {
    name: "import('fs') at run time",
    attack: `const name = ["f", "s"].join(""); return import(name).then((fs) => ({ text: typeof fs.readFileSync }));`,
    check: threw(/fs/),
  },
  {
    name: "require and module at run time",
    attack: `const name = ["req", "uire"].join(""); const found = [typeof globalThis[name], typeof globalThis.module].join(",");
      return { text: found + ":" + typeof globalThis[name]("fs") };`,
    check: threw(/not a function/),
  },
  {
    name: "process.env",
    attack: `return { text: String(process.env.HOME) };`,
    check: threw(/'?process'? is not defined/),
  },
  {
    name: "setTimeout and setInterval",
    attack: `const found = [typeof setTimeout, typeof setInterval, typeof queueMicrotask].join(",");
      setTimeout(() => { globalThis.leaked = 1; }, 0);
      return { text: found };`,
    check: threw(/'?setTimeout'? is not defined/),
  },
  {
    name: "eval reading host state",
    attack: `return { text: String(eval("typeof process")) };`,
    check: threw(/eval is not available in transforms/),
  },
  {
    name: "indirect eval of the global scope",
    attack: `return { text: String((0, eval)("this")) };`,
    check: threw(/eval is not available in transforms/),
  },
  {
    name: "Atomics.wait",
    attack: `return { text: String(Atomics.wait(new Int32Array(4), 0, 0, 1000)) };`,
    check: threw(/'?Atomics'? is not defined/),
  },
  {
    name: "SharedArrayBuffer",
    attack: `return { text: String(new SharedArrayBuffer(8).byteLength) };`,
    check: threw(/'?SharedArrayBuffer'? is not defined/),
  },
  {
    name: "huge string repeat",
    attack: `const big = "x".repeat(2 ** 29); return { text: big.slice(0, 10) + big.length };`,
    check: failed("TRANSFORM_OUT_OF_MEMORY"),
  },
  {
    name: "many large strings joined",
    attack: `const chunk = "x".repeat(1 << 20); const parts = []; for (let i = 0; i < 100; i++) parts.push(chunk + i);
      return { text: String(parts.join("").length) };`,
    check: failed("TRANSFORM_OUT_OF_MEMORY"),
  },
  {
    // 1 GiB filled in thousands of large allocations, too few to reach the interrupt handler: out of
    // memory only long after cpuMs (no machine fills 1 GiB in 50 ms), so a timeout. The witness call
    // that follows runs under the same 50 ms, so the budget cannot be much smaller.
    name: "filling the memory with a small CPU limit",
    attack: `const keep = []; for (;;) keep.push(new Float64Array(1 << 17));`,
    check: failed("TRANSFORM_TIMEOUT"),
    limits: { cpuMs: 50, memoryMiB: 1024 },
  },
  {
    name: "returning a function",
    attack: `return () => process;`,
    check: (outcome) =>
      expect(outcome).toEqual({
        ok: false,
        code: "TRANSFORM_INVALID_RESULT",
        error: "the transform returned a function; return an object or null",
      }),
  },
  {
    name: "a cyclic result",
    attack: `const o = { text: "loop" }; o.self = o; return o;`,
    check: failed("TRANSFORM_INVALID_RESULT"),
  },
  {
    name: "__proto__ keys in the result",
    attack: `return JSON.parse('{"__proto__": {"polluted": "yes", "kind": "wake"}, "text": "x"}');`,
    check: (outcome) => {
      expect(outcome).toMatchObject({ ok: false, code: "TRANSFORM_INVALID_RESULT" });
      expect(outcome.ok ? "" : outcome.error).toContain(`"__proto__" is not a field a transform may set`);
    },
  },
  {
    name: "module-level state between calls",
    attack: `counter += 1; return { text: "counter " + counter };`,
    check: answered("counter 1"),
  },
  {
    name: "a promise chain left running after returning",
    attack: `const spin = () => Promise.resolve().then(spin); spin(); return { text: "returned" };`,
    check: failed("TRANSFORM_TIMEOUT"),
    limits: TIMEOUT_UNDER_TEST,
  },
  {
    name: "a result whose toJSON queues an endless job",
    attack: `return { toJSON() { Promise.resolve().then(() => { for (;;) {} }); return { kind: "wake", text: "x" }; } };`,
    check: failed("TRANSFORM_TIMEOUT"),
    limits: TIMEOUT_UNDER_TEST,
  },
  {
    name: "an async result whose toJSON queues an endless job",
    attack: `return (async () => ({ toJSON() { Promise.resolve().then(() => { for (;;) {} }); return { kind: "wake", text: "x" }; } }))();`,
    check: failed("TRANSFORM_TIMEOUT"),
    limits: TIMEOUT_UNDER_TEST,
  },
  {
    name: "an async result whose toJSON queues a job that finishes",
    attack: `let ran = false; return (async () => ({ toJSON() { Promise.resolve().then(() => { ran = true; }); return { text: "queued" }; } }))();`,
    check: answered("queued"),
  },
  {
    name: "Array.prototype.indexOf over a huge array-like",
    attack: `return { text: String(Array.prototype.indexOf.call(${HUGE}, 1)) };`,
    check: failed("TRANSFORM_TIMEOUT"),
    limits: TIMEOUT_UNDER_TEST,
  },
  {
    name: "Array.prototype.lastIndexOf over a huge array-like",
    attack: `return { text: String(Array.prototype.lastIndexOf.call(${HUGE}, 1)) };`,
    check: failed("TRANSFORM_TIMEOUT"),
    limits: TIMEOUT_UNDER_TEST,
  },
  {
    name: "Array.prototype.includes over a huge array-like",
    attack: `return { text: String(Array.prototype.includes.call(${HUGE}, 1)) };`,
    check: failed("TRANSFORM_TIMEOUT"),
    limits: TIMEOUT_UNDER_TEST,
  },
  {
    name: "Array.prototype.join over a huge array-like",
    attack: `return { text: String(Array.prototype.join.call(${HUGE}, "").length) };`,
    check: failed("TRANSFORM_TIMEOUT"),
    limits: TIMEOUT_UNDER_TEST,
  },
  {
    name: "String.prototype.replaceAll over a long string",
    attack: `return { text: String("a".repeat(2 ** 24).replaceAll("a", "").length) };`,
    check: failed("TRANSFORM_TIMEOUT"),
    limits: TIMEOUT_UNDER_TEST,
  },
  {
    name: "node:crypto: an input over the per-call limit",
    attack: `crypto.createHash("sha256").update("x".repeat(17 * 1024 * 1024)); return { text: "hashed" };`,
    check: threw(/node:crypto in transforms takes at most 16777216 characters of input per call/),
    limits: { memoryMiB: 64 },
  },
  {
    name: "node:crypto: inputs adding up past the per-call limit",
    attack: `const chunk = "y".repeat(1024 * 1024); const h = crypto.createHmac("sha256", chunk);
      for (let i = 0; i < 40; i++) h.update(chunk); return { text: h.digest("hex") };`,
    check: threw(/takes at most 16777216 characters of input per call/),
    limits: { memoryMiB: 128 },
  },
  {
    name: "node:crypto: a hash object used after its digest",
    attack: `const h = crypto.createHmac("sha256", "k"); h.update("a"); h.digest("hex");
      const tries = [() => h.update("b"), () => h.digest("hex")];
      return { text: tries.map((t) => { try { t(); return "ran"; } catch (e) { return e.message; } }).join(",") };`,
    check: answered("Digest already called,Digest already called"),
  },
  {
    name: "node:crypto: hashing in a loop is stopped at cpuMs",
    attack: `for (;;) crypto.createHmac("sha256", "k").update("z".repeat(1000)).digest();`,
    check: failed("TRANSFORM_TIMEOUT"),
    limits: TIMEOUT_UNDER_TEST,
  },
  {
    name: "node:crypto: prototype tricks on the returned objects",
    attack: `const h = crypto.createHash("sha256"); const proto = Object.getPrototypeOf(h);
      const tries = [
        () => { proto.update = () => "pwned"; },
        () => { proto.polluted = 1; },
        () => { Object.setPrototypeOf(proto, {}); },
        () => { Object.defineProperty(proto, "digest", { value: () => "x" }); },
        () => { proto.constructor.prototype.digest = null; },
        () => { crypto.createHash = () => null; },
        () => { crypto.polluted = 1; },
        () => { crypto.createHash.polluted = 1; },
        () => { delete crypto.randomUUID; },
      ];
      const names = tries.map((t) => { try { t(); return "changed"; } catch (e) { return e.name; } });
      return { text: names.join(",") + "|" + h.update("a").digest("hex").slice(0, 8) };`,
    check: answered(`${Array(9).fill("TypeError").join(",")}|ca978112`),
  },
  {
    name: "node:crypto: forged hash objects and borrowed methods",
    attack: `const Hash = Object.getPrototypeOf(crypto.createHash("sha256")).constructor;
      const tries = [
        () => new Hash(),
        () => new Hash({}, 1),
        () => Reflect.construct(Hash, [undefined, 1]),
        () => Hash.prototype.update.call({}, "x"),
        () => Hash.prototype.digest.call(Object.create(Hash.prototype), "hex"),
        () => Hash.prototype.digest.call(new Proxy(crypto.createHash("md5"), {}), "hex"),
      ];
      return { text: tries.map((t) => { try { t(); return "ran"; } catch (e) { return e.name; } }).join(",") };`,
    check: answered(Array(6).fill("TypeError").join(",")),
  },
  {
    name: "node:crypto: non-strings, objects that convert themselves, proxies and NULs as arguments",
    attack: `let converted = 0;
      const sneaky = { toString() { converted++; return "sha256"; }, valueOf() { converted++; return 1; } };
      const tries = [
        () => crypto.createHash(sneaky),
        () => crypto.createHash(Symbol("sha256")),
        () => crypto.createHash("sha256").update(sneaky),
        () => crypto.createHash("sha256").update({ length: 3, 0: 1, 1: 2, 2: 3 }),
        () => crypto.createHash("sha256").update(new Proxy(new Uint8Array(4), {})),
        () => crypto.createHash("sha256").update("x", sneaky),
        () => crypto.createHash("sha256").update("x", "utf8\u0000hex"),
        () => crypto.createHash("sha256").digest(sneaky),
        () => crypto.createHmac("sha256", 42),
        () => crypto.createHmac("sha256", null),
        () => crypto.timingSafeEqual(sneaky, "a"),
        () => crypto.createHash("sha256\u0000md5"),
      ];
      const names = tries.map((t) => { try { t(); return "ran"; } catch (e) { return e.name; } });
      return { text: names.join(",") + "|" + converted };`,
    check: answered(`${Array(11).fill("TypeError").join(",")},Error|0`),
  },
  {
    name: "node:crypto: bytes are read through the real accessors, not a view's own properties",
    attack: `const bytes = new Uint8Array([1, 2]);
      Object.defineProperty(bytes, "byteLength", { value: 2 ** 30 });
      Object.defineProperty(bytes, "buffer", { value: new ArrayBuffer(8) });
      return { text: crypto.createHash("sha256").update(bytes).digest("hex") };`,
    check: answered("a12871fee210fb8619291eaea194581cbd2531e4b23759d225f6806923f63222"),
  },
  {
    name: "ctx.url: prototype tricks, forged objects and edits",
    attack: `const u = input.url; const P = Object.getPrototypeOf(u); const SP = Object.getPrototypeOf(u.searchParams);
      const tries = [
        () => { P.polluted = 1; },
        () => { SP.get = () => "x"; },
        () => { Object.defineProperty(P, "href", { get: () => "evil" }); },
        () => { u.href = "http://evil/"; },
        () => new u.constructor(),
        () => new u.searchParams.constructor(),
        () => { SP.constructor.prototype.toString = null; },
      ];
      const names = tries.map((t) => { try { t(); return "changed"; } catch (e) { return e.name; } });
      u.searchParams.append("q", "2");
      u.searchParams.delete("q", "1");
      return { text: names.join(",") + "|" + u.href };`,
    check: answered(`${Array(7).fill("TypeError").join(",")}|http://localhost/hooks/escape?q=2`),
  },
  {
    name: "callee and caller of strict functions",
    attack: `const tries = [() => arguments.callee, function f() { return f.caller; }];
      return { text: tries.map((t) => { try { t(); return "ok"; } catch (e) { return e.name; } }).join(",") };`,
    check: answered(/^(SyntaxError|ReferenceError|TypeError),TypeError$/),
  },
];

describe("escape corpus", () => {
  const { dir } = transformsFolder();
  const loaders = new Map<string, TransformLoader>();
  const loaderWith = (limits: Partial<TransformLimits> = {}): TransformLoader => {
    const key = JSON.stringify(limits);
    let loader = loaders.get(key);
    if (!loader) {
      loader = loaderFor(dir, limits);
      loaders.set(key, loader);
    }
    return loader;
  };

  afterEach(() => {
    const host = globalThis as Record<string, unknown>;
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(([] as unknown as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(host["leaked"]).toBeUndefined();
  });

  corpus.forEach(({ name, attack, check, limits }, i) => {
    it(name, async () => {
      const file = `escape-${i}.js`;
      writeModules(dir, { [file]: module(attack) });
      const handle = await loaderWith(limits).load(file);
      const step = (name: string) => input({ step: name }, { url: URL_PARTS });
      check(await handle.call(step("attack")));
      // Under a short cpuMs on a busy machine the witness itself may be cut off; a timeout is no trace
      // of the attack (those come back as text), so it is asked again.
      let witness = await handle.call(step("witness"));
      for (
        let i = 0;
        i < 5 && limits?.cpuMs !== undefined && !witness.ok && witness.code === "TRANSFORM_TIMEOUT";
        i++
      ) {
        witness = await handle.call(step("witness"));
      }
      expect(witness).toEqual({ ok: true, result: { text: "clean" } });
      // Module state starts over in every call.
      if (name === "module-level state between calls") check(await handle.call(step("attack")));
    });
  });
});
