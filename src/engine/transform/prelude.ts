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
//    (iterator and generator prototypes, %TypedArray%, %ThrowTypeError%), globalThis included, and
//    the objects the prelude hands to transforms (the url and node:crypto classes below), so no call
//    can leave anything behind for the next one.
//
// What transforms get besides plain data (OpenClaw passes the same):
// - `ctx.url`: a URL-like object (href, pathname, search, searchParams with get / getAll / has /
//   entries / ..., toString) built anew per call from parts the host parsed;
// - `node:crypto` (bundle.ts resolves the import to the object passed to the module factory):
//   createHash, createHmac, timingSafeEqual, randomUUID. The arguments are checked here, the work is
//   done by the host (host-crypto.ts) through one host function that takes and returns strings.
//
// Call protocol: `hand(inputJson)` parses the input (K: taken; P<text>: refused; M), then `run()` and
// `settle()` return a string whose first character is a tag:
//   V<json>  result (at most maxChars UTF-16 units)   N  null/undefined (skip)
//   P        a promise: run pending jobs, then call settle()   U  the promise never settled
//   E<text>  the transform threw      I<text>  the result is not plain data
//   L<n>     the result is n UTF-16 units long, over the limit    M  out of memory
//   Z        null was thrown (what QuickJS throws when the heap is too full for an error object)
// Input arrives as JSON text and is parsed here; results leave as JSON text. The one host function
// (crypto) is held by link's closure and reachable only through the crypto object's methods.
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
  const RangeErrorCtor = RangeError;
  const StringCtor = String;
  const Uint8ArrayCtor = Uint8Array;
  const fromCharCode = String.fromCharCode;
  const encodeComponent = encodeURIComponent;
  const getter = (object, name) => getOwnPropertyDescriptor(object, name).get;
  const TypedArrayPrototype = getPrototypeOf(Uint8Array.prototype);
  const typedBuffer = getter(TypedArrayPrototype, "buffer");
  const typedOffset = getter(TypedArrayPrototype, "byteOffset");
  const typedLength = getter(TypedArrayPrototype, "byteLength");
  const typedSubarray = TypedArrayPrototype.subarray;
  const viewBuffer = getter(DataView.prototype, "buffer");
  const viewOffset = getter(DataView.prototype, "byteOffset");
  const viewLength = getter(DataView.prototype, "byteLength");
  const bufferLength = getter(ArrayBuffer.prototype, "byteLength");

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
  const deepFreeze = (roots) => {
    const pending = [...roots];
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
  };

  // ctx.url. The host sends { href, origin, protocol, host, hostname, port, pathname, search, params }
  // with params as [name, value] pairs (decoded by the host's own URLSearchParams).
  const notConstructible = {};
  const wellFormed = (text) =>
    StringCtor(text).replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
  const formEncode = (text) =>
    encodeComponent(wellFormed(text))
      .replace(/%20/g, "+")
      .replace(/[!'()~]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
  class URLSearchParams {
    #list;
    #onChange;
    constructor(token, pairs, onChange) {
      if (token !== notConstructible) throw new TypeErrorCtor("Illegal constructor: read ctx.url.searchParams");
      this.#list = pairs;
      this.#onChange = onChange;
    }
    get size() { return this.#list.length; }
    get(name) {
      const key = StringCtor(name);
      for (const pair of this.#list) if (pair[0] === key) return pair[1];
      return null;
    }
    getAll(name) {
      const key = StringCtor(name);
      return this.#list.filter((pair) => pair[0] === key).map((pair) => pair[1]);
    }
    has(name, value) {
      const key = StringCtor(name);
      return this.#list.some((pair) => pair[0] === key && (value === undefined || pair[1] === StringCtor(value)));
    }
    append(name, value) {
      this.#list.push([StringCtor(name), StringCtor(value)]);
      this.#onChange();
    }
    set(name, value) {
      const key = StringCtor(name);
      const text = StringCtor(value);
      let found = false;
      this.#list = this.#list.filter((pair) => {
        if (pair[0] !== key) return true;
        if (found) return false;
        found = true;
        pair[1] = text;
        return true;
      });
      if (!found) this.#list.push([key, text]);
      this.#onChange();
    }
    delete(name, value) {
      const key = StringCtor(name);
      this.#list = this.#list.filter((pair) => !(pair[0] === key && (value === undefined || pair[1] === StringCtor(value))));
      this.#onChange();
    }
    sort() {
      this.#list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      this.#onChange();
    }
    forEach(callback, thisArg) {
      for (const pair of this.#list.slice()) apply(callback, thisArg, [pair[1], pair[0], this]);
    }
    entries() { return this.#list.map((pair) => [pair[0], pair[1]]).values(); }
    keys() { return this.#list.map((pair) => pair[0]).values(); }
    values() { return this.#list.map((pair) => pair[1]).values(); }
    [Symbol.iterator]() { return this.entries(); }
    toString() { return this.#list.map((pair) => formEncode(pair[0]) + "=" + formEncode(pair[1])).join("&"); }
  }
  class URL {
    #parts;
    #params;
    #edited = false;
    constructor(token, parts) {
      if (token !== notConstructible) throw new TypeErrorCtor("Illegal constructor: read ctx.url");
      this.#parts = parts;
      const pairs = [];
      for (const pair of parts.params) pairs.push([StringCtor(pair[0]), StringCtor(pair[1])]);
      this.#params = new URLSearchParams(notConstructible, pairs, () => {
        this.#edited = true;
      });
    }
    get href() { return this.origin + this.pathname + this.search; }
    get origin() { return this.#parts.origin; }
    get protocol() { return this.#parts.protocol; }
    get username() { return ""; }
    get password() { return ""; }
    get host() { return this.#parts.host; }
    get hostname() { return this.#parts.hostname; }
    get port() { return this.#parts.port; }
    get pathname() { return this.#parts.pathname; }
    get search() {
      if (!this.#edited) return this.#parts.search;
      const query = this.#params.toString();
      return query === "" ? "" : "?" + query;
    }
    get hash() { return ""; }
    get searchParams() { return this.#params; }
    toString() { return this.href; }
    toJSON() { return this.href; }
  }
  const makeUrl = (parts) => new URL(notConstructible, parts);

  deepFreeze([g, ...hidden, URL, URLSearchParams]);

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

  // node:crypto. A hash object keeps its input here (as JSON string literals: text with its
  // encoding, bytes as latin1 text) and asks the host once, at digest(). info: what the host accepts.
  const makeCrypto = (host, info) => {
    const budget = { used: 0 };
    const call = (...args) => {
      const answer = apply(host, undefined, args);
      const text = answer.slice(1);
      switch (answer[0]) {
        case "V": return text;
        case "T": throw new TypeErrorCtor(text);
        case "R": throw new RangeErrorCtor(text);
        default: throw new ErrorCtor(text);
      }
    };
    const viewParts = (value) => {
      for (const [buffer, offset, length] of [[typedBuffer, typedOffset, typedLength], [viewBuffer, viewOffset, viewLength]]) {
        try {
          return [apply(buffer, value, []), apply(offset, value, []), apply(length, value, [])];
        } catch {
          // not this kind of view
        }
      }
      try {
        return [value, 0, apply(bufferLength, value, [])];
      } catch {
        return undefined;
      }
    };
    const latin1 = (buffer, offset, length) => {
      const bytes = new Uint8ArrayCtor(buffer, offset, length);
      let text = "";
      for (let i = 0; i < length; i += 8192) {
        text += apply(fromCharCode, undefined, apply(typedSubarray, bytes, [i, i + 8192 < length ? i + 8192 : length]));
      }
      return text;
    };
    const encodingOf = (encoding, known, what) => {
      if (encoding === undefined || encoding === null) return "utf8";
      if (typeof encoding !== "string") throw new TypeErrorCtor("The " + what + " must be a string");
      const name = encoding.toLowerCase();
      if (!known.includes(name)) throw new TypeErrorCtor("Unknown encoding: " + encoding.slice(0, 40));
      return name;
    };
    // Counted before the input is copied: its JSON text is at least that long.
    const charge = (length) => {
      budget.used += length;
      if (budget.used > info.maxInput) {
        throw new ErrorCtor("node:crypto in transforms takes at most " + info.maxInput + " characters of input per call");
      }
    };
    // [JSON text, encoding] of a string or bytes argument, counted against the call's input.
    const dataOf = (value, encoding, what) => {
      let json;
      let name = "latin1";
      let raw;
      if (typeof value === "string") {
        name = encodingOf(encoding, info.inputEncodings, "encoding");
        raw = value.length;
        charge(raw);
        json = stringify(value);
      } else {
        const parts = value !== null && typeof value === "object" ? viewParts(value) : undefined;
        if (parts === undefined) {
          throw new TypeErrorCtor('The "' + what + '" argument must be of type string or an instance of ArrayBuffer, TypedArray or DataView');
        }
        raw = parts[2];
        charge(raw);
        json = stringify(latin1(parts[0], parts[1], parts[2]));
      }
      // The quotes and escapes JSON adds count too: the host counts the JSON text it receives.
      charge(json.length - raw);
      return [json, name];
    };
    const algorithmOf = (algorithm) => {
      if (typeof algorithm !== "string") throw new TypeErrorCtor('The "algorithm" argument must be of type string');
      if (!info.algorithms.includes(algorithm.toLowerCase())) {
        throw new ErrorCtor("Digest method not supported: " + algorithm.slice(0, 40) + "; use one of " + info.algorithms.join(", "));
      }
      return algorithm;
    };
    const secret = {};
    class Hash {
      #algorithm;
      #key;
      #parts = [];
      #done = false;
      constructor(token, algorithm, key) {
        if (token !== secret) throw new TypeErrorCtor("Illegal constructor: use createHash or createHmac");
        this.#algorithm = algorithm;
        this.#key = key;
      }
      update(data, inputEncoding) {
        if (this.#done) throw new ErrorCtor("Digest already called");
        const [json, encoding] = dataOf(data, inputEncoding, "data");
        this.#parts.push(json, encoding);
        return this;
      }
      digest(encoding) {
        if (this.#done) throw new ErrorCtor("Digest already called");
        const name = encoding === undefined ? "latin1" : encodingOf(encoding, info.outputEncodings, "encoding");
        this.#done = true;
        const parts = this.#parts;
        this.#parts = [];
        const text = call("digest", this.#algorithm, name, this.#key[0], this.#key[1], ...parts);
        if (encoding !== undefined) return text;
        const bytes = new Uint8ArrayCtor(text.length);
        for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
        return bytes;
      }
    }
    const createHash = (algorithm) => new Hash(secret, algorithmOf(algorithm), ["", ""]);
    const createHmac = (algorithm, key) => {
      const name = algorithmOf(algorithm);
      return new Hash(secret, name, dataOf(key, undefined, "key"));
    };
    const timingSafeEqual = (a, b) => {
      const [aJson, aEncoding] = dataOf(a, undefined, "buf1");
      const [bJson, bEncoding] = dataOf(b, undefined, "buf2");
      return call("equal", aJson, aEncoding, bJson, bEncoding) === "1";
    };
    const randomUUID = () => call("uuid");
    const crypto = { createHash, createHmac, timingSafeEqual, randomUUID };
    deepFreeze([crypto, Hash]);
    // Each call starts with the whole input allowance (the host counts again on its side).
    return { crypto, reset: () => { budget.used = 0; } };
  };

  const link = (factory, exportName, maxChars, host, cryptoInfo) => {
    let current = null;
    const { crypto, reset } = makeCrypto(host, parse(cryptoInfo));
    // Run the url and crypto paths once now, while the sandbox is built: code the engine and the
    // worker compile on first use would otherwise be paid for by the first call's cpuMs.
    const sample = { origin: "http://localhost", pathname: "/", search: "?a=b+c", params: [["a", "b c"]] };
    makeUrl(sample).searchParams.toString();
    crypto.createHmac("sha256", "k").update(new Uint8ArrayCtor(1)).digest("hex");
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
    // The input is parsed by hand() alone, before run(): the host times the handoff apart from the
    // transform's own work (a sender's large body must not eat the call's cpuMs).
    let handed;
    let hasInput = false;
    const hand = (inputJson) => {
      handed = undefined;
      hasInput = false;
      let input;
      try {
        input = parse(inputJson);
        const parts = input.url;
        // Built when the transform first reads it: most transforms never do.
        if (parts !== undefined) {
          let url;
          defineProperty(input, "url", {
            get() {
              if (url === undefined) url = makeUrl(parts);
              return url;
            },
            set(value) {
              defineProperty(this, "url", { value, writable: true, enumerable: true, configurable: true });
            },
            enumerable: true,
            configurable: true,
          });
        }
      } catch (e) {
        // The sender's payload, not the transform, is at fault (nested too deeply for the stack).
        return isOutOfMemory(e) ? "M" : "P" + "the request could not be handed to the transform: " + describe(e);
      }
      handed = input;
      hasInput = true;
      return "K";
    };
    const run = () => {
      try {
        current = null;
        if (!hasInput) return "E" + "no input was handed to the transform";
        const input = handed;
        handed = undefined;
        hasInput = false;
        reset();
        let out;
        try {
          const fn = pick(factory(crypto));
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
        const pairs = factory(crypto);
        const found = [];
        for (let i = 0; i < pairs.length; i++) found[i] = [pairs[i][0], typeof pairs[i][1]];
        return "V" + stringify(found);
      } catch (e) {
        return fail(e, "");
      }
    };
    return freeze({ hand: freeze(hand), run: freeze(run), settle: freeze(settle), probe: freeze(probe) });
  };
  return freeze(link);
})()`;
