import { describe, expect, it } from "vitest";
import { MemoryAuthLimiter } from "../../src/http/auth-limiter.js";
import { foldAddress, throttleKey } from "../../src/http/client-address.js";
import { presentedToken, tokenMatcher } from "../../src/http/token.js";

const opts = { max: 3, windowSeconds: 60, lockSeconds: 30, maxTrackedAddresses: 100 };

describe("auth failure limiter", () => {
  it("locks an address after max failures in the window, for lockSeconds", () => {
    const l = new MemoryAuthLimiter(opts);
    const t0 = 1_000_000;
    expect(l.fail("a", t0).locked).toBe(false);
    expect(l.fail("a", t0 + 1).locked).toBe(false);
    expect(l.fail("a", t0 + 2)).toEqual({ locked: true, retryAfterSeconds: 30 });
    expect(l.check("a", t0 + 2 + 10_000)).toEqual({ locked: true, retryAfterSeconds: 20 });
    expect(l.check("b", t0).locked).toBe(false);
    expect(l.check("a", t0 + 2 + 30_000).locked).toBe(false);
  });

  it("forgets failures older than the window", () => {
    const l = new MemoryAuthLimiter(opts);
    l.fail("a", 0);
    l.fail("a", 1);
    expect(l.fail("a", 61_000).locked).toBe(false);
  });

  it("a success clears the count", () => {
    const l = new MemoryAuthLimiter(opts);
    l.fail("a", 0);
    l.fail("a", 1);
    l.succeed("a");
    expect(l.fail("a", 2).locked).toBe(false);
  });

  it("keeps a locked address tracked while other addresses come and go", () => {
    const l = new MemoryAuthLimiter({ ...opts, maxTrackedAddresses: 5 });
    for (let i = 0; i < 3; i++) l.fail("attacker", i);
    for (let i = 0; i < 1000; i++) l.fail(`198.51.100.${i % 250}-${i}`, 10 + i);
    expect(l.size).toBe(5);
    expect(l.check("attacker", 2000).locked).toBe(true);
  });

  it("tracks a bounded number of addresses, dropping the least recent", () => {
    const l = new MemoryAuthLimiter({ ...opts, maxTrackedAddresses: 10 });
    for (let i = 0; i < 1000; i++) l.fail(`10.0.${i >> 8}.${i & 255}`, i);
    expect(l.size).toBe(10);
  });
});

describe("token carriers", () => {
  it("reads Bearer, x-hookgate-token and x-openclaw-token", () => {
    expect(presentedToken({ authorization: "Bearer abc" })).toBe("abc");
    expect(presentedToken({ authorization: "bearer  abc " })).toBe("abc");
    expect(presentedToken({ "x-hookgate-token": "def" })).toBe("def");
    expect(presentedToken({ "x-openclaw-token": "ghi" })).toBe("ghi");
    expect(presentedToken({ authorization: "Basic Zm9v" })).toBeUndefined();
  });
  it("compares tokens exactly", () => {
    const ok = tokenMatcher("s3cret-token");
    expect(ok("s3cret-token")).toBe(true);
    expect(ok("s3cret-toke")).toBe(false);
    expect(ok("s3cret-token2")).toBe(false);
    expect(ok(undefined)).toBe(false);
    expect(tokenMatcher("")("")).toBe(true);
  });
  it("counts IPv6 clients by their /64 and IPv4 clients by address", () => {
    expect(throttleKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(throttleKey("2001:db8:1:2:ffff:ffff:ffff:fffe")).toBe("2001:db8:1:2::/64");
    expect(throttleKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(throttleKey("::1")).toBe("0:0:0:0::/64");
    expect(throttleKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(throttleKey("203.0.113.9")).toBe("203.0.113.9");
  });

  it("folds IPv4-mapped IPv6 addresses", () => {
    expect(foldAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(foldAddress("::1")).toBe("::1");
  });
});
