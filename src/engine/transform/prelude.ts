// Source evaluated inside each sandbox context before any transform code. It hardens the realm once
// (so one context can serve many calls without state leaking between them) and returns `link`, which
// wires a bundled module factory to the call protocol the host speaks (see sandbox.ts).
//
// Hardening, in order:
// 1. Remove what could outlive a call or block: WeakRef / FinalizationRegistry (callbacks that fire
//    during a later call), SharedArrayBuffer / Atomics.
// 2. Replace eval and the Function constructors with functions that throw. Besides denying code
//    built from payload text, this keeps the QuickJS parser out of reach at run time: its recursion
//    uses far more native stack than the sandbox stack limit accounts for, and a native stack
//    overflow would crash the whole WebAssembly instance instead of failing one call.
// 3. A `console` whose methods do nothing, so a leftover `console.log` does not fail the transform.
// 4. Turn a few inherited data properties (toString, constructor, Error name/message, ...) into
//    accessors whose setter defines an own property: with frozen prototypes, `this.name = "MyError"`
//    or `obj.toString = f` would otherwise throw (the "override mistake").
// 5. Deep-freeze every object reachable from globalThis and from the intrinsics that are not
//    (iterator and generator prototypes, %TypedArray%, %ThrowTypeError%), globalThis included.
//
// Call protocol: `run(inputJson)` and `settle()` return a string whose first character is a tag:
//   V<json>  result (at most maxChars UTF-16 units)   N  null/undefined (skip)
//   P        a promise: run pending jobs, then call settle()   U  the promise never settled
//   E<text>  the transform threw      I<text>  the result is not plain data
//   L<n>     the result is n UTF-16 units long, over the limit    M  out of memory
//   Z        null was thrown (what QuickJS throws when the heap is too full for an error object)
// Input arrives as JSON text and is parsed here; results leave as JSON text. No host function is
// ever reachable from inside.
export const PRELUDE_SOURCE = `(() => {
  "use strict";
  const g = globalThis;
  const { freeze, getPrototypeOf, getOwnPropertyDescriptor, defineProperty } = Object;
  const { apply, ownKeys } = Reflect;
  const parse = JSON.parse;
  const stringify = JSON.stringify;
  const PromiseCtor = Promise;
  const promiseResolve = Promise.resolve;
  const promiseThen = Promise.prototype.then;
  const ErrorCtor = Error;
  const InternalErrorCtor = g.InternalError;
  const TypeErrorCtor = TypeError;
  const StringCtor = String;

  for (const name of ["WeakRef", "FinalizationRegistry", "SharedArrayBuffer", "Atomics"]) delete g[name];

  const GeneratorFunctionPrototype = getPrototypeOf(function* () {});
  const AsyncFunctionPrototype = getPrototypeOf(async function () {});
  const AsyncGeneratorFunctionPrototype = getPrototypeOf(async function* () {});
  const denied = (name) => {
    const stand = function () {
      throw new EvalError(name + " is not available in transforms: code cannot be built from strings");
    };
    defineProperty(stand, "name", { value: name });
    return stand;
  };
  const tameConstructor = (prototype, name) => {
    const stand = denied(name);
    defineProperty(stand, "prototype", { value: prototype, writable: false });
    defineProperty(prototype, "constructor", { value: stand, writable: true, configurable: true });
    return stand;
  };
  const tamedFunction = tameConstructor(Function.prototype, "Function");
  tameConstructor(GeneratorFunctionPrototype, "GeneratorFunction");
  tameConstructor(AsyncFunctionPrototype, "AsyncFunction");
  tameConstructor(AsyncGeneratorFunctionPrototype, "AsyncGeneratorFunction");
  defineProperty(g, "Function", { value: tamedFunction });
  defineProperty(g, "eval", { value: denied("eval") });

  const noop = () => undefined;
  defineProperty(g, "console", {
    value: { log: noop, info: noop, warn: noop, error: noop, debug: noop, trace: noop },
    writable: true,
    configurable: true,
  });

  const allowOverride = (object, names) => {
    for (const name of names) {
      const desc = getOwnPropertyDescriptor(object, name);
      if (!desc || !("value" in desc) || !desc.configurable) continue;
      const value = desc.value;
      defineProperty(object, name, {
        get() {
          return value;
        },
        set(next) {
          if (this === object) throw new TypeErrorCtor("Cannot assign to read only property '" + name + "' of a built-in object");
          defineProperty(this, name, { value: next, writable: true, enumerable: true, configurable: true });
        },
        enumerable: desc.enumerable,
        configurable: false,
      });
    }
  };
  allowOverride(Object.prototype, [
    "constructor", "toString", "toLocaleString", "valueOf", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable",
  ]);
  allowOverride(Array.prototype, ["constructor", "toString", "toLocaleString", "push", "join"]);
  allowOverride(Function.prototype, ["constructor", "toString", "apply", "call", "bind"]);
  allowOverride(Promise.prototype, ["constructor", "then", "catch", "finally"]);
  allowOverride(Date.prototype, ["constructor", "toString", "toJSON"]);
  for (const E of [Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError, g.InternalError, g.AggregateError]) {
    if (typeof E === "function") allowOverride(E.prototype, ["constructor", "name", "message", "toString"]);
  }

  const hidden = [
    GeneratorFunctionPrototype,
    AsyncFunctionPrototype,
    AsyncGeneratorFunctionPrototype,
    getPrototypeOf([][Symbol.iterator]()),
    getPrototypeOf(new Map()[Symbol.iterator]()),
    getPrototypeOf(new Set()[Symbol.iterator]()),
    getPrototypeOf(""[Symbol.iterator]()),
    getPrototypeOf(/x/[Symbol.matchAll]("")),
    getPrototypeOf(Int8Array),
    getOwnPropertyDescriptor(Function.prototype, "caller")?.get,
    getOwnPropertyDescriptor((function () { return arguments; })(), "callee")?.get,
  ];
  if (typeof Iterator === "function") {
    if (typeof Iterator.prototype.map === "function") hidden.push(getPrototypeOf([].values().map(noop)));
    if (typeof Iterator.from === "function") hidden.push(getPrototypeOf(Iterator.from({ next: noop })));
  }
  const seen = new Set();
  const pending = [g, ...hidden];
  while (pending.length > 0) {
    const value = pending.pop();
    if (value === null || (typeof value !== "object" && typeof value !== "function") || seen.has(value)) continue;
    seen.add(value);
    pending.push(getPrototypeOf(value));
    for (const key of ownKeys(value)) {
      const desc = getOwnPropertyDescriptor(value, key);
      if (desc === undefined) continue;
      if ("value" in desc) pending.push(desc.value);
      else pending.push(desc.get, desc.set);
    }
    freeze(value);
  }

  const MAX_MESSAGE = 500;
  const isOutOfMemory = (e) => {
    try {
      return e instanceof InternalErrorCtor && e.message === "out of memory";
    } catch {
      return false;
    }
  };
  const describe = (e) => {
    try {
      let text;
      if (e instanceof ErrorCtor) {
        const name = e.name;
        const message = StringCtor(e.message);
        text = typeof name === "string" && name !== "Error" && name !== "" ? name + ": " + message : message;
      } else {
        text = StringCtor(e);
      }
      return text.length > MAX_MESSAGE ? text.slice(0, MAX_MESSAGE) + "..." : text;
    } catch {
      return "a thrown value that cannot be turned into a message";
    }
  };
  // When even the error object cannot be allocated, QuickJS throws null: "Z" lets the host decide.
  const fail = (e, prefix) => (isOutOfMemory(e) ? "M" : e === null ? "Z" : "E" + prefix + describe(e));

  const link = (factory, exportName, maxChars) => {
    let current = null;
    // The factory returns the module's exports as [name, value] pairs (see bundle.ts).
    const pick = (pairs) => {
      for (let i = 0; i < pairs.length; i++) if (pairs[i][0] === exportName) return pairs[i][1];
      return undefined;
    };
    const encode = (value) => {
      if (value === null || value === undefined) return "N";
      if (typeof value !== "object") return "I" + "the transform returned a " + typeof value + "; return an object or null";
      let json;
      try {
        json = stringify(value);
      } catch (e) {
        return isOutOfMemory(e) ? "M" : "I" + "the result cannot be turned into JSON: " + describe(e);
      }
      if (typeof json !== "string") return "I" + "the result cannot be turned into JSON (toJSON returned no value)";
      if (json.length > maxChars) return "L" + json.length;
      return "V" + json;
    };
    const run = (inputJson) => {
      try {
        current = null;
        let input;
        try {
          input = parse(inputJson);
        } catch (e) {
          // The sender's payload, not the transform, is at fault (nested too deeply for the stack).
          return isOutOfMemory(e) ? "M" : "P" + "the request could not be handed to the transform: " + describe(e);
        }
        let out;
        try {
          const fn = pick(factory());
          if (typeof fn !== "function") return "E" + 'export "' + exportName + '" is not a function';
          out = apply(fn, undefined, [input]);
          if (out !== null && (typeof out === "object" || typeof out === "function") && typeof out.then === "function") {
            const record = { state: 0, value: undefined };
            current = record;
            apply(promiseThen, apply(promiseResolve, PromiseCtor, [out]), [
              (value) => {
                record.state = 1;
                record.value = value;
              },
              (error) => {
                record.state = 2;
                record.value = error;
              },
            ]);
            return "P";
          }
        } catch (e) {
          return fail(e, "");
        }
        return encode(out);
      } catch (e) {
        return fail(e, "");
      }
    };
    const settle = () => {
      try {
        const record = current;
        current = null;
        if (record === null || record.state === 0) return "U";
        if (record.state === 2) return fail(record.value, "");
        return encode(record.value);
      } catch (e) {
        return fail(e, "");
      }
    };
    const probe = () => {
      try {
        const pairs = factory();
        const found = [];
        for (let i = 0; i < pairs.length; i++) found[i] = [pairs[i][0], typeof pairs[i][1]];
        return "V" + stringify(found);
      } catch (e) {
        return fail(e, "");
      }
    };
    return freeze({ run: freeze(run), settle: freeze(settle), probe: freeze(probe) });
  };
  return freeze(link);
})()`;
