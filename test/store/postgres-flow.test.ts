// Flow control shared by instances on one PostgreSQL schema, each a store of its own (its own pool),
// accepting, claiming, finishing and releasing at the same moment: a budget's runs and tokens, and a
// rate's runs, are counted once for all of them; the runs a budget holds start once when its period
// rolls over (times are the callers', so the clock is the test's); one wake key makes one event; and a
// lane's limit holds across instances, also for runs taken back from an instance that died.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PostgresStore } from "../../src/store/postgres/store.js";
import type { AcceptResult, FlowSpec, NewWake, RunRecord } from "../../src/store/types.js";
import { dropSchema, expireLeases, pgAvailable, pgStoreConfig, uniqueSchema } from "../helpers/pg.js";
import { run, wake } from "./contract/fixtures.js";
import { budgetedRun } from "./contract/flow-budget.js";
import { ratedRun } from "./contract/flow-rate.js";

const available = await pgAvailable();

type Budget = NonNullable<FlowSpec["budget"]>;

const ids = (runs: RunRecord[]) => runs.map((r) => r.id);
const pad = (i: number) => String(i).padStart(2, "0");
const outcome = (r: AcceptResult) => {
  if (r.status !== "accepted" || r.outcome.kind !== "run") throw new Error(`not a run: ${JSON.stringify(r)}`);
  return r.outcome;
};

/** A wake at `at` coalesced by `key` (a window of 1000 ms), `now` or for the next heartbeat. */
function coalescedWake(text: string, at: number, key: string, mode: NewWake["mode"]): NewWake {
  return {
    ...wake(text, mode),
    receivedAt: at,
    flow: { scope: "w", coalesce: { key, windowMs: 1000, max: 100, item: text, frame: { separator: "\n" } } },
  };
}

/** How many runs of `runs` are held until each time, in order of time. */
function heldUntil(runs: RunRecord[]): Array<[number, number]> {
  const periods = new Map<number, number>();
  for (const r of runs)
    if (r.held?.until !== undefined) periods.set(r.held.until, (periods.get(r.held.until) ?? 0) + 1);
  return [...periods].sort(([x], [y]) => x - y);
}

