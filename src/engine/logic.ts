// JsonLogic for `match.when`: compiled once at load with json-logic-engine, over a curated operator
// set with the semantics of the JsonLogic reference implementation (jsonlogic.com, json-logic-js).
// Left out: operators that call methods on values or write logs (`method`, `log`), and the engine's
// extensions (`val`, `get`, `try`, `throw`, `pipe`, `eachKey`, `preserve`, `??`, scope traversal).
// `var` never walks through `__proto__`, `constructor` or `prototype`, and never returns a function.
// Every evaluation runs on a budget (logic-budget.ts): iterators charge the items they walk, and
// operators charge what they build (merge, cat) or read (in, and every operand turned into a number
// or text: an array becomes text by reading all of it).

import { Constants, defaultMethods, LogicEngine } from "json-logic-engine";
import type { PathSegment } from "../config/source/key-path.js";
import { isObject } from "../core/is-object.js";
import { BUDGET_LIMITS, type BudgetLimits } from "./budget.js";
import { chargeIterations, chargeSize, coerced, withWhenBudget } from "./logic-budget.js";

/** Path segments that resolve to nothing, in `var` paths and template paths alike. */
export const BLOCKED_SEGMENTS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** JsonLogic truthiness: an empty array is false, everything else as in JavaScript. */
export function truthy(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
}

/** Internal operator: the value when it is an array, else []. Keeps iterators total on any input. */
const ARRAY_OF = "hookgate:array";
/** Internal operator: undefined, which is what an empty `and` / `or` gives in the reference. */
const NOTHING = "hookgate:nothing";
const INTERNAL = new Set([ARRAY_OF, NOTHING]);

type Eager = (args: unknown[], context: unknown) => unknown;

const num = (v: unknown): number => Number.parseFloat(coerced(v) as string);
// Comparisons keep JavaScript's coercions (JsonLogic defines them that way); `coerced` charges them.
const lt = (a: unknown, b: unknown): boolean => (coerced(a) as number) < (coerced(b) as number);
const le = (a: unknown, b: unknown): boolean => (coerced(a) as number) <= (coerced(b) as number);
/** Arithmetic operand: the value, its conversion to a number charged. */
const arith = (v: unknown): number => coerced(v) as number;

/** Reads a dotted path from data the way JsonLogic's `var` does, minus prototype segments and functions. */
export function readPath(data: unknown, key: unknown, notFound: unknown = null): unknown {
  if (key === undefined || key === null || key === "") return data;
  return readParts(data, String(key).split("."), notFound);
}

function readParts(data: unknown, parts: readonly string[], notFound: unknown): unknown {
  let cur: unknown = data;
  for (const part of parts) {
    if (cur === null || cur === undefined) return notFound;
    if (BLOCKED_SEGMENTS.has(part)) return notFound;
    // Own and inherited plain-data properties (e.g. string length) are fine; functions never are.
    cur = (cur as Record<string, unknown>)[part];
    if (cur === undefined) return notFound;
  }
  return typeof cur === "function" ? null : cur;
}

/** A reader for one static path, checked against blocked segments once, here, instead of per read. */
export function pathReader(path: string, notFound: unknown = null): (data: unknown) => unknown {
  const parts = path.split(".");
  if (parts.some((p) => BLOCKED_SEGMENTS.has(p))) return () => notFound;
  const n = parts.length;
  return (data) => {
    let cur = data;
    for (let i = 0; i < n; i++) {
      if (cur === null || cur === undefined) return notFound;
      cur = (cur as Record<string, unknown>)[parts[i]!];
      if (cur === undefined) return notFound;
    }
    return typeof cur === "function" ? null : cur;
  };
}

