// Flow rate in the store: runs past a mapping's rate are held (started in arrival order when their
// period comes) or dropped, the count outlives the handle that made it, and a coalesced run reaches
// the rate when its window ends.
import { describe, expect, it } from "vitest";
import type { AcceptResult, FlowSpec, NewRun, Store } from "../../../src/store/types.js";
import { type ContractContext, run } from "./fixtures.js";

type Rate = NonNullable<FlowSpec["rate"]>;

/** A run of mapping `m` at time `at` under `rate`, coalesced by `c` (a window of 1000 ms) when given. */
export function ratedRun(id: string, at: number, rate: Rate, c?: string): NewRun {
  const flow: FlowSpec = { scope: "m", rate };
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

async function statuses(store: Store): Promise<Record<string, string>> {
  const runs = await store.listRuns({ limit: 100 });
  return Object.fromEntries(runs.map((r) => [r.id, r.status]));
}

export function flowRateContract({ name, openStore }: ContractContext): void {
  describe(`${name}: flow rate`, () => {
    const hold: Rate = { max: 2, perMs: 1000, over: "hold" };

    it("past the rate, runs are held until their period and then queued in arrival order", async () => {
      const store = await openStore();
      const answers = [];
      for (const [i, id] of ["a", "b", "c", "d", "e"].entries()) {
        answers.push(outcome(await store.acceptRun(ratedRun(id, 1000 + i, hold))));
      }
      expect(answers).toEqual([
        { kind: "run", runId: "a" },
        { kind: "run", runId: "b" },
        { kind: "run", runId: "c", held: true },
        { kind: "run", runId: "d", held: true },
        { kind: "run", runId: "e", held: true },
      ]);
      expect(await statuses(store)).toEqual({ a: "queued", b: "queued", c: "held", d: "held", e: "held" });
      expect((await store.getRun("c"))?.held).toEqual({ reason: "rate", until: 2000 });
      expect((await store.getRun("e"))?.held).toEqual({ reason: "rate", until: 3000 });
      expect(await store.releaseWindows(1999)).toEqual({ runs: 0, wakes: [] });
      expect(await store.releaseWindows(2000)).toEqual({ runs: 2, wakes: [] });
      expect(await statuses(store)).toMatchObject({ c: "queued", d: "queued", e: "held" });
      expect((await store.getRun("c"))?.held).toBeUndefined();
      const claimed = await store.claimRuns(10, 2000);
      expect(claimed.map((r) => r.id)).toEqual(["a", "b", "c", "d"]);
    });

    it("a run of a period runs were held into waits for their release, so arrival order holds", async () => {
      const store = await openStore();
      for (const [i, id] of ["a", "b", "c"].entries()) await store.acceptRun(ratedRun(id, 1000 + i, hold));
      // c was held into the period from 2000, which has room for one more: f comes before the release.
      expect(outcome(await store.acceptRun(ratedRun("f", 2100, hold)))).toEqual({
        kind: "run",
        runId: "f",
        held: true,
      });
      expect(await store.releaseWindows(2100)).toEqual({ runs: 2, wakes: [] });
      expect((await store.claimRuns(10, 2100)).map((r) => r.id)).toEqual(["a", "b", "c", "f"]);
      // The next period starts afresh.
      expect(outcome(await store.acceptRun(ratedRun("g", 3000, hold)))).toEqual({ kind: "run", runId: "g" });
    });

    it("over: drop stores the runs past the rate as dropped, uncounted", async () => {
      const store = await openStore();
      const drop: Rate = { max: 1, perMs: 1000, over: "drop" };
      expect(outcome(await store.acceptRun(ratedRun("a", 1000, drop)))).toEqual({ kind: "run", runId: "a" });
      expect(outcome(await store.acceptRun(ratedRun("b", 1500, drop)))).toEqual({
        kind: "run",
        runId: "b",
        dropped: true,
      });
      expect(await store.getRun("b")).toMatchObject({
        status: "dropped",
        held: { reason: "rate", until: 2000 },
      });
      expect(outcome(await store.acceptRun(ratedRun("c", 2000, drop)))).toEqual({ kind: "run", runId: "c" });
      expect(await statuses(store)).toEqual({ a: "queued", b: "dropped", c: "queued" });
      expect(await store.releaseWindows(5000)).toEqual({ runs: 0, wakes: [] });
      expect((await store.claimRuns(10, 5000)).map((r) => r.id)).toEqual(["a", "c"]);
    });

    it("a fan-out says held when any of its runs was held", async () => {
      const store = await openStore();
      const runs = ["a", "b", "c"].map((id) => ratedRun(id, 1000, hold));
      expect(outcome(await store.acceptRuns(runs))).toEqual({
        kind: "run",
        runId: "a",
        runIds: ["a", "b", "c"],
        held: true,
      });
    });

    it("a coalesced run reaches the rate when its window ends", async () => {
      const store = await openStore();
      const one: Rate = { max: 1, perMs: 10_000, over: "hold" };
      await store.acceptRun(ratedRun("a", 1000, one));
      expect(outcome(await store.acceptRun(ratedRun("b", 1000, one, "k")))).toEqual({
        kind: "run",
        runId: "b",
        coalesced: true,
      });
      await store.acceptRun(ratedRun("c", 1200, one, "k"));
      expect(await store.releaseWindows(2000)).toEqual({
        runs: 0,
        wakes: [],
        rated: [{ scope: "m", fate: "held" }],
      });
      expect(await store.getRun("b")).toMatchObject({
        status: "held",
        message: "b | c",
        merged: 2,
        held: { reason: "rate", until: 10_000 },
      });
      expect(await store.releaseWindows(10_000)).toEqual({ runs: 1, wakes: [] });
      expect((await store.getRun("b"))?.status).toBe("queued");
    });

    it("a templated window meets the rate only when a release that can render it ends it", async () => {
      const store = await openStore();
      const drop: Rate = { max: 1, perMs: 10_000, over: "drop" };
      const templated = (id: string, at: number): NewRun => {
        const r = ratedRun(id, at, drop, "k");
        r.flow!.coalesce!.frame = { separator: " | ", template: true };
        return r;
      };
      await store.acceptRun(templated("b", 1000));
      await store.acceptRun(templated("c", 1200));
      // Without the rules the window stays open, and the rate is not spent.
      expect(await store.releaseWindows(2000)).toEqual({ runs: 0, wakes: [] });
      expect(await store.getRun("b")).toMatchObject({ status: "held", held: { reason: "coalesce" } });
      const templates = () => (items: readonly { message: string }[], key: string) =>
        `${key}: ${items.map((i) => i.message).join("+")}`;
      expect(await store.releaseWindows(2000, templates)).toEqual({ runs: 1, wakes: [] });
      expect(await store.getRun("b")).toMatchObject({ status: "queued", message: "k: b+c", merged: 2 });
      // The rate is spent now: the next run of the period is dropped.
      expect(outcome(await store.acceptRun(ratedRun("d", 2100, drop)))).toEqual({
        kind: "run",
        runId: "d",
        dropped: true,
      });
    });

    it("held runs and the count outlive the handle that made them", async () => {
      const first = await openStore();
      for (const [i, id] of ["a", "b", "c"].entries()) await first.acceptRun(ratedRun(id, 1000 + i, hold));
      await first.close();
      const second = await openStore();
      // The period from 1000 is full, and c took the first place of the next: d is the second.
      expect(outcome(await second.acceptRun(ratedRun("d", 1500, hold)))).toEqual({
        kind: "run",
        runId: "d",
        held: true,
      });
      expect((await second.getRun("d"))?.held).toEqual({ reason: "rate", until: 2000 });
      expect(await second.rateCounts(["m", "unknown"])).toEqual(
        new Map([["m", { periodStart: 2000, count: 2, held: true }]]),
      );
      expect(await second.releaseWindows(2000)).toEqual({ runs: 2, wakes: [] });
      expect(await statuses(second)).toEqual({ a: "queued", b: "queued", c: "queued", d: "queued" });
    });

    it("retention keeps runs held by the rate", async () => {
      const store = await openStore();
      for (const [i, id] of ["a", "b", "c"].entries()) await store.acceptRun(ratedRun(id, 1000 + i, hold));
      await store.prune({ before: Number.MAX_SAFE_INTEGER, keep: 0, batch: 100 });
      expect((await store.getRun("c"))?.status).toBe("held");
    });
  });
}
