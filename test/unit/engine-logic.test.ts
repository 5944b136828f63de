// match.when: compiled JsonLogic agrees with the reference implementation (json-logic-js) over the
// curated operator set, and never reaches prototype members.
import fc from "fast-check";
import jsonLogic from "json-logic-js";
import { describe, expect, test } from "vitest";
import {
  ALLOWED_OPERATORS,
  compileLogic,
  LogicSyntaxError,
  truthy,
  varPaths,
} from "../../src/engine/logic.js";

const scalar = fc.oneof(
  fc.integer({ min: -5, max: 5 }),
  fc.constantFrom(0.5, -1.5),
  fc.constantFrom("", "a", "b", "abc", "1", "2.5", "x y"),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.record({ x: scalar }));
const data = fc.record({
  a: value,
  b: value,
  c: fc.record({ x: scalar }),
  d: fc.array(value, { maxLength: 3 }),
});
const paths = fc.constantFrom("a", "b", "c", "c.x", "d", "d.0", "d.1", "nope", "a.length", "");

// Expressions over every operator of the curated set, in their long and unary-shorthand forms.
const { expr } = fc.letrec((tie) => ({
  expr: fc.oneof({ depthSize: "small", withCrossShrink: true }, tie("leaf"), tie("op")),
  leaf: fc.oneof(
    scalar,
    paths.map((p) => ({ var: p })),
    fc.tuple(paths, scalar).map(([p, d]) => ({ var: [p, d] })),
  ),
  op: fc.oneof(
    fc
      .tuple(
        fc.constantFrom("==", "===", "!=", "!==", ">", ">=", "<", "<=", "%", "-", "/", "in", "substr"),
        tie("expr"),
        tie("expr"),
      )
      .map(([o, a, b]) => ({ [o]: [a, b] })),
    fc
      .tuple(fc.constantFrom("<", "<=", "substr"), tie("expr"), tie("expr"), tie("expr"))
      .map(([o, a, b, c]) => ({ [o]: [a, b, c] })),
    fc
      .tuple(
        fc.constantFrom("+", "*", "min", "max", "and", "or", "if", "?:", "cat", "merge"),
        fc.array(tie("expr"), { maxLength: 4 }),
      )
      .map(([o, a]) => ({ [o]: a })),
    fc
      .tuple(
        fc.constantFrom("!", "!!", "-", "+", "var", "cat", "and", "or", "if", "merge", "min", "max", "*"),
        tie("expr"),
      )
      .map(([o, a]) => ({ [o]: a })),
    fc.array(paths, { maxLength: 3 }).map((p) => ({ missing: p })),
    fc
      .tuple(fc.integer({ min: 0, max: 3 }), fc.array(paths, { maxLength: 3 }))
      .map(([n, p]) => ({ missing_some: [n, p] })),
    fc
      .tuple(fc.constantFrom("map", "filter", "all", "some", "none"), tie("expr"), tie("expr"))
      .map(([o, a, b]) => ({ [o]: [a, b] })),
    fc
      .tuple(
        tie("expr"),
        fc.constantFrom(
          { "+": [{ var: "current" }, { var: "accumulator" }] },
          { cat: [{ var: "accumulator" }, { var: "current" }] },
        ),
        fc.option(scalar, { nil: undefined }),
      )
      .map(([a, b, c]) => ({ reduce: c === undefined ? [a, b] : [a, b, c] })),
  ),
}));

/** -0 and 0 are one JSON number. */
const canon = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(canon);
  if (v === 0) return 0;
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, canon(x)]));
  return v;
};
function outcome(run: () => unknown): { value: unknown } | { threw: true } {
  try {
    return { value: canon(run()) };
  } catch {
    return { threw: true };
  }
}

