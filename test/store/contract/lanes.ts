// Lanes: a run is claimed only while fewer than its lane's limit run, in arrival order within the
// lane, and runs of other lanes (or none) are claimed past the ones waiting. Two handles claiming at
// once (two instances on PostgreSQL) never run more of a lane than its limit.
import { describe, expect, it } from "vitest";
import type { RunRecord, Store } from "../../../src/store/types.js";
import { type ContractContext, run } from "./fixtures.js";

const laneA = { name: "a", limit: 1 };
const laneB = { name: "b", limit: 1 };
const ids = (runs: RunRecord[]) => runs.map((r) => r.id);
const done = (store: Store, id: string) => store.finishRun(id, { status: "succeeded", finishedAt: 3000 });

export function lanesContract({ name, openStore }: ContractContext): void {
  describe(`${name}: lanes`, () => {
    it("claims past a full lane, and the lane's next run once its running one finishes", async () => {
      const store = await openStore();
      await store.acceptRun(run("a1", { lane: laneA }));
      await store.acceptRun(run("a2", { lane: laneA }));
      await store.acceptRun(run("b1", { lane: laneB }));
      await store.acceptRun(run("free"));
      expect(ids(await store.claimRuns(10, 2000))).toEqual(["a1", "b1", "free"]);
      expect(await store.claimRuns(10, 2000)).toEqual([]);
      expect(await store.laneStats()).toEqual([
        { lane: "a", running: 1, queued: 1 },
        { lane: "b", running: 1, queued: 0 },
      ]);
      expect((await store.getRun("a2"))!).toMatchObject({ status: "queued", lane: laneA });
      await done(store, "b1");
      expect(await store.claimRuns(10, 2000)).toEqual([]);
      await done(store, "a1");
      const [a2] = await store.claimRuns(10, 2000);
      expect(a2).toMatchObject({ id: "a2", status: "running", lane: laneA });
    });

    it("runs up to the lane's limit at once, oldest first, and a full batch does not skip the order", async () => {
      const store = await openStore();
      const lane = { name: "github", limit: 2 };
      for (const id of ["g1", "g2", "g3", "g4"]) await store.acceptRun(run(id, { lane }));
      await store.acceptRun(run("other"));
      expect(ids(await store.claimRuns(1, 2000))).toEqual(["g1"]);
      expect(ids(await store.claimRuns(10, 2000))).toEqual(["g2", "other"]);
      await done(store, "g2");
      expect(ids(await store.claimRuns(10, 2000))).toEqual(["g3"]);
      await done(store, "g1");
      await done(store, "g3");
      expect(ids(await store.claimRuns(10, 2000))).toEqual(["g4"]);
      expect(await store.laneStats()).toEqual([{ lane: "github", running: 1, queued: 0 }]);
    });

    it("two handles claiming at once never run more of a lane than its limit", async () => {
      const one = await openStore();
      const two = await openStore();
      const lane = { name: "shared", limit: 2 };
      const order = Array.from({ length: 12 }, (_, i) => `s${String(i).padStart(2, "0")}`);
      for (const id of order) await one.acceptRun(run(id, { lane }));
      const started: string[] = [];
      const running = new Map<string, Store>();
      while (started.length < order.length) {
        const [a, b] = await Promise.all([one.claimRuns(10, 2000), two.claimRuns(10, 2000)]);
        for (const r of a) running.set(r.id, one);
        for (const r of b) running.set(r.id, two);
        started.push(...ids([...a, ...b]).sort());
        expect(running.size).toBeLessThanOrEqual(2);
        expect((await one.laneStats())[0]!.running).toBeLessThanOrEqual(2);
        // The oldest running one finishes, by the handle that claimed it.
        const [first] = [...running.keys()].sort();
        if (first !== undefined) {
          await done(running.get(first)!, first);
          running.delete(first);
        }
      }
      // Each run started once, and the lane's runs started in arrival order.
      expect(started).toEqual(order);
    });
  });
}
