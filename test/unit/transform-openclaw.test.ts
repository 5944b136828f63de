// What OpenClaw transforms use besides the payload: ctx.url (a URL with searchParams) and the
// node:crypto subset (createHmac, createHash, timingSafeEqual, randomUUID), computed by the host with
// the sandbox's limits intact. Results are compared with Node's own crypto.
import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/config/errors.js";
import { type ArgReader, HostCrypto, MAX_INPUT_CHARS } from "../../src/engine/transform/host-crypto.js";
import type { TransformOutcome } from "../../src/engine/transform/types.js";
import { transformUrl } from "../../src/engine/transform/url.js";
import { input, loaderFor, TIMEOUT_UNDER_TEST, transformsFolder } from "./transform-helpers.js";

const text = (outcome: TransformOutcome) => {
  expect(outcome).toMatchObject({ ok: true });
  return outcome.ok ? outcome.result?.text : undefined;
};

/** A transform as OpenClaw users write them: check an HMAC of the payload, read the URL. */
const VERIFY = `import crypto from "node:crypto";
export default function (ctx) {
  const secret = ctx.url.searchParams.get("team") === "ops" ? "ops-secret" : "other-secret";
  const expected = crypto.createHmac("sha256", secret).update(JSON.stringify(ctx.payload.body)).digest("hex");
  const given = ctx.payload.signature ?? "";
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return { kind: "agent", message: "verified " + ctx.payload.body.event + " at " + ctx.url.pathname };
}`;

describe("node:crypto in transforms", () => {
  const { dir } = transformsFolder({
    "verify.js": VERIFY,
    "named.js": `import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";
      export default (ctx) => ({ text: [
        createHash("sha256").update(ctx.payload.s).digest("hex"),
        createHash("SHA1").update("a").update("b", "utf8").digest("base64"),
        createHmac("sha512", ctx.payload.key).update(ctx.payload.s).digest("base64url"),
        createHash("md5").update("ff00", "hex").digest("latin1").length,
        Array.from(createHash("sha256").update("").digest()).length,
        timingSafeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3])),
        timingSafeEqual("abc", "abd"),
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(randomUUID()),
        createHash("sha256").update(ctx.payload.odd).digest("hex"),
      ].join("|") });`,
    "namespace.js": `import * as c from "node:crypto";\nexport default () => ({ text: c.createHash("sha256").update("x").digest("hex") + "|" + typeof c.default.createHmac });`,
    "bare.js": `import crypto from "crypto";\nexport default () => ({ text: crypto.createHash("sha256").update("x").digest("hex") });`,
    "bytes.js": `import { createHash } from "node:crypto";
      export default () => {
        const bytes = new Uint8Array([0, 1, 2, 255, 128]);
        const view = new DataView(bytes.buffer, 1, 3);
        return { text: [
          createHash("sha256").update(bytes).digest("hex"),
          createHash("sha256").update(view).digest("hex"),
          createHash("sha256").update(bytes.buffer).digest("hex"),
        ].join("|") };
      };`,
    "twice.js": `import { createHash } from "node:crypto";\nexport default () => { const h = createHash("sha256"); h.digest("hex"); return { text: h.digest("hex") }; };`,
    "unknown-alg.js": `import { createHash } from "node:crypto";\nexport default () => ({ text: createHash("whirlpool").digest("hex") });`,
    "length.js": `import { timingSafeEqual } from "node:crypto";\nexport default () => { try { timingSafeEqual("ab", "abc"); } catch (e) { return { text: e.name + ": " + e.message }; } };`,
    "spin.js": `import { createHash } from "node:crypto";\nexport default () => { for (;;) createHash("sha256").update("x").digest("hex"); };`,
    "unknown-name.js": `import { pbkdf2Sync } from "node:crypto";\nexport default () => ({ text: String(pbkdf2Sync) });`,
    "imports-fs.js": `import { readFileSync } from "node:fs";\nexport default () => ({ text: String(readFileSync) });`,
  });
  const loader = loaderFor(dir);
  const body = { event: "push", ref: "main" };

  it("an HMAC check as OpenClaw transforms write it passes for the right signature only", async () => {
    const verify = await loader.load("verify.js");
    const signature = createHmac("sha256", "ops-secret").update(JSON.stringify(body)).digest("hex");
    const url = transformUrl({
      path: "github",
      query: { team: "ops" },
      headers: {},
      target: "/hooks/github?team=ops",
    });
    const good = await verify.call(input({ body, signature }, { url }));
    expect(good).toEqual({ ok: true, result: { kind: "agent", message: "verified push at /hooks/github" } });
    const forged = await verify.call(input({ body, signature: "0".repeat(64) }, { url }));
    expect(forged).toEqual({ ok: true, result: null });
    const otherTeam = transformUrl({
      path: "github",
      query: {},
      headers: {},
      target: "/hooks/github?team=dev",
    });
    expect(await verify.call(input({ body, signature }, { url: otherTeam }))).toEqual({
      ok: true,
      result: null,
    });
  });

  it("named imports, encodings, raw digests, timingSafeEqual and randomUUID match Node's crypto", async () => {
    const named = await loader.load("named.js");
    // NUL, a lone surrogate and an emoji cross to the host exactly as Node would read them.
    const odd = "a\u0000b\ud800c😀";
    const out = text(await named.call(input({ s: "héllo ✓", key: "k€y", odd })));
    expect(out).toBe(
      [
        createHash("sha256").update("héllo ✓").digest("hex"),
        createHash("sha1").update("ab").digest("base64"),
        createHmac("sha512", "k€y").update("héllo ✓").digest("base64url"),
        16,
        32,
        true,
        false,
        true,
        createHash("sha256").update(odd).digest("hex"),
      ].join("|"),
    );
  });

  it('import * as, import from "crypto", and bytes from typed arrays, DataViews and ArrayBuffers', async () => {
    const x = createHash("sha256").update("x").digest("hex");
    expect(text(await (await loader.load("namespace.js")).call(input({})))).toBe(`${x}|function`);
    expect(text(await (await loader.load("bare.js")).call(input({})))).toBe(x);
    const bytes = Buffer.from([0, 1, 2, 255, 128]);
    const expected = [bytes, bytes.subarray(1, 4), bytes].map((b) =>
      createHash("sha256").update(b).digest("hex"),
    );
    expect(text(await (await loader.load("bytes.js")).call(input({})))).toBe(expected.join("|"));
  });

  it("Node's errors: a digest taken twice, an unknown algorithm, unequal lengths", async () => {
    expect(await (await loader.load("twice.js")).call(input({}))).toMatchObject({
      ok: false,
      code: "TRANSFORM_THREW",
      error: expect.stringMatching(/Digest already called/),
    });
    expect(await (await loader.load("unknown-alg.js")).call(input({}))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/Digest method not supported: whirlpool; use one of md5, sha1/),
    });
    expect(text(await (await loader.load("length.js")).call(input({})))).toBe(
      "RangeError: Input buffers must have the same byte length",
    );
  });

  it("crypto work counts against hooks.transformLimits.cpuMs", async () => {
    const short = loaderFor(dir, TIMEOUT_UNDER_TEST);
    expect(await (await short.load("spin.js")).call(input({}))).toMatchObject({ code: "TRANSFORM_TIMEOUT" });
  });

  it("names the crypto has not are load errors; other node: modules stay refused as before", async () => {
    for (const [module, pattern] of [
      [
        "unknown-name.js",
        /No matching export in "node:crypto" for import "pbkdf2Sync"; transforms get createHash, createHmac, timingSafeEqual and randomUUID from it/,
      ],
      ["imports-fs.js", /import "node:fs" is not allowed: .*built-in modules do not exist in the sandbox/],
    ] as const) {
      const err = await loader.load(module).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).issues[0]!.message).toMatch(pattern);
    }
  });
});

