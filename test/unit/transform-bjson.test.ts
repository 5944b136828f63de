// Transform inputs enter the sandbox in QuickJS's binary object format instead of as JSON text
// (src/engine/transform/bjson.ts). A transform must see exactly what JSON.parse inside the sandbox
// would have given it: the same bytes as the engine's own writer, and the same value end to end.
import fc from "fast-check";
import { newQuickJSWASMModule, RELEASE_SYNC } from "quickjs-emscripten";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  decodeJsonValue,
  encodeInputValue,
  encodeJsonValue,
  MAX_BINARY_DEPTH,
} from "../../src/engine/transform/bjson.js";
import { bundleTransform } from "../../src/engine/transform/bundle.js";
import { Sandbox } from "../../src/engine/transform/sandbox.js";
import { input, testLimits, transformsFolder } from "./transform-helpers.js";

/** JSON values with any UTF-16 text (lone surrogates, Latin-1, astral), keys included. */
const text = fc.string({ unit: "binary", maxLength: 40 });
const anyText = fc.oneof(
  text,
  fc.string({ unit: "grapheme-ascii", maxLength: 10 }),
  fc.constantFrom("0", "7", "01", "2147483647", "2147483648", "4294967295", "__proto__", "length", "-1"),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.integer({ min: -(2 ** 31) - 5, max: -(2 ** 31) + 5 }),
    fc.integer({ min: 2 ** 31 - 5, max: 2 ** 31 + 5 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    anyText,
    fc.array(tie("value"), { maxLength: 6 }),
    fc.dictionary(anyText, tie("value"), { maxKeys: 6 }),
  ),
})).value;

describe("the binary input format", () => {
  let quickjs: Awaited<ReturnType<typeof newQuickJSWASMModule>>;
  beforeAll(async () => {
    quickjs = await newQuickJSWASMModule(RELEASE_SYNC);
  });

  it("writes what the engine writes for the value JSON.parse builds from the same text", () => {
    const runtime = quickjs.newRuntime();
    const context = runtime.newContext();
    try {
      fc.assert(
        fc.property(json, (value) => {
          const textOf = JSON.stringify(value);
          const parsed = context.unwrapResult(context.evalCode(`JSON.parse(${JSON.stringify(textOf)})`));
          const encoded = context.encodeBinaryJSON(parsed);
          const theirs = context.getArrayBuffer(encoded);
          const expected = Buffer.from(theirs.value);
          theirs.dispose();
          encoded.dispose();
          parsed.dispose();
          const ours = encodeJsonValue(JSON.parse(textOf));
          expect(ours).not.toBeNull();
          expect(Buffer.from(ours as ArrayBuffer).toString("hex")).toBe(expected.toString("hex"));
        }),
        { numRuns: 500 },
      );
    } finally {
      context.dispose();
      runtime.dispose();
    }
  });

  it("writes an input object as what its JSON copy would be, or refuses it", () => {
    // Besides JSON: what JSON.stringify changes or drops, and objects that are not plain data.
    const odd = fc.oneof(
      fc.constantFrom(undefined, Number.NaN, Number.POSITIVE_INFINITY, -0, 2 ** 53, 1e-7),
      fc.date({ noInvalidDate: true }),
      fc.constant({ toJSON: () => "x" }),
      fc.constant(Object.create(null) as object),
      fc.constant(Object.assign(Object.create(null) as object, { a: 1 })),
      fc.constant(new Map([["a", 1]])),
    );
    const tree = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        json,
        odd,
        fc.array(tie("value"), { maxLength: 4 }),
        fc.dictionary(anyText, tie("value"), { maxKeys: 4 }),
      ),
    })).value;
    let written = 0;
    fc.assert(
      fc.property(tree, (value) => {
        const ours = encodeInputValue(value);
        if (ours === null) return;
        written++;
        const copy = encodeJsonValue(JSON.parse(JSON.stringify(value)));
        expect(Buffer.from(ours).toString("hex")).toBe(Buffer.from(copy as ArrayBuffer).toString("hex"));
      }),
      { numRuns: 1000 },
    );
    expect(written).toBeGreaterThan(100);
    expect(encodeInputValue({ a: undefined })).toBeNull();
    expect(encodeInputValue({ when: new Date(0) })).toBeNull();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(encodeInputValue(cyclic)).toBeNull();
  });

  it("reads its own bytes back as the JSON value they hold", () => {
    fc.assert(
      fc.property(json, (value) => {
        const copy = JSON.parse(JSON.stringify(value));
        expect(decodeJsonValue(encodeJsonValue(copy) as ArrayBuffer)).toEqual(copy);
      }),
      { numRuns: 500 },
    );
    const withProto = decodeJsonValue(encodeJsonValue(JSON.parse('{"__proto__": {"a": 1}}')) as ArrayBuffer);
    expect(Object.getPrototypeOf(withProto)).toBe(Object.prototype);
    expect(Object.keys(withProto as object)).toEqual(["__proto__"]);
  });

  it("leaves values nested deeper than the limit to the text parser", () => {
    let deep: unknown = 1;
    for (let i = 0; i < MAX_BINARY_DEPTH; i++) deep = [deep];
    expect(encodeJsonValue(deep)).not.toBeNull();
    expect(encodeJsonValue([deep])).toBeNull();
    expect(encodeJsonValue({ a: [deep] })).toBeNull();
  });
});

