// Failures of a transform call and the hard limits: each maps to its failure code, and the next call
// on the same handle works again (the server keeps serving).
import { describe, expect, it } from "vitest";
import type { TransformHandle } from "../../src/engine/transform/types.js";
import { input, loaderFor, TIMEOUT_UNDER_TEST, testLimits, transformsFolder } from "./transform-helpers.js";

// Every module answers { text: "fine" } for payload { ok: true }, so recovery is checked the same way.
const fine = `if (input.payload && input.payload.ok) return { text: "fine" };`;
const { dir } = transformsFolder({
  "throws.js": `export default (input) => { ${fine} throw new Error("payload has no repository"); };`,
  "throws-string.js": `export default (input) => { ${fine} throw "plain string"; };`,
  "throws-null.js": `export default (input) => { ${fine} throw null; };`,
  "throws-long.js": `export default (input) => { ${fine} throw new Error("x".repeat(100000)); };`,
  "rejects.js": `export default async (input) => { ${fine} await null; throw new TypeError("async failure"); };`,
  "loop.js": `export default (input) => { ${fine} for (;;) {} };`,
  "catch-loop.js": `export default (input) => { ${fine} try { for (;;) {} } catch { return { text: "escaped the limit" }; } };`,
  "async-loop.js": `export default async (input) => { ${fine} for (;;) { await null; } };`,
  "job-after-return.js": `export default (input) => { ${fine} const spin = () => Promise.resolve().then(spin); spin(); return { text: "returned" }; };`,
  "regex.js": `export default (input) => { ${fine} return { text: String(/^(a+)+$/.test("a".repeat(40) + "b")) }; };`,
  "memory.js": `export default (input) => { ${fine} const keep = []; for (;;) keep.push(new Float64Array(1 << 16)); };`,
  "memory-objects.js": `export default (input) => { ${fine} const keep = []; for (;;) keep.push(new Array(4096).fill({ n: keep.length })); };`,
  "memory-caught.js": `export default (input) => { ${fine} try { const keep = []; for (;;) keep.push(new Float64Array(1 << 16)); } catch (e) { return { text: "caught " + e.message }; } };`,
  "allocates.js": `export default (input) => { const keep = []; for (let i = 0; i < input.payload.mib; i++) keep.push(new Uint8Array(1 << 20)); return { text: "allocated " + keep.length + " MiB" }; };`,
  "huge-result.js": `export default (input) => { ${fine} return { text: "x".repeat(1000000) }; };`,
  "multibyte-result.js": `export default (input) => { ${fine} return { text: "é".repeat(input.payload.n) }; };`,
  "recursion.js": `export default (input) => { ${fine} const down = (n) => down(n + 1) + 1; return { text: String(down(0)) }; };`,
  "json-recursion.js": `export default (input) => { ${fine} let o = {}; for (let i = 0; i < 20000; i++) o = { o }; return { text: JSON.stringify(o) }; };`,
  "shallow-recursion.js": `export default (input) => { const depth = (n) => (n === 0 ? 0 : 1 + depth(n - 1)); return { text: String(depth(input.payload.n)) }; };`,
  "never-settles.js": `export default (input) => { ${fine} return new Promise(() => {}); };`,
  "bad-channel.js": `export default (input) => { ${fine} return { channel: "carrier-pigeon", timeoutSeconds: -1 }; };`,
  "unknown-field.js": `export default (input) => { ${fine} return { text: "t", foo: 1 }; };`,
  "array.js": `export default (input) => { ${fine} return ["text"]; };`,
  "number.js": `export default (input) => { ${fine} return 42; };`,
  "bigint.js": `export default (input) => { ${fine} return { text: 1n }; };`,
  "deep-payload.js": `export default (input) => ({ text: typeof input.payload });`,
});

async function expectRecovers(handle: TransformHandle): Promise<void> {
  expect(await handle.call(input({ ok: true }))).toEqual({ ok: true, result: { text: "fine" } });
}