const eager: Record<string, Eager> = {
  // biome-ignore lint/suspicious/noDoubleEquals: JsonLogic `==` is loose equality by definition.
  "==": ([a, b]) => coerced(a) == coerced(b),
  "===": ([a, b]) => a === b,
  // biome-ignore lint/suspicious/noDoubleEquals: JsonLogic `!=` is loose inequality by definition.
  "!=": ([a, b]) => coerced(a) != coerced(b),
  "!==": ([a, b]) => a !== b,
  ">": ([a, b]) => lt(b, a),
  ">=": ([a, b]) => le(b, a),
  // Three arguments: between, exclusive (`<`) or inclusive (`<=`).
  "<": ([a, b, c]) => (c === undefined ? lt(a, b) : lt(a, b) && lt(b, c)),
  "<=": ([a, b, c]) => (c === undefined ? le(a, b) : le(a, b) && le(b, c)),
  "!": ([a]) => !truthy(a),
  "!!": ([a]) => truthy(a),
  "%": ([a, b]) => arith(a) % arith(b),
  // A search reads the whole string or array.
  in: ([a, b]) => {
    if (!b) return false;
    if (typeof b === "string") {
      chargeSize(b.length);
      return b.indexOf(coerced(a) as string) !== -1;
    }
    if (Array.isArray(b)) {
      chargeSize(b.length);
      return b.indexOf(a) !== -1;
    }
    return false;
  },
  cat: (args) =>
    args
      .map((a) => {
        if (a === null || a === undefined) return "";
        const text = String(coerced(a));
        // Arrays were charged as they were read; strings are charged as the text they add.
        if (!Array.isArray(a)) chargeSize(text.length);
        return text;
      })
      .join(""),
  // Start and length are converted to numbers once (as substr itself would), charged like the source.
  substr: ([source, start, end]) => {
    const s = String(coerced(source));
    const from = Number(coerced(start));
    if (end === undefined) return s.substr(from);
    const length = Number(coerced(end));
    // A negative length counts from the end, as in PHP.
    if (length < 0) {
      const rest = s.substr(from);
      return rest.substr(0, rest.length + length);
    }
    return s.substr(from, length);
  },
  "+": (args) => args.reduce<number>((acc, v) => acc + num(v), 0),
  "*": (args) => {
    if (args.length === 0) throw new Error("* needs at least one argument");
    return args.length === 1 ? args[0] : args.slice(1).reduce<number>((acc, v) => acc * num(v), num(args[0]));
  },
  "-": ([a, b]) => (b === undefined ? -arith(a) : arith(a) - arith(b)),
  "/": ([a, b]) => arith(a) / arith(b),
  min: (args) => Math.min(...args.map(arith)),
  max: (args) => Math.max(...args.map(arith)),
  // The result's length is charged before it is built: doubling an array in a loop stops in time.
  merge: (args) => {
    let length = 0;
    for (const v of args) length += Array.isArray(v) ? v.length : 1;
    chargeSize(length);
    return args.reduce<unknown[]>((acc, v) => acc.concat(v), []);
  },
  var: ([key, fallback], context) =>
    readPath(context, coerced(key), fallback === undefined ? null : fallback),
  missing: (args, context) => missingKeys(Array.isArray(args[0]) ? (args[0] as unknown[]) : args, context),
  missing_some: ([need, options], context) => {
    const keys = Array.isArray(options) ? options : [];
    const missing = missingKeys(keys, context);
    return keys.length - missing.length >= arith(need) ? [] : missing;
  },
  // Every iterator's input goes through here (see normalise): its items are charged before the loop.
  [ARRAY_OF]: ([v]) => {
    if (!Array.isArray(v)) return [];
    chargeIterations(v.length);
    return v;
  },
  [NOTHING]: () => undefined,
};

function missingKeys(keys: unknown[], context: unknown): unknown[] {
  chargeSize(keys.length);
  const out: unknown[] = [];
  for (const key of keys) {
    const v = readPath(context, coerced(key));
    if (v === null || v === "") out.push(key);
  }
  return out;
}

/** Control flow and iteration come from json-logic-engine (compiled, short-circuiting). */
const LAZY = ["if", "?:", "and", "or", "map", "filter", "reduce", "all", "some", "none"] as const;
const ITERATORS = new Set(["map", "filter", "reduce", "all", "some", "none"]);

/** Every operator a `when` expression may use. */
export const ALLOWED_OPERATORS: readonly string[] = [
  ...LAZY,
  ...Object.keys(eager).filter((k) => !INTERNAL.has(k)),
];

// Inline code for the hot operators, in the engine's own compile-hook form: a tagged template whose
// holes are sub-expressions (parenthesised: they may be conditional expressions). Argument shapes
// other than these fall back to the method.
type BuildState = {
  compile: (strings: TemplateStringsArray, ...parts: unknown[]) => unknown;
  methods: unknown[];
};
type Compile = (args: unknown, state: BuildState) => unknown;