describe("ctx.url", () => {
  const { dir } = transformsFolder({
    "url.js": `export default (ctx) => {
      const u = ctx.url;
      const p = u.searchParams;
      const before = [u.href, u.origin, u.host, u.pathname, u.search, String(u), JSON.stringify({ u }), p.size,
        p.get("tag"), JSON.stringify(p.getAll("tag")), p.has("env"), p.has("env", "dev"), p.get("missing"),
        JSON.stringify([...p]), JSON.stringify([...p.keys()]), p.toString()];
      p.append("x", "a b&c");
      p.set("tag", "one");
      p.delete("env");
      return { text: [...before, u.search, u.href].join("\\n") };
    };`,
    "construct.js": `export default (ctx) => { try { new ctx.url.constructor("x", {}); } catch (e) { return { text: e.message }; } };`,
  });
  const loader = loaderFor(dir);

  it("is a URL of the request with searchParams; editing the params updates search and href", async () => {
    const url = transformUrl({
      path: "ci/build",
      query: { env: "prod", tag: "a" },
      headers: { host: "hooks.example.com:8443" },
      target: "/hooks/ci/build?env=prod&tag=a&tag=b%20c&empty=",
    });
    const lines = text(await (await loader.load("url.js")).call(input({}, { url })))!.split("\n");
    const href = "http://hooks.example.com:8443/hooks/ci/build?env=prod&tag=a&tag=b%20c&empty=";
    expect(lines).toEqual([
      href,
      "http://hooks.example.com:8443",
      "hooks.example.com:8443",
      "/hooks/ci/build",
      "?env=prod&tag=a&tag=b%20c&empty=",
      href,
      JSON.stringify({ u: href }),
      "4",
      "a",
      JSON.stringify(["a", "b c"]),
      "true",
      "false",
      "",
      JSON.stringify([
        ["env", "prod"],
        ["tag", "a"],
        ["tag", "b c"],
        ["empty", ""],
      ]),
      JSON.stringify(["env", "tag", "tag", "empty"]),
      "env=prod&tag=a&tag=b+c&empty=",
      "?tag=one&empty=&x=a+b%26c",
      "http://hooks.example.com:8443/hooks/ci/build?tag=one&empty=&x=a+b%26c",
    ]);
  });

  it("never carries a token parameter, and falls back to localhost for an odd Host header", () => {
    const url = transformUrl({
      path: "x",
      query: {},
      headers: { host: "evil.example/path?" },
      target: "/hooks/x?token=abc&Token[0]=d&keep=1",
    });
    expect(url.href).toBe("http://localhost/hooks/x?keep=1");
    expect(url.params).toEqual([["keep", "1"]]);
  });

  it("cannot be built by a transform", async () => {
    const url = transformUrl({ path: "x", query: {}, headers: {} });
    expect(text(await (await loader.load("construct.js")).call(input({}, { url })))).toBe(
      "Illegal constructor: read ctx.url",
    );
  });
});

