// Flow budget in the store: a mapping's runs per period count like a second rate, and the tokens its
// finished runs reported are added up per period; a run reaching a spent budget is held until the next
// period (or dropped), and a coalesced run reaches the budget when its window ends.
import { describe, expect, it } from "vitest";
import type { AcceptResult, FlowSpec, NewRun, Store } from "../../../src/store/types.js";
import { type ContractContext, run } from "./fixtures.js";

type Budget = NonNullable<FlowSpec["budget"]>;
type Rate = NonNullable<FlowSpec["rate"]>;

/** A run of mapping `m` at time `at` under `budget` (and `rate`), coalesced by `c` when given. */
export function budgetedRun(id: string, at: number, budget: Budget, rate?: Rate, c?: string): NewRun {
  const flow: FlowSpec = { scope: "m", budget, ...(rate && { rate }) };
  if (c !== undefined) {
    flow.coalesce = {
      key: c,
      windowMs: 1000,
      max: 50,
      item: id,
      frame: { separator: " | " },
    };
  }
  return run(id, { message: id, receivedAt: at, mappingId: "m", flow });
}

const outcome = (r: AcceptResult) => (r.status === "accepted" ? r.outcome : r);

/** Claims and finishes every queued run at `at`, each reporting `tokens` used. */
async function finishAll(store: Store, at: number, tokens: number): Promise<string[]> {
  const claimed = await store.claimRuns(10, at);
  for (const r of claimed) {
    await store.finishRun(r.id, { status: "succeeded", finishedAt: at, usage: { totalTokens: tokens } });
  }
  return claimed.map((r) => r.id);
}

export function flowBudgetContract({ name, openStore }: ContractContext): void {
  describe(`${name}: flow budget`, () => {
    it("once a period's tokens reached the budget, runs are held until the next period", async () => {
      const store = await openStore();
      const budget: Budget = { tokens: 100, perMs: 10_000, over: "hold" };
      expect(outcome(await store.acceptRun(budgetedRun("a", 1000, budget)))).toEqual({
        kind: "run",
        runId: "a",
      });
      // Admitted under the budget: b starts although a will spend it all (a run may overshoot).
      expect(outcome(await store.acceptRun(budgetedRun("b", 1100, budget)))).toEqual({
        kind: "run",
        runId: "b",
      });
      expect(await finishAll(store, 1200, 60)).toEqual(["a", "b"]);
      expect(await store.tokenCounts(["m", "other"])).toEqual(
        new Map([["m", { perMs: 10_000, periodStart: 0, tokens: 120 }]]),
      );
      expect(outcome(await store.acceptRun(budgetedRun("c", 1300, budget)))).toEqual({
        kind: "run",
        runId: "c",
        held: true,
      });
      expect((await store.getRun("c"))?.held).toEqual({
        reason: "budget",
        until: 10_000,
        by: "tokens:100:10000",
      });
      expect(await store.releaseWindows(9999)).toEqual({ runs: 0, wakes: [] });
      expect(await store.releaseWindows(10_000)).toEqual({ runs: 1, wakes: [] });
      expect((await store.getRun("c"))?.held).toBeUndefined();
      // The next period starts afresh: c's tokens count there.
      expect(await finishAll(store, 10_500, 30)).toEqual(["c"]);
      expect((await store.tokenCounts(["m"])).get("m")).toEqual({
        perMs: 10_000,
        periodStart: 10_000,
        tokens: 30,
      });
      expect(outcome(await store.acceptRun(budgetedRun("d", 10_600, budget)))).toEqual({
        kind: "run",
        runId: "d",
      });
    });

    it("over: drop stores a run reaching a spent budget as dropped", async () => {
      const store = await openStore();
      const budget: Budget = { tokens: 10, perMs: 10_000, over: "drop" };
      await store.acceptRun(budgetedRun("a", 1000, budget));
      await finishAll(store, 1100, 10);
      expect(outcome(await store.acceptRun(budgetedRun("b", 1200, budget)))).toEqual({
        kind: "run",
        runId: "b",
        dropped: true,
      });
      expect(await store.getRun("b")).toMatchObject({
        status: "dropped",
        held: { reason: "budget", until: 10_000, by: "tokens:10:10000" },
      });
      expect(await store.releaseWindows(20_000)).toEqual({ runs: 0, wakes: [] });
    });

    it("a runner that reports no usage adds nothing", async () => {
      const store = await openStore();
      const budget: Budget = { tokens: 1, perMs: 10_000, over: "hold" };
      await store.acceptRun(budgetedRun("a", 1000, budget));
      const [claimed] = await store.claimRuns(1, 1000);
      await store.finishRun(claimed!.id, { status: "succeeded", finishedAt: 1100 });
      expect(outcome(await store.acceptRun(budgetedRun("b", 1200, budget)))).toEqual({
        kind: "run",
        runId: "b",
      });
    });

    it("budget.runs counts started runs per period, and a run must pass the rate too", async () => {
      const store = await openStore();
      const budget: Budget = { runs: 3, perMs: 10_000, over: "hold" };
      const rate: Rate = { max: 2, perMs: 1000, over: "hold" };
      const answers = [];
      for (const [i, id] of ["a", "b", "c", "d"].entries()) {
        answers.push(outcome(await store.acceptRun(budgetedRun(id, 1000 + i, budget, rate))));
      }
      expect(answers).toEqual([
        { kind: "run", runId: "a" },
        { kind: "run", runId: "b" },
        { kind: "run", runId: "c", held: true },
        { kind: "run", runId: "d", held: true },
      ]);
      // c: the rate's next period (2000) has room, and so has the budget's; d: the budget is full.
      expect((await store.getRun("c"))?.held).toEqual({ reason: "rate", until: 2000 });
      expect((await store.getRun("d"))?.held).toEqual({
        reason: "budget",
        until: 10_000,
        by: "runs:3:10000",
      });
      expect(await store.rateCounts(["m/budget"])).toEqual(
        new Map([["m/budget", { periodStart: 10_000, count: 1, held: true }]]),
      );
      expect(await store.releaseWindows(2000)).toEqual({ runs: 1, wakes: [] });
      expect(await store.releaseWindows(10_000)).toEqual({ runs: 1, wakes: [] });
      expect((await store.claimRuns(10, 10_000)).map((r) => r.id)).toEqual(["a", "b", "c", "d"]);
    });

    it("a coalesced run reaches the budget when its window ends", async () => {
      const store = await openStore();
      const budget: Budget = { tokens: 5, perMs: 10_000, over: "hold" };
      await store.acceptRun(budgetedRun("a", 1000, budget));
      await store.acceptRun(budgetedRun("b", 1100, budget, undefined, "k"));
      await store.acceptRun(budgetedRun("c", 1200, budget, undefined, "k"));
      await finishAll(store, 1500, 5);
      expect(await store.releaseWindows(2100)).toEqual({ runs: 0, wakes: [] });
      expect(await store.getRun("b")).toMatchObject({
        status: "held",
        message: "b | c",
        held: { reason: "budget", until: 10_000 },
      });
      expect(await store.releaseWindows(10_000)).toEqual({ runs: 1, wakes: [] });
    });

    it("the token count outlives the handle that made it", async () => {
      const first = await openStore();
      const budget: Budget = { tokens: 50, perMs: 10_000, over: "hold" };
      await first.acceptRun(budgetedRun("a", 1000, budget));
      await finishAll(first, 1100, 50);
      await first.close();
      const second = await openStore();
      expect(outcome(await second.acceptRun(budgetedRun("b", 1200, budget)))).toEqual({
        kind: "run",
        runId: "b",
        held: true,
      });
    });
  });
}
