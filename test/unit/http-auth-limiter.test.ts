import { describe, expect, it } from "vitest";
import { MemoryAuthLimiter } from "../../src/http/auth-limiter.js";
import { foldAddress, throttleKey } from "../../src/http/client-address.js";
import { presentedToken, tokenMatcher } from "../../src/http/token.js";

const opts = { max: 3, windowSeconds: 60, lockSeconds: 30, maxTrackedAddresses: 100 };

/** A limiter on a clock the test moves by hand. */
function limiterAt(t0: number, o: Partial<typeof opts> = {}) {
  const clock = { t: t0 };
  return { l: new MemoryAuthLimiter({ ...opts, ...o }, () => clock.t), clock };
}

describe("auth failure limiter", () => {
  it("locks an address after max failures in the window, for lockSeconds", async () => {
    const { l, clock } = limiterAt(1_000_000);
    expect((await l.fail("a")).locked).toBe(false);
    clock.t += 1;
    expect((await l.fail("a")).locked).toBe(false);
    clock.t += 1;
    expect(await l.fail("a")).toEqual({ locked: true, retryAfterSeconds: 30 });
    clock.t += 10_000;
    expect(await l.check("a")).toEqual({ locked: true, retryAfterSeconds: 20 });
    expect((await l.check("b")).locked).toBe(false);
    clock.t += 20_000;
    expect((await l.check("a")).locked).toBe(false);
  });

  it("forgets failures older than the window", async () => {
    const { l, clock } = limiterAt(0);
    await l.fail("a");
    clock.t = 1;
    await l.fail("a");
    clock.t = 60_000;
    expect((await l.fail("a")).locked).toBe(false);
    expect((await l.fail("a")).locked).toBe(false);
    expect((await l.fail("a")).locked).toBe(true);
  });

  it("a success clears the count and ends a lock", async () => {
    const { l } = limiterAt(0);
    await l.fail("a");
    await l.fail("a");
    await l.succeed("a");
    expect((await l.fail("a")).locked).toBe(false);
    await l.fail("a");
    expect((await l.fail("a")).locked).toBe(true);
    await l.succeed("a");
    expect((await l.check("a")).locked).toBe(false);
  });

  it("failUnlessLocked is check then fail in one call: a failure while locked is refused, not counted", async () => {
    const { l, clock } = limiterAt(0);
    expect(await l.failUnlessLocked("a")).toEqual({ locked: false, retryAfterSeconds: 0, wasLocked: false });
    await l.failUnlessLocked("a");
    expect(await l.failUnlessLocked("a")).toEqual({ locked: true, retryAfterSeconds: 30, wasLocked: false });
    clock.t = 10_000;
    expect(await l.failUnlessLocked("a")).toEqual({ locked: true, retryAfterSeconds: 20, wasLocked: true });
    clock.t = 30_000;
    expect(await l.failUnlessLocked("a")).toEqual({ locked: false, retryAfterSeconds: 0, wasLocked: false });
  });

  it("does not stretch a lock for failures while locked, and counts afresh once it ends", async () => {
    const { l, clock } = limiterAt(0);
    for (let i = 0; i < 3; i++) await l.fail("a");
    clock.t = 20_000;
    expect(await l.fail("a")).toEqual({ locked: true, retryAfterSeconds: 10 });
    clock.t = 30_000;
    expect((await l.check("a")).locked).toBe(false);
    expect((await l.fail("a")).locked).toBe(false);
    expect((await l.fail("a")).locked).toBe(false);
    expect((await l.fail("a")).locked).toBe(true);
  });

  it("holds at most twice maxTrackedAddresses addresses, however many fail", async () => {
    const { l, clock } = limiterAt(0, { maxTrackedAddresses: 10 });
    for (let i = 0; i < 1000; i++) {
      clock.t = i;
      for (let k = 0; k < (i % 2 ? 1 : 3); k++) await l.fail(`10.0.${i >> 8}.${i & 255}`);
      expect(l.size).toBeLessThanOrEqual(20);
    }
    expect(l.size).toBe(20);
  });

  it("drains its tables once windows and locks have passed", async () => {
    const { l, clock } = limiterAt(0, { maxTrackedAddresses: 10 });
    for (let i = 0; i < 10; i++) for (let k = 0; k < (i % 2 ? 1 : 3); k++) await l.fail(`10.0.0.${i}`);
    clock.t = 120_000;
    for (let i = 0; i < 10; i++) await l.fail("203.0.113.1");
    expect(l.size).toBe(1);
  });

  it("runs on its own clock when none is given", async () => {
    const l = new MemoryAuthLimiter(opts);
    for (let i = 0; i < 3; i++) await l.fail("a");
    const v = await l.check("a");
    expect(v.locked).toBe(true);
    expect(v.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(v.retryAfterSeconds).toBeLessThanOrEqual(30);
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

describe("auth failure limiter: new limits from a reload", () => {
  it("keeps counted failures and running locks, and applies the new limits from then on", async () => {
    const { l, clock } = limiterAt(0);
    await l.fail("counting");
    await l.fail("counting");
    for (let i = 0; i < 3; i++) await l.fail("locked");
    l.setLimits({ ...opts, max: 5, lockSeconds: 300 });
    // The lock runs its course as it was set; the count goes on toward the new max.
    expect(await l.check("locked")).toEqual({ locked: true, retryAfterSeconds: 30 });
    expect((await l.fail("counting")).locked).toBe(false);
    expect((await l.fail("counting")).locked).toBe(false);
    clock.t += 1;
    expect(await l.fail("counting")).toEqual({ locked: true, retryAfterSeconds: 300 });
  });

  it("holds a lower address bound at once", async () => {
    const { l } = limiterAt(0, { maxTrackedAddresses: 10 });
    for (let i = 0; i < 10; i++) await l.fail(`a${i}`);
    expect(l.size).toBe(10);
    l.setLimits({ ...opts, maxTrackedAddresses: 4 });
    expect(l.size).toBe(4);
  });
});