const isLiteral = (v: unknown) =>
  v === null || ["string", "number", "boolean", "undefined"].includes(typeof v);

/** `coerced` as a function compiled code may call inline (the engine awaits functions not marked sync). */
const coercedInline = Object.assign((v: unknown) => (Array.isArray(v) ? coerced(v) : v), {
  [Constants.Sync]: true,
});

const binary =
  (op: string): Compile =>
  (args, state) => {
    if (!Array.isArray(args) || args.length !== 2) return false;
    const [a, b] = args;
    if (op === "===") return state.compile`((${a}) === (${b}))`;
    if (op === "!==") return state.compile`((${a}) !== (${b}))`;
    // Loose comparisons may turn an array into text: such operands are charged (logic-budget.ts).
    const operand = (v: unknown) => (isLiteral(v) ? v : state.compile`${coercedInline}(${v})`);
    const [x, y] = [operand(a), operand(b)];
    switch (op) {
      case "==":
        return state.compile`((${x}) == (${y}))`;
      case "!=":
        return state.compile`((${x}) != (${y}))`;
      case ">":
        return state.compile`((${x}) > (${y}))`;
      case ">=":
        return state.compile`((${x}) >= (${y}))`;
      case "<":
        return state.compile`((${x}) < (${y}))`;
      default:
        return state.compile`((${x}) <= (${y}))`;
    }
  };

const compiled: Record<string, Compile> = {
  "==": binary("=="),
  "===": binary("==="),
  "!=": binary("!="),
  "!==": binary("!=="),
  ">": binary(">"),
  ">=": binary(">="),
  "<": binary("<"),
  "<=": binary("<="),
  "!": (args, state) =>
    Array.isArray(args) && args.length === 1 ? state.compile`(!engine.truthy((${args[0]})))` : false,
  "!!": (args, state) =>
    Array.isArray(args) && args.length === 1 ? state.compile`(!!engine.truthy((${args[0]})))` : false,
  // A static path is split once at load into a reader function.
  var: (args, state) => {
    if (!Array.isArray(args) || args.length > 2) return false;
    const [key, fallback] = args;
    if (!(typeof key === "string" || typeof key === "number") || !isLiteral(fallback)) return false;
    if (key === "") return false;
    state.methods.push(pathReader(String(key), fallback === undefined ? null : fallback));
    return `methods[${state.methods.length - 1}](context)`;
  },
};

function createEngine(): LogicEngine {
  const chosen: Record<string, unknown> = {};
  for (const name of LAZY) chosen[name] = defaultMethods[name as keyof typeof defaultMethods];
  // maxDepth Infinity: the engine's own accumulator check walks the whole accumulator on every step
  // of a reduce (quadratic in the list) and rejects accumulators the reference accepts; the budget
  // bounds accumulator sizes instead.
  const engine = new LogicEngine(chosen, { maxDepth: Number.POSITIVE_INFINITY });
  // JsonLogic truthiness (the engine's own treats {} as false and breaks on null-prototype objects).
  engine.truthy = truthy;
  for (const [name, fn] of Object.entries(eager)) {
    // Not folded at load: a constant branch that throws (`{"*": []}`) must only fail when it runs.
    const compile = compiled[name];
    engine.addMethod(name, {
      method: fn as never,
      deterministic: false,
      lazy: false,
      ...(compile ? { compile } : {}),
    } as never);
  }
  return engine;
}

let shared: LogicEngine | undefined;

/** Thrown by compileLogic; `where` is a JSON-pointer-like path inside the expression. */
export class LogicSyntaxError extends Error {
  constructor(
    message: string,
    readonly where: string,
  ) {
    super(message);
    this.name = "LogicSyntaxError";
  }
}

/**
 * Puts an expression into the one shape the engine compiles the reference way: arguments always an
 * array, iterator inputs forced to arrays, reduce always with an initial value. Rejects operators
 * outside the curated set.
 */
