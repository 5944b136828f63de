// An attacker's view of the lockout: many addresses, a table full of locks, and the cost of one
// failure. The cost is counted (Map entries walked, table operations), never timed.
import { describe, expect, it } from "vitest";
import { MemoryAuthLimiter } from "../../src/http/auth-limiter.js";
import { OrderedTable } from "../../src/http/ordered-table.js";
import { startTestServer } from "../helpers/server.js";

const MAX = 5;
const LOCK_MS = 600_000;

function limiterAt(t0: number, maxTrackedAddresses: number) {
  const clock = { t: t0 };
  const l = new MemoryAuthLimiter(
    { max: MAX, windowSeconds: 60, lockSeconds: LOCK_MS / 1000, maxTrackedAddresses },
    () => clock.t,
  );
  return { l, clock };
}

const ip = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

async function lockAll(l: MemoryAuthLimiter, from: number, count: number): Promise<void> {
  for (let i = from; i < from + count; i++) for (let k = 0; k < MAX; k++) await l.fail(ip(i));
}

type Method = (...a: unknown[]) => unknown;

/** Counts calls of the named methods of `proto` while `fn` runs. */
async function callsDuring(proto: object, names: string[], fn: () => Promise<void>): Promise<number> {
  const target = proto as Record<string, Method>;
  const saved = names.map((n) => [n, target[n]!] as const);
  let calls = 0;
  for (const [n, original] of saved) {
    target[n] = function (this: unknown, ...a: unknown[]) {
      calls++;
      return original.apply(this, a);
    };
  }
  try {
    await fn();
  } finally {
    for (const [n, original] of saved) target[n] = original;
  }
  return calls;
}

/** Map entries walked (iterator steps over any Map) while `fn` runs. */
const mapStepsDuring = (fn: () => Promise<void>) =>
  callsDuring(Object.getPrototypeOf(new Map().entries()), ["next"], fn);
/** Operations on the limiter's tables, each O(1), while `fn` runs. */
const tableOpsDuring = (fn: () => Promise<void>) =>
  callsDuring(OrderedTable.prototype, ["get", "push", "delete", "oldest"], fn);

describe("lockout under an address flood", () => {
  it("a table full of locked addresses still locks a new attacker after max failures", async () => {
    const { l, clock } = limiterAt(0, 50);
    await lockAll(l, 0, 50);
    clock.t += 1000;
    for (let k = 0; k < MAX - 1; k++) expect((await l.fail("203.0.113.66")).locked).toBe(false);
    expect(await l.fail("203.0.113.66")).toEqual({ locked: true, retryAfterSeconds: LOCK_MS / 1000 });
    expect((await l.check("203.0.113.66")).locked).toBe(true);
    // Making room cost the lock that ends soonest, and only that one.
    expect((await l.check(ip(0))).locked).toBe(false);
    for (let i = 1; i < 50; i++) expect((await l.check(ip(i))).locked).toBe(true);
  });

  it("a flood of one-failure addresses neither unlocks anyone nor stops a new attacker being locked", async () => {
    const { l, clock } = limiterAt(0, 50);
    await lockAll(l, 0, 50);
    for (let i = 0; i < 20_000; i++) {
      clock.t += 1;
      await l.fail(`2001:db8:${i.toString(16)}::/64`);
    }
    for (let i = 0; i < 50; i++) expect((await l.check(ip(i))).locked).toBe(true);
    for (let k = 0; k < MAX; k++) await l.fail("203.0.113.66");
    expect((await l.check("203.0.113.66")).locked).toBe(true);
    expect(l.size).toBeLessThanOrEqual(100);
  });

  it("rotating addresses cannot unlock a locked one before its lock ends", async () => {
    const { l, clock } = limiterAt(0, 50);
    await lockAll(l, 0, 1);
    // Others locked after it (one short of the bound), and a churn of addresses that stay under max.
    await lockAll(l, 1, 49);
    for (let i = 0; i < 10_000; i++) {
      clock.t += 10;
      for (let k = 0; k < MAX - 1; k++) await l.fail(`2001:db8:${i.toString(16)}::/64`);
      if (i % 1000 === 0) expect((await l.check(ip(0))).locked).toBe(true);
    }
    expect(await l.check(ip(0))).toEqual({ locked: true, retryAfterSeconds: (LOCK_MS - 100_000) / 1000 });
    clock.t = LOCK_MS;
    expect((await l.check(ip(0))).locked).toBe(false);
  });

  it("a failure costs a bounded number of O(1) table operations and walks no Map, however full the table", async () => {
    const perFailure = async (bound: number) => {
      const { l, clock } = limiterAt(0, bound);
      await lockAll(l, 0, bound);
      for (let i = 0; i < bound; i++) await l.fail(`2001:db8:${i.toString(16)}::/64`);
      clock.t += 1000;
      const flood = async () => {
        for (let i = 0; i < 200; i++) await l.fail(`2001:db8:1:${i.toString(16)}::/64`);
        for (let k = 0; k < MAX; k++) await l.fail("203.0.113.66");
      };
      let tableOps = 0;
      // Not even a Map's first key: V8 finds it by skipping the holes deletions left at the front.
      const mapSteps = await mapStepsDuring(async () => {
        tableOps = await tableOpsDuring(flood);
      });
      return { mapSteps, tableOps: tableOps / (200 + MAX) };
    };
    const small = await perFailure(10);
    const large = await perFailure(5000);
    expect(large.mapSteps).toBe(0);
    expect(large.tableOps).toBeGreaterThan(0);
    expect(large.tableOps).toBeLessThanOrEqual(12);
    expect(large.tableOps).toBeLessThanOrEqual(small.tableOps + 1);
  });

  it("counts the steps it is meant to (a full scan of a Map is seen)", async () => {
    const m = new Map([...Array(100).keys()].map((i) => [i, i]));
    const steps = await mapStepsDuring(async () => {
      for (const _ of m);
    });
    expect(steps).toBeGreaterThanOrEqual(100);
  });
});

describe("lockout over HTTP with a full table", () => {
  it("answers 429 to a new address once locked addresses fill the table", async () => {
    const s = await startTestServer({
      server: { trustProxy: ["127.0.0.1/8"] },
      hooks: { authFailures: { max: 2, windowSeconds: 60, lockSeconds: 60, maxTrackedAddresses: 3 } },
    });
    try {
      const wrong = (from: string) =>
        s.post("/hooks/wake", { text: "x" }, { token: "bad", headers: { "x-forwarded-for": from } });
      for (const from of ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) {
        await wrong(from);
        await wrong(from);
        expect((await wrong(from)).status).toBe(429);
      }
      expect((await wrong("198.51.100.9")).status).toBe(401);
      expect((await wrong("198.51.100.9")).status).toBe(401);
      const locked = await wrong("198.51.100.9");
      expect(locked.status).toBe(429);
      expect(locked.headers.get("retry-after")).toMatch(/^(59|60)$/);
      expect((await wrong("203.0.113.3")).status).toBe(429);
      // The right token is never throttled, and clears the lock.
      const ok = await s.post(
        "/hooks/wake",
        { text: "x" },
        { headers: { "x-forwarded-for": "198.51.100.9" } },
      );
      expect(ok.status).toBe(200);
      expect((await wrong("198.51.100.9")).status).toBe(401);
    } finally {
      await s.close();
    }
  });
});