describe("the host side of node:crypto", () => {
  /** Arguments as the sandbox would hand them over; `{ cut, length }` is a string that came out cut at a NUL. */
  const args = (...values: Array<string | number | { cut: string; length: number }>): ArgReader => ({
    count: values.length,
    isString: (i) => typeof values[i] === "string" || typeof values[i] === "object",
    length: (i) => {
      const v = values[i]!;
      return typeof v === "object" ? v.length : String(v).length;
    },
    text: (i) => {
      const v = values[i]!;
      if (typeof v === "number") throw new Error("the host read a number as text");
      return typeof v === "object" ? v.cut : v;
    },
  });
  const json = JSON.stringify;

  it("computes what Node computes, from JSON-encoded data", () => {
    const host = new HostCrypto(() => false);
    const hmac = createHmac("sha256", "k\0ey")
      .update("a\0b")
      .update(Buffer.from([0, 255]))
      .digest("hex");
    expect(
      host.call(
        args(
          "digest",
          "sha256",
          "hex",
          json("k\0ey"),
          "utf8",
          json("a\0b"),
          "utf8",
          json("\0\xff"),
          "latin1",
        ),
      ),
    ).toBe(`V${hmac}`);
    expect(host.call(args("equal", json("abc"), "utf8", json("abc"), "utf8"))).toBe("V1");
    expect(host.call(args("uuid"))).toMatch(/^V[0-9a-f-]{36}$/);
  });

  it("refuses what it should never get: non-strings, strings cut at a NUL, bad JSON, unknown names", () => {
    const host = new HostCrypto(() => false);
    expect(host.call(args(7))).toBe("Tunknown crypto operation");
    expect(host.call(args("digest", { cut: "sha256", length: 10 }, "hex", "", ""))).toMatch(
      /^EDigest method not supported/,
    );
    expect(host.call(args("digest", "sha256", "hex", "", "", 5, "utf8"))).toBe(
      "Tthe data must be a string or bytes",
    );
    expect(host.call(args("digest", "sha256", "hex", "", "", "not json", "utf8"))).toBe(
      "Tthe data must be a string or bytes",
    );
    expect(host.call(args("digest", "sha256", "hex", "", "", "{}", "utf8"))).toBe(
      "Tthe data must be a string or bytes",
    );
    expect(host.call(args("digest", "sha256", "hex", "", "", { cut: '"a', length: 5 }, "utf8"))).toBe(
      "Tthe data must be a string or bytes",
    );
    expect(host.call(args("digest", "sha256", "hex", "", "", json("a"), { cut: "utf8", length: 8 }))).toBe(
      "TUnknown encoding",
    );
    expect(host.call(args("digest", "sha256", "utf16le", "", ""))).toBe("TUnknown digest encoding");
    expect(host.call(args("equal", json("ab"), "utf8", json("abc"), "utf8"))).toBe(
      "RInput buffers must have the same byte length",
    );
  });

  it("counts every call's input against the limit, and starts over when the call ends", () => {
    const host = new HostCrypto(() => false);
    const big = json("x".repeat(MAX_INPUT_CHARS / 2));
    expect(host.call(args("digest", "md5", "hex", "", "", big, "utf8"))).toMatch(/^V/);
    expect(host.call(args("digest", "md5", "hex", "", "", big, "utf8"))).toMatch(
      /takes at most 16777216 characters/,
    );
    host.forget();
    expect(host.call(args("digest", "md5", "hex", "", "", big, "utf8"))).toMatch(/^V/);
  });

  it("does nothing once the call is past its deadline", () => {
    let late = false;
    const host = new HostCrypto(() => late);
    late = true;
    expect(host.call(args("uuid"))).toBe("Ethe transform ran out of time");
  });
});