describe("a transform's input", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    const { dir } = transformsFolder({
      // Echoes what the transform sees, with the prototypes of what it was given.
      "echo.js": `export default (input) => ({
        text: JSON.stringify(input),
        own: Object.keys(input.payload ?? {}).length,
        plain: Object.getPrototypeOf(input) === Object.prototype &&
          (input.payload === null || typeof input.payload !== "object" ||
           Object.getPrototypeOf(input.payload) === (Array.isArray(input.payload) ? Array.prototype : Object.prototype)),
        polluted: ({}).polluted === undefined ? "no" : "yes",
      });`,
    });
    const factorySource = await bundleTransform("echo.js", dir);
    sandbox = new Sandbox({ module: "echo.js", factorySource, exportName: "default", limits: testLimits });
    await sandbox.start();
    // Otherwise every call below would test the JSON text path only.
    expect(sandbox.readsBinaryInput).toBe(true);
  });
  afterAll(() => sandbox.dispose());

  const echo = (payload: unknown) => {
    const outcome = sandbox.call(JSON.stringify(input(payload)));
    if (!outcome.ok || outcome.json === null) throw new Error(JSON.stringify(outcome));
    return JSON.parse(outcome.json) as { text: string; own: number; plain: boolean; polluted: string };
  };

  it("is the value JSON.parse gives, whatever the payload", () => {
    fc.assert(
      fc.property(json, (payload) => {
        const seen = echo(payload);
        expect(seen.text).toBe(JSON.stringify(input(payload)));
        expect(seen.plain).toBe(true);
        expect(seen.polluted).toBe("no");
      }),
      { numRuns: 300 },
    );
  });

  it("is the same when the main thread sends the binary form", () => {
    fc.assert(
      fc.property(json, (payload) => {
        const bytes = encodeInputValue(input(payload));
        expect(bytes).not.toBeNull();
        const outcome = sandbox.call(bytes as ArrayBuffer);
        expect(outcome.ok && outcome.json !== null && JSON.parse(outcome.json).text).toBe(
          JSON.stringify(input(payload)),
        );
      }),
      { numRuns: 200 },
    );
  });

  it("keeps __proto__ keys as plain own properties", () => {
    const seen = echo(JSON.parse('{"__proto__": {"polluted": "yes"}, "a": 1}'));
    expect(seen).toMatchObject({ own: 2, plain: true, polluted: "no" });
    expect(JSON.parse(seen.text).payload).toEqual(JSON.parse('{"__proto__": {"polluted": "yes"}, "a": 1}'));
  });

  it("is the same for payloads nested past the binary format's depth", () => {
    let deep: unknown = { end: "é\u0100" };
    for (let i = 0; i < MAX_BINARY_DEPTH + 10; i++) deep = [deep];
    expect(echo(deep).text).toBe(JSON.stringify(input(deep)));
  });
});