function normalise(expr: unknown, where: string): unknown {
  if (Array.isArray(expr)) return expr.map((e, i) => normalise(e, `${where}[${i}]`));
  if (!isObject(expr)) return expr;
  const keys = Object.keys(expr);
  if (keys.length === 0) return expr;
  if (keys.length > 1) {
    throw new LogicSyntaxError(
      `an operation must have exactly one key, found ${keys.map((k) => JSON.stringify(k)).join(", ")}`,
      where,
    );
  }
  const op = keys[0]!;
  if (!ALLOWED_OPERATORS.includes(op)) {
    throw new LogicSyntaxError(
      `unknown or disallowed operator ${JSON.stringify(op)}; allowed: ${ALLOWED_OPERATORS.join(" ")}`,
      where,
    );
  }
  const raw = expr[op];
  let args = (Array.isArray(raw) ? raw : [raw]).map((a, i) => normalise(a, `${where}.${op}[${i}]`));
  if ((op === "and" || op === "or") && args.length === 0) return { [NOTHING]: [] };
  // The engine compiles `if` with three or more arguments; shorter forms would run interpreted.
  if (op === "if" || op === "?:") {
    if (args.length === 0) return null;
    if (args.length === 1) return args[0];
    if (args.length === 2) args.push(null);
  }
  if (ITERATORS.has(op)) {
    args = [{ [ARRAY_OF]: [args[0] ?? null] }, args[1] ?? null, ...args.slice(2)];
    if (op === "reduce" && args.length < 3) args.push(null);
  }
  return { [op]: args };
}

export type CompiledLogic = (context: unknown) => unknown;

/**
 * Compiles a `when` expression once; throws LogicSyntaxError for unknown operators or bad shapes.
 * Each call of the result runs on its own budget and throws BudgetExceededError past it.
 */
export function compileLogic(expr: unknown, limits: BudgetLimits = BUDGET_LIMITS): CompiledLogic {
  if (typeof expr === "boolean") return () => expr;
  const normalised = normalise(expr, "");
  shared ??= createEngine();
  let fn: unknown;
  try {
    fn = shared.build(normalised);
  } catch (err) {
    throw new LogicSyntaxError(describeEngineError(err), "");
  }
  if (typeof fn !== "function") return () => fn;
  const run = fn as CompiledLogic;
  return (context) => withWhenBudget(run, context, limits);
}

/** The engine throws plain objects and NaN as well as Errors; make every one a sentence. */
export function describeEngineError(err: unknown): string {
  if (err instanceof Error) return err.message;
  if (typeof err === "number" && Number.isNaN(err)) return "not a number";
  if (isObject(err)) {
    const type = typeof err.type === "string" ? err.type : "error";
    return typeof err.key === "string" ? `${type}: ${err.key}` : type;
  }
  return String(err);
}

/** A `var` with a fixed path that reads the request, and where it stands in the expression. */
export interface VarRef {
  path: string;
  /** Key path from the expression down to the `var`'s path, for pointing at it in the file. */
  at: PathSegment[];
}

/**
 * Every `var` with a fixed path that reads the request (not an item inside map/filter/...): what
 * explain shows on a failed `when` and what the load-time lint checks. Dynamic keys are left out.
 */
export function varRefs(expr: unknown, at: PathSegment[] = []): VarRef[] {
  if (Array.isArray(expr)) return expr.flatMap((e, i) => varRefs(e, [...at, i]));
  if (!isObject(expr)) return [];
  const found: VarRef[] = [];
  for (const [op, raw] of Object.entries(expr)) {
    const here = [...at, op];
    if (op === "var") {
      const key = Array.isArray(raw) ? raw[0] : raw;
      const keyAt = Array.isArray(raw) ? [...here, 0] : here;
      if (typeof key === "string" || typeof key === "number") found.push({ path: String(key), at: keyAt });
      else found.push(...varRefs(key, keyAt));
    } else if (ITERATORS.has(op)) {
      // Only the iterated input (and reduce's initial value) reads the request; the body reads items.
      const args = Array.isArray(raw) ? raw : [raw];
      const argAt = (i: number) => (Array.isArray(raw) ? [...here, i] : here);
      found.push(...varRefs(args[0], argAt(0)));
      if (op === "reduce") found.push(...varRefs(args[2], argAt(2)));
    } else {
      found.push(...varRefs(raw, here));
    }
  }
  return found;
}

/** The distinct fixed `var` paths an expression reads from the request. */
export function varPaths(expr: unknown): Set<string> {
  return new Set(varRefs(expr).map((r) => r.path));
}