describe.skipIf(!available)("PostgreSQL: flow control across instances", () => {
  let schema: string;
  const open: PostgresStore[] = [];
  const instance = async (): Promise<PostgresStore> => {
    const store = new PostgresStore(pgStoreConfig(schema));
    await store.open();
    open.push(store);
    return store;
  };
  /** Two instances on the test's schema. */
  const two = async () => [await instance(), await instance()] as const;
  beforeEach(() => {
    schema = uniqueSchema("pgflow");
  });
  afterEach(async () => {
    for (const store of open.splice(0)) await store.close();
    await dropSchema(schema);
  });

  describe("budgets", () => {
    it("two instances accepting at once start no more runs than the budget; the rest wait for the next periods", async () => {
      const [a, b] = await two();
      const budget: Budget = { runs: 4, perMs: 10_000, over: "hold" };
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? a : b).acceptRun(budgetedRun(`r${pad(i)}`, 1000 + i, budget)).then(outcome),
        ),
      );
      expect(answers.filter((o) => o.held).length).toBe(16);
      const runs = await a.listRuns({ limit: 100 });
      expect(runs.filter((r) => r.status === "queued").length).toBe(4);
      const held = runs.filter((r) => r.status === "held");
      // Four to a period, whichever instance took them.
      expect(heldUntil(held)).toEqual([
        [10_000, 4],
        [20_000, 4],
        [30_000, 4],
        [40_000, 4],
      ]);
      expect(new Set(held.map((r) => r.held?.by))).toEqual(new Set(["runs:4:10000"]));

      // Both claim at once: the four started, once each.
      const first = await Promise.all([a.claimRuns(20, 2000), b.claimRuns(20, 2000)]);
      expect(first.flat().length).toBe(4);
      // Not before the period rolls over; then either instance starts its runs, the other finds none.
      expect(await Promise.all([a.releaseWindows(9999), b.releaseWindows(9999)])).toEqual([
        { runs: 0, wakes: [] },
        { runs: 0, wakes: [] },
      ]);
      const rolled = await Promise.all([a.releaseWindows(10_000), b.releaseWindows(10_000)]);
      expect(rolled.map((r) => r.runs).sort()).toEqual([0, 4]);
      const second = (await Promise.all([a.claimRuns(20, 10_000), b.claimRuns(20, 10_000)])).flat();
      expect(ids(second).sort()).toEqual(ids(held.filter((r) => r.held?.until === 10_000)).sort());
      // A run accepted in the new period waits behind the ones held for it: the budget is not reset.
      expect(outcome(await b.acceptRun(budgetedRun("late", 10_001, budget)))).toMatchObject({ held: true });
      expect((await a.getRun("late"))?.held?.until).toBe(50_000);
    });

    it("over: drop: two instances accepting at once drop every run past the budget", async () => {
      const [a, b] = await two();
      const budget: Budget = { runs: 3, perMs: 10_000, over: "drop" };
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? a : b).acceptRun(budgetedRun(`d${pad(i)}`, 1000 + i, budget)).then(outcome),
        ),
      );
      expect(answers.filter((o) => o.dropped).length).toBe(17);
      const runs = await b.listRuns({ limit: 100 });
      expect(runs.filter((r) => r.status === "queued").length).toBe(3);
      expect(runs.filter((r) => r.status === "dropped").length).toBe(17);
      // Nothing dropped starts later, whichever instance looks.
      expect(
        (await Promise.all([a.releaseWindows(100_000), b.releaseWindows(100_000)])).map((r) => r.runs),
      ).toEqual([0, 0]);
      expect((await Promise.all([a.claimRuns(20, 100_000), b.claimRuns(20, 100_000)])).flat().length).toBe(3);
    });

    it("the tokens runs finished on either instance add up; once spent, neither starts a run until the period rolls over", async () => {
      const [a, b] = await two();
      const budget: Budget = { tokens: 100, perMs: 10_000, over: "hold" };
      for (let i = 0; i < 10; i++) {
        expect(outcome(await (i % 2 ? a : b).acceptRun(budgetedRun(`t${pad(i)}`, 1000 + i, budget)))).toEqual(
          {
            kind: "run",
            runId: `t${pad(i)}`,
          },
        );
      }
      // Each instance runs some, and they finish at the same moment: 10 runs × 15 tokens.
      const finishAll = async (store: PostgresStore, at: number) => {
        const claimed = await store.claimRuns(5, at);
        await Promise.all(
          claimed.map((r) =>
            store.finishRun(r.id, { status: "succeeded", finishedAt: at, usage: { totalTokens: 15 } }),
          ),
        );
        return claimed.length;
      };
      expect(await Promise.all([finishAll(a, 1500), finishAll(b, 1500)])).toEqual([5, 5]);
      expect((await b.tokenCounts(["m"])).get("m")).toEqual({ perMs: 10_000, periodStart: 0, tokens: 150 });

      const later = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? a : b).acceptRun(budgetedRun(`u${pad(i)}`, 2000 + i, budget)).then(outcome),
        ),
      );
      expect(later.every((o) => o.held)).toBe(true);
      const held = (await a.listRuns({ limit: 100 })).filter((r) => r.status === "held");
      expect(held.map((r) => r.held)).toEqual(
        held.map(() => ({ reason: "budget", until: 10_000, by: "tokens:100:10000" })),
      );
      expect(await Promise.all([a.claimRuns(20, 9999), b.claimRuns(20, 9999)])).toEqual([[], []]);

      const rolled = await Promise.all([a.releaseWindows(10_000), b.releaseWindows(10_000)]);
      expect(rolled.map((r) => r.runs).sort((x, y) => x - y)).toEqual([0, 10]);
      // The new period counts afresh: what its runs report, on either instance.
      expect(await Promise.all([finishAll(a, 10_500), finishAll(b, 10_500)])).toEqual([5, 5]);
      expect((await a.tokenCounts(["m"])).get("m")).toEqual({
        perMs: 10_000,
        periodStart: 10_000,
        tokens: 150,
      });
      expect(outcome(await b.acceptRun(budgetedRun("next", 10_600, budget)))).toEqual({
        kind: "run",
        runId: "next",
        held: true,
      });
      expect((await a.getRun("next"))?.held?.until).toBe(20_000);
    });

    it("a run taken back from an instance that died counts once: in the budget's runs, and with the tokens of the finish that counts", async () => {
      const dying = await instance();
      const [b, c] = await two();
      const budget: Budget = { runs: 2, tokens: 100, perMs: 10_000, over: "hold" };
      await dying.acceptRun(budgetedRun("x", 1000, budget));
      await dying.acceptRun(budgetedRun("y", 1001, budget));
      expect(ids(await dying.claimRuns(5, 1100))).toEqual(["x", "y"]);
      await expireLeases(schema);
      expect(await b.recoverInterrupted(3, 1200)).toEqual({ requeued: 2, failed: 0 });
      const [atB, atC] = await Promise.all([b.claimRuns(5, 1300), c.claimRuns(5, 1300)]);
      expect(ids([...atB, ...atC]).sort()).toEqual(["x", "y"]);
      // Started again, not admitted again: the budget's runs are still the two.
      expect((await c.rateCounts(["m/budget"])).get("m/budget")).toEqual({
        periodStart: 0,
        count: 2,
        held: false,
      });
      // The dead instance's late results are refused, and their tokens with them.
      for (const id of ["x", "y"]) {
        expect(
          await dying.finishRun(id, { status: "succeeded", finishedAt: 1400, usage: { totalTokens: 500 } }),
        ).toBe(false);
      }
      // Their new holders' results count.
      const finish = (store: PostgresStore, r: RunRecord) =>
        store.finishRun(r.id, { status: "succeeded", finishedAt: 1500, usage: { totalTokens: 30 } });
      const finished = await Promise.all([...atB.map((r) => finish(b, r)), ...atC.map((r) => finish(c, r))]);
      expect(finished).toEqual([true, true]);
      expect((await b.tokenCounts(["m"])).get("m")).toEqual({ perMs: 10_000, periodStart: 0, tokens: 60 });
      expect(outcome(await c.acceptRun(budgetedRun("z", 1600, budget)))).toMatchObject({ held: true });
      expect((await b.getRun("z"))?.held).toEqual({ reason: "budget", until: 10_000, by: "runs:2:10000" });
    });

    it("over: drop: once either instance's runs spent the tokens, both drop", async () => {
      const [a, b] = await two();
      const budget: Budget = { tokens: 20, perMs: 10_000, over: "drop" };
      await a.acceptRun(budgetedRun("spender", 1000, budget));
      const [claimed] = await a.claimRuns(1, 1100);
      await a.finishRun(claimed!.id, { status: "succeeded", finishedAt: 1200, usage: { totalTokens: 20 } });
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          (i % 2 ? a : b).acceptRun(budgetedRun(`x${i}`, 1300 + i, budget)).then(outcome),
        ),
      );
      expect(answers.every((o) => o.dropped)).toBe(true);
      // The next period: either instance starts runs again.
      expect(outcome(await b.acceptRun(budgetedRun("fresh", 10_000, budget)))).toEqual({
        kind: "run",
        runId: "fresh",
      });
    });

    it("a window coalesced on two instances reaches the budget once, when it ends", async () => {
      const [a, b] = await two();
      const budget: Budget = { runs: 1, perMs: 10_000, over: "hold" };
      await a.acceptRun(budgetedRun("first", 1000, budget));
      expect(ids(await b.claimRuns(5, 1000))).toEqual(["first"]);
      const joined = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? a : b).acceptRun(budgetedRun(`c${i}`, 1100 + i, budget, undefined, "k")).then(outcome),
        ),
      );
      expect(new Set(joined.map((o) => o.runId)).size).toBe(1);
      const runId = joined[0]!.runId;
      const ended = await Promise.all([a.releaseWindows(3000), b.releaseWindows(3000)]);
      expect(ended.map((r) => r.runs)).toEqual([0, 0]);
      expect(await a.getRun(runId)).toMatchObject({
        status: "held",
        merged: 10,
        held: { reason: "budget", until: 10_000 },
      });
      const rolled = await Promise.all([a.releaseWindows(10_000), b.releaseWindows(10_000)]);
      expect(rolled.map((r) => r.runs).sort()).toEqual([0, 1]);
      expect(ids((await Promise.all([a.claimRuns(5, 10_000), b.claimRuns(5, 10_000)])).flat())).toEqual([
        runId,
      ]);
    });
  });

  describe("rates", () => {
    it("over: drop: two instances accepting at once under one rate drop every run past it, and none starts later", async () => {
      const [a, b] = await two();
      const rate = { max: 3, perMs: 10_000, over: "drop" as const };
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? a : b).acceptRun(ratedRun(`q${pad(i)}`, 1000 + i, rate)).then(outcome),
        ),
      );
      expect(answers.filter((o) => o.dropped).length).toBe(17);
      const runs = await a.listRuns({ limit: 100 });
      expect(runs.filter((r) => r.status === "dropped").map((r) => r.held?.until)).toEqual(
        Array.from({ length: 17 }, () => 10_000),
      );
      await Promise.all([a.releaseWindows(100_000), b.releaseWindows(100_000)]);
      expect((await Promise.all([a.claimRuns(20, 100_000), b.claimRuns(20, 100_000)])).flat().length).toBe(3);
      // The next period has its own room, whichever instance the run comes to.
      expect(outcome(await b.acceptRun(ratedRun("next", 10_000, rate)))).toEqual({
        kind: "run",
        runId: "next",
      });
    });
  });

  describe("wakes", () => {
    it("two instances coalescing one wake key at once make one event, ended once, now if any asked for now", async () => {
      const [a, b] = await two();
      const texts = Array.from({ length: 20 }, (_, i) => `disk ${80 + i}%`);
      const answers = await Promise.all(
        texts.map((text, i) =>
          (i % 2 ? a : b).acceptWake(
            coalescedWake(text, 1000 + i, "db1", i === 7 ? "now" : "next-heartbeat"),
          ),
        ),
      );
      expect(answers.every((r) => r.status === "accepted" && r.outcome.coalesced)).toBe(true);
      expect(await a.pendingEvents()).toEqual([]);
      const ended = await Promise.all([a.releaseWindows(3000), b.releaseWindows(3000)]);
      expect(ended.map((r) => r.wakes).sort()).toEqual([[], ["now"]]);
      const events = await b.pendingEvents();
      expect(events.map((e) => e.mode)).toEqual(["now"]);
      // Every text once (in the order the instances took them in).
      expect(events[0]!.text.split("\n").sort()).toEqual([...texts].sort());
    });
  });

  describe("lanes", () => {
    it("runs taken back from an instance that died count in their lane, and run again with their ids", async () => {
      const dying = await instance();
      const [b, c] = await two();
      const lane = { name: "slow", limit: 2 };
      const order = Array.from({ length: 8 }, (_, i) => `l${pad(i)}`);
      for (const [i, id] of order.entries()) await dying.acceptRun(run(id, { lane, receivedAt: 1000 + i }));
      expect(ids(await dying.claimRuns(10, 2000))).toEqual(["l00", "l01"]);
      // Alive, its runs fill the lane for every instance.
      expect(await Promise.all([b.claimRuns(10, 2001), c.claimRuns(10, 2001)])).toEqual([[], []]);

      await expireLeases(schema);
      // Dead but not yet taken back: they still take the lane's room.
      expect(await Promise.all([b.claimRuns(10, 2002), c.claimRuns(10, 2002)])).toEqual([[], []]);
      expect(
        await Promise.all([b.recoverInterrupted(3, 2003), c.recoverInterrupted(3, 2003)]),
      ).toContainEqual({
        requeued: 2,
        failed: 0,
      });
      expect(await b.laneStats()).toEqual([{ lane: "slow", running: 0, queued: 8 }]);
      // Both claim at once: the two taken back, first in the lane and with their ids; nothing past the limit.
      const running = new Map<string, PostgresStore>();
      const claim = async (at: number) => {
        const [atB, atC] = await Promise.all([b.claimRuns(10, at), c.claimRuns(10, at)]);
        for (const r of atB) running.set(r.id, b);
        for (const r of atC) running.set(r.id, c);
        return [...atB, ...atC];
      };
      const retaken = await claim(2004);
      expect(retaken.map((r) => [r.id, r.attempts]).sort()).toEqual([
        ["l00", 2],
        ["l01", 2],
      ]);
      expect(await c.laneStats()).toEqual([{ lane: "slow", running: 2, queued: 6 }]);
      // The dead instance's late result changes nothing, and frees no room.
      expect(await dying.finishRun("l00", { status: "succeeded", reply: "late", finishedAt: 2005 })).toBe(
        false,
      );
      expect(await claim(2006)).toEqual([]);

      // The rest: the oldest running run finishes by the instance that holds it, both claim at once.
      const started = ids(retaken).sort();
      for (let at = 3000; started.length < order.length; at++) {
        const [oldest] = [...running.keys()].sort();
        expect(await running.get(oldest!)!.finishRun(oldest!, { status: "succeeded", finishedAt: at })).toBe(
          true,
        );
        running.delete(oldest!);
        started.push(...ids(await claim(at)).sort());
        expect(running.size).toBeLessThanOrEqual(2);
        expect((await b.laneStats())[0]!.running).toBeLessThanOrEqual(2);
      }
      // Each run started once, in arrival order.
      expect(started).toEqual(order);
      expect((await c.getRun("l00"))?.reply).toBeUndefined();
    });
  });
});