describe("transform failures", () => {
  const loader = loaderFor(dir);
  const load = (module: string) => loader.load(module);
  // The timeout is what these tests are about: a short limit keeps them quick.
  const timed = loaderFor(dir, TIMEOUT_UNDER_TEST);

  it("maps a throw to TRANSFORM_THREW with the error's message", async () => {
    const handle = await load("throws.js");
    expect(await handle.call(input({}))).toEqual({
      ok: false,
      code: "TRANSFORM_THREW",
      error: "payload has no repository",
    });
    await expectRecovers(handle);
  });

  it("describes thrown non-errors and truncates long messages", async () => {
    expect(await (await load("throws-string.js")).call(input({}))).toEqual({
      ok: false,
      code: "TRANSFORM_THREW",
      error: "plain string",
    });
    expect(await (await load("throws-null.js")).call(input({}))).toEqual({
      ok: false,
      code: "TRANSFORM_THREW",
      error: "null",
    });
    const long = await (await load("throws-long.js")).call(input({}));
    expect(long).toMatchObject({ ok: false, code: "TRANSFORM_THREW" });
    expect(long.ok ? "" : long.error.length).toBeLessThanOrEqual(503);
  });

  it("maps a rejected promise to TRANSFORM_THREW", async () => {
    const handle = await load("rejects.js");
    expect(await handle.call(input({}))).toEqual({
      ok: false,
      code: "TRANSFORM_THREW",
      error: "TypeError: async failure",
    });
    await expectRecovers(handle);
  });

  it("stops an infinite loop at the CPU limit, even inside try/catch, and serves the next call", async () => {
    for (const module of ["loop.js", "catch-loop.js", "async-loop.js"]) {
      const handle = await timed.load(module);
      expect(await handle.call(input({}))).toEqual({
        ok: false,
        code: "TRANSFORM_TIMEOUT",
        error: `the transform ran longer than hooks.transformLimits.cpuMs (${TIMEOUT_UNDER_TEST.cpuMs} ms)`,
      });
      await expectRecovers(handle);
    }
  });

  it("counts work queued after returning (nothing outlives the call)", async () => {
    const handle = await timed.load("job-after-return.js");
    expect(await handle.call(input({}))).toMatchObject({ ok: false, code: "TRANSFORM_TIMEOUT" });
    await expectRecovers(handle);
  });

  it("stops catastrophic regular-expression backtracking", async () => {
    const handle = await timed.load("regex.js");
    expect(await handle.call(input({}))).toMatchObject({ ok: false, code: "TRANSFORM_TIMEOUT" });
    await expectRecovers(handle);
  });

  it("maps running out of memory to TRANSFORM_OUT_OF_MEMORY and serves the next call", async () => {
    for (const module of ["memory.js", "memory-objects.js"]) {
      const handle = await load(module);
      expect(await handle.call(input({}))).toEqual({
        ok: false,
        code: "TRANSFORM_OUT_OF_MEMORY",
        error: `the transform ran out of memory (hooks.transformLimits.memoryMiB is ${testLimits.memoryMiB})`,
      });
      await expectRecovers(handle);
      // The memory is free again: a second bomb fails the same way instead of starving.
      expect(await handle.call(input({}))).toMatchObject({ ok: false, code: "TRANSFORM_OUT_OF_MEMORY" });
      await expectRecovers(handle);
    }
  });

  it("lets a transform recover from its own allocation failure", async () => {
    const handle = await load("memory-caught.js");
    expect(await handle.call(input({}))).toEqual({ ok: true, result: { text: "caught out of memory" } });
    await expectRecovers(handle);
  });

  it("rejects a result over maxResultBytes without copying it out", async () => {
    const handle = await load("huge-result.js");
    const outcome = await handle.call(input({}));
    expect(outcome).toMatchObject({ ok: false, code: "TRANSFORM_RESULT_TOO_LARGE" });
    expect(outcome.ok ? "" : outcome.error).toContain(
      "hooks.transformLimits.maxResultBytes (262144 bytes of JSON",
    );
    await expectRecovers(handle);
  });

  it("measures the result in UTF-8 bytes, not characters", async () => {
    const small = loaderFor(dir, { maxResultBytes: 100 });
    const handle = await small.load("multibyte-result.js");
    // 60 characters of JSON text plus framing fit in 100 characters, but take 131 bytes.
    expect(await handle.call(input({ n: 60 }))).toMatchObject({
      ok: false,
      code: "TRANSFORM_RESULT_TOO_LARGE",
    });
    expect(await handle.call(input({ n: 40 }))).toEqual({ ok: true, result: { text: "é".repeat(40) } });
  });

  it("fails deep recursion cleanly at the stack limit", async () => {
    for (const module of ["recursion.js", "json-recursion.js"]) {
      // JSON.stringify takes a while to reach the limit, all in one built-in call: room for that.
      const handle = await load(module);
      const outcome = await handle.call(input({}));
      expect(outcome).toMatchObject({ ok: false });
      expect(outcome.ok ? "" : outcome.error).toContain("stack overflow");
      await expectRecovers(handle);
    }
  });

  it("still allows ordinary recursion depths", async () => {
    const handle = await load("shallow-recursion.js");
    expect(await handle.call(input({ n: 150 }))).toEqual({ ok: true, result: { text: "150" } });
  });

  it("fails a promise that can never settle", async () => {
    const handle = await load("never-settles.js");
    expect(await handle.call(input({}))).toMatchObject({ ok: false, code: "TRANSFORM_INVALID_RESULT" });
    await expectRecovers(handle);
  });

  it("validates the result against the schema, naming the fields", async () => {
    const channel = await (await load("bad-channel.js")).call(input({}));
    expect(channel).toMatchObject({ ok: false, code: "TRANSFORM_INVALID_RESULT" });
    expect(channel.ok ? "" : channel.error).toContain("channel must be one of: last, whatsapp");
    expect(channel.ok ? "" : channel.error).toContain("timeoutSeconds must be > 0");
    const unknown = await (await load("unknown-field.js")).call(input({}));
    expect(unknown).toEqual({
      ok: false,
      code: "TRANSFORM_INVALID_RESULT",
      error: `the result is invalid: "foo" is not a field a transform may set`,
    });
  });

  it("rejects results that are not objects", async () => {
    expect(await (await load("array.js")).call(input({}))).toEqual({
      ok: false,
      code: "TRANSFORM_INVALID_RESULT",
      error: "the result is invalid: it must be an object or null",
    });
    expect(await (await load("number.js")).call(input({}))).toEqual({
      ok: false,
      code: "TRANSFORM_INVALID_RESULT",
      error: "the transform returned a number; return an object or null",
    });
    expect(await (await load("bigint.js")).call(input({}))).toMatchObject({
      ok: false,
      code: "TRANSFORM_INVALID_RESULT",
    });
  });

  it("fails a payload nested too deeply for the sandbox, and serves the next call", async () => {
    // The smallest stack the config allows, so that the sandbox's parser gives up first.
    const handle = await loaderFor(dir, { maxStackBytes: 16_384 }).load("deep-payload.js");
    const nested = (depth: number) => {
      let deep: unknown = 1;
      for (let i = 0; i < depth; i++) deep = [deep];
      return deep;
    };
    const inSandbox = await handle.call(input(nested(3_000)));
    expect(inSandbox).toEqual({
      ok: false,
      code: "TRANSFORM_INPUT_REJECTED",
      error: "the request could not be handed to the transform: SyntaxError: stack overflow",
    });
    // Too deep even for the host to serialise.
    const inHost = await handle.call(input(nested(200_000)));
    expect(inHost).toMatchObject({ ok: false, code: "TRANSFORM_INPUT_REJECTED" });
    expect(inHost.ok ? "" : inHost.error).toContain("the request could not be handed to the transform");
    expect(await handle.call(input(nested(20)))).toEqual({ ok: true, result: { text: "object" } });
  });
});

describe("the memory limit", () => {
  it("caps what a transform may allocate at memoryMiB over the engine's base", async () => {
    const small = await loaderFor(dir, { memoryMiB: 8, cpuMs: 5000 }).load("allocates.js");
    expect(await small.call(input({ mib: 4 }))).toEqual({ ok: true, result: { text: "allocated 4 MiB" } });
    expect(await small.call(input({ mib: 40 }))).toMatchObject({
      ok: false,
      code: "TRANSFORM_OUT_OF_MEMORY",
    });
    expect(await small.call(input({ mib: 4 }))).toEqual({ ok: true, result: { text: "allocated 4 MiB" } });
    const large = await loaderFor(dir, { memoryMiB: 64, cpuMs: 5000 }).load("allocates.js");
    expect(await large.call(input({ mib: 40 }))).toEqual({ ok: true, result: { text: "allocated 40 MiB" } });
  });
});