describe("compiled predicates", () => {
  test("agree with json-logic-js on generated expressions and data (value, or both throw)", () => {
    fc.assert(
      fc.property(expr, data, (e, d) => {
        const ours = outcome(() => compileLogic(e)(d));
        const reference = outcome(() => jsonLogic.apply(e as never, d));
        expect(ours).toStrictEqual(reference);
      }),
      { seed: 42, numRuns: 3000 },
    );
  });

  test("are deterministic: the same expression and data give the same result every time", () => {
    fc.assert(
      fc.property(expr, data, (e, d) => {
        const fn = compileLogic(e);
        expect(outcome(() => fn(d))).toStrictEqual(outcome(() => fn(d)));
        expect(outcome(() => compileLogic(e)(d))).toStrictEqual(outcome(() => fn(d)));
      }),
      { seed: 42, numRuns: 500 },
    );
  });

  test("use JsonLogic truthiness: [] is false, {} and '0' are true", () => {
    expect([truthy([]), truthy({}), truthy("0"), truthy(0), truthy("")]).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
    expect(compileLogic({ "!!": [{ var: "list" }] })({ list: [] })).toBe(false);
  });

  test("read request fields by path, hyphenated header names included", () => {
    const when = compileLogic({
      and: [
        { "==": [{ var: "headers.x-github-event" }, "push"] },
        { in: ["main", { var: "payload.ref" }] },
        { "==": [{ var: "path" }, "github"] },
        { "==": [{ var: "query.env" }, "prod"] },
      ],
    });
    const ctx = {
      payload: { ref: "refs/heads/main" },
      headers: { "x-github-event": "push" },
      query: { env: "prod" },
      path: "github",
    };
    expect(when(ctx)).toBe(true);
    expect(when({ ...ctx, headers: { "x-github-event": "issues" } })).toBe(false);
  });

  test("var through __proto__, constructor or prototype resolves to nothing, even when the payload has such keys", () => {
    const payload = JSON.parse(
      '{"__proto__": {"admin": true}, "constructor": {"prototype": 1}, "s": "text"}',
    );
    for (const path of [
      "payload.__proto__",
      "payload.__proto__.admin",
      "payload.constructor",
      "payload.constructor.prototype",
      "payload.s.constructor",
      "payload.s.constructor.name",
      "__proto__",
    ]) {
      expect(compileLogic({ var: path })({ payload }), path).toBeNull();
      expect(compileLogic({ var: [path, "fallback"] })({ payload }), path).toBe("fallback");
    }
    // Built from pieces at run time: still nothing.
    expect(compileLogic({ var: { cat: ["payload.__pro", "to__.admin"] } })({ payload })).toBeNull();
    expect(compileLogic({ missing: ["payload.__proto__"] })({ payload })).toEqual(["payload.__proto__"]);
  });

  test("never return functions (methods of strings, arrays, objects)", () => {
    const ctx = { payload: { s: "x", list: [1], o: {} } };
    for (const path of [
      "payload.s.toString",
      "payload.list.map",
      "payload.o.hasOwnProperty",
      "payload.o.toString",
    ]) {
      expect(compileLogic({ var: path })(ctx), path).toBeNull();
    }
    expect(compileLogic({ var: "payload.s.length" })(ctx)).toBe(1);
  });

  test("reject operators outside the curated set at load, naming the operator and where it is", () => {
    for (const op of [
      "method",
      "log",
      "val",
      "get",
      "try",
      "throw",
      "pipe",
      "eachKey",
      "preserve",
      "??",
      "exists",
      "keys",
    ]) {
      expect(() => compileLogic({ and: [true, { [op]: [1] }] }), op).toThrow(LogicSyntaxError);
    }
    try {
      compileLogic({ and: [true, { method: [{ var: "payload.s" }, "toUpperCase"] }] });
      expect.unreachable();
    } catch (err) {
      expect((err as LogicSyntaxError).message).toContain('"method"');
      expect((err as LogicSyntaxError).where).toBe(".and[1]");
    }
    expect(() => compileLogic({ "==": [1, 1], "!=": [1, 2] })).toThrow(/exactly one key/);
    expect(ALLOWED_OPERATORS).not.toContain("method");
  });

  test("booleans are constant predicates", () => {
    expect(compileLogic(true)({})).toBe(true);
    expect(compileLogic(false)({})).toBe(false);
  });

  test("list the static var paths an expression reads (for explain)", () => {
    const reads = varPaths({
      and: [
        { "==": [{ var: "headers.x-github-event" }, "push"] },
        { some: [{ var: "payload.labels" }, { "==": [{ var: "name" }, "bug"] }] },
        { "<": [{ var: ["payload.n", 0] }, 5] },
      ],
    });
    expect([...reads]).toEqual(["headers.x-github-event", "payload.labels", "payload.n"]);
  });
});
