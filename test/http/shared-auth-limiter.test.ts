// The lockout shared through PostgreSQL: the same rules as the in-memory limiter (checked against
// the plain reference on random sequences), counts that add up across instances, and the fallback
// to counting in the instance while the database does not answer.
import { createServer, type Server, type Socket } from "node:net";
import fc from "fast-check";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SharedAuthLimiter } from "../../src/http/shared-auth-limiter.js";
import { PgAuthFailureCounts } from "../../src/store/postgres/auth-failures.js";
import { PostgresStore } from "../../src/store/postgres/store.js";
import { dropSchema, pgAvailable, pgStoreConfig, uniqueSchema } from "../helpers/pg.js";
import { ReferenceLimiter } from "../unit/http-auth-limiter-model.js";

const available = await pgAvailable();
const roomy = { maxTrackedAddresses: 10_000 };

describe.skipIf(!available)("shared auth-failure limiter (PostgreSQL)", () => {
  let schema: string;
  const stores: PostgresStore[] = [];
  const instance = async (): Promise<PostgresStore> => {
    const store = new PostgresStore(pgStoreConfig(schema));
    await store.open();
    stores.push(store);
    return store;
  };
  beforeEach(() => {
    schema = uniqueSchema("limiter");
  });
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
    await dropSchema(schema);
  });

  it("follows the in-memory limiter's rules, step for step, on random sequences", async () => {
    const store = await instance();
    let round = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          max: fc.integer({ min: 1, max: 4 }),
          windowSeconds: fc.integer({ min: 1, max: 5 }),
          lockSeconds: fc.integer({ min: 1, max: 5 }),
        }),
        fc.array(
          fc.record({
            op: fc.constantFrom("fail", "fail", "fail", "check", "succeed"),
            key: fc.nat({ max: 3 }),
            advanceMs: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2500 })),
          }),
          { maxLength: 30 },
        ),
        async (s, steps) => {
          // A key space of its own per run: the table is shared by all runs.
          round += 1;
          const clock = { t: 5_000_000 };
          const real = new SharedAuthLimiter(
            store.shared.authFailures,
            { ...s, ...roomy },
            { now: () => clock.t },
          );
          const model = new ReferenceLimiter(s, () => clock.t);
          for (const [i, { op, key, advanceMs }] of steps.entries()) {
            clock.t += advanceMs;
            const k = `r${round}-198.51.100.${key}`;
            if (op === "succeed") {
              await real.succeed(k);
              model.succeed(k);
              continue;
            }
            expect(await real[op as "fail" | "check"](k), `step ${i}: ${op} ${k}`).toEqual(
              model[op as "fail" | "check"](k),
            );
          }
        },
      ),
      { seed: 20_261_124, numRuns: 40 },
    );
  });

  it("failures sent alternately to two instances lock at the configured count", async () => {
    const opts = { max: 6, windowSeconds: 60, lockSeconds: 60, ...roomy };
    const a = new SharedAuthLimiter((await instance()).shared.authFailures, opts);
    const b = new SharedAuthLimiter((await instance()).shared.authFailures, opts);
    const answers: boolean[] = [];
    for (let i = 0; i < 6; i++) {
      const v = await (i % 2 === 0 ? a : b).failUnlessLocked("203.0.113.9");
      expect(v.wasLocked).toBe(false);
      answers.push(v.locked);
    }
    expect(answers).toEqual([false, false, false, false, false, true]);
    // Both instances see the lock now; the next failure on either is refused as locked, not counted.
    for (const l of [a, b]) {
      const v = await l.failUnlessLocked("203.0.113.9");
      expect(v.wasLocked).toBe(true);
      expect(v.retryAfterSeconds).toBeGreaterThan(50);
    }
    expect((await a.check("203.0.113.10")).locked).toBe(false);
    // A valid token on one instance ends the lock for all.
    await b.succeed("203.0.113.9");
    expect((await a.check("203.0.113.9")).locked).toBe(false);
  });

  it("concurrent failures from many requests are all counted, none lost to a race", async () => {
    const opts = { max: 40, windowSeconds: 60, lockSeconds: 60, ...roomy };
    const limiters = [await instance(), await instance()].map(
      (s) => new SharedAuthLimiter(s.shared.authFailures, opts),
    );
    const verdicts = await Promise.all(
      Array.from({ length: 39 }, (_, i) => limiters[i % 2]!.failUnlessLocked("198.51.100.77")),
    );
    expect(verdicts.every((v) => !v.locked && !v.wasLocked)).toBe(true);
    expect((await limiters[0]!.failUnlessLocked("198.51.100.77")).locked).toBe(true);
  });

  it("a database that has gone away: failures are counted in the instance, and still lock", async () => {
    const store = await instance();
    const limiter = new SharedAuthLimiter(store.shared.authFailures, {
      max: 3,
      windowSeconds: 60,
      lockSeconds: 60,
      ...roomy,
    });
    await store.close();
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await limiter.failUnlessLocked("192.0.2.1"));
    expect(verdicts.map((v) => [v.locked, v.wasLocked])).toEqual([
      [false, false],
      [false, false],
      [true, false],
      [true, true],
    ]);
    // A valid token is never refused for the lockout's sake.
    await expect(limiter.succeed("192.0.2.1")).resolves.toBeUndefined();
  });

  describe("a database that accepts connections and never answers", () => {
    let silent: Server;
    const sockets: Socket[] = [];
    let port: number;
    beforeEach(async () => {
      silent = createServer((socket) => sockets.push(socket));
      await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
      port = (silent.address() as { port: number }).port;
    });
    afterEach(async () => {
      for (const socket of sockets.splice(0)) socket.destroy();
      await new Promise((r) => silent.close(r));
    });

    it("is given up on after the timeout and the instance counts alone meanwhile", async () => {
      const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/test` });
      pool.on("error", () => {});
      const limiter = new SharedAuthLimiter(
        new PgAuthFailureCounts(() => pool, '"nowhere"'),
        { max: 2, windowSeconds: 60, lockSeconds: 30, ...roomy },
        { timeoutMs: 50 },
      );
      expect((await limiter.failUnlessLocked("192.0.2.2")).locked).toBe(false);
      expect(await limiter.failUnlessLocked("192.0.2.2")).toMatchObject({ locked: true, wasLocked: false });
      expect(await limiter.check("192.0.2.2")).toMatchObject({ locked: true });
      await expect(limiter.succeed("192.0.2.2")).resolves.toBeUndefined();
      for (const socket of sockets) socket.destroy();
      await pool.end().catch(() => {});
    });
  });
});
