// Pauses in the store: a paused target's runs are never claimed and wait held, they are queued again
// in arrival order when the pause ends (resumed, or its time up), and a pause outlives the handle that
// made it (a restart, or another instance).
import { describe, expect, it } from "vitest";
import type { Store } from "../../../src/store/types.js";
import { type ContractContext, run } from "./fixtures.js";

async function statuses(store: Store): Promise<Record<string, string>> {
  const runs = await store.listRuns({ limit: 100 });
  return Object.fromEntries(runs.map((r) => [r.id, r.status]));
}

export function pausesContract({ name, openStore }: ContractContext): void {
  describe(`${name}: pauses`, () => {
    it("holds a paused mapping's runs, claims others, and queues them again in order on resume", async () => {
      const store = await openStore();
      await store.pause({ target: "mapping:gh", by: "command line", at: 1000 });
      expect(await store.listPauses(1000)).toEqual([{ target: "mapping:gh", by: "command line", at: 1000 }]);
      await store.acceptRun(run("r1", { mappingId: "gh", receivedAt: 1001 }));
      await store.acceptRun(run("r2", { mappingId: "other", receivedAt: 1002 }));
      await store.acceptRun(run("r3", { mappingId: "gh", receivedAt: 1003 }));
      // Never claimed, whether or not the pauses were applied yet.
      expect((await store.claimRuns(10, 1004)).map((r) => r.id)).toEqual(["r2"]);
      const applied = await store.applyPauses(1005);
      expect(applied.queued).toBe(0);
      expect(applied.pauses.map((p) => p.target)).toEqual(["mapping:gh"]);
      expect(await statuses(store)).toEqual({ r1: "held", r2: "running", r3: "held" });
      expect((await store.getRun("r1"))?.held).toEqual({ reason: "pause", by: "mapping:gh" });
      expect(await store.queueStats()).toMatchObject({ runsHeld: 2, runsPaused: 2 });

      expect(await store.resume("mapping:gh", 1006)).toBe(true);
      expect(await store.resume("mapping:gh", 1006)).toBe(false);
      expect(await store.listPauses(1006)).toEqual([]);
      expect((await store.getRun("r1"))?.held).toBeUndefined();
      expect((await store.claimRuns(10, 1007)).map((r) => r.id)).toEqual(["r1", "r3"]);
    });

    it("a pack's pause holds every run of the pack; resuming one of two pauses keeps the run held", async () => {
      const store = await openStore();
      await store.pause({ target: "pack:github", by: "console", at: 1000 });
      await store.pause({ target: "mapping:gh", by: "console", at: 1000 });
      await store.acceptRun(run("p1", { mappingId: "gh", pack: "github", receivedAt: 1001 }));
      await store.acceptRun(run("p2", { mappingId: "gh-issues", pack: "github", receivedAt: 1002 }));
      await store.acceptRun(run("p3", { mappingId: "mine", receivedAt: 1003 }));
      await store.applyPauses(1004);
      expect(await statuses(store)).toEqual({ p1: "held", p2: "held", p3: "queued" });
      // The first pause in force by target holds it.
      expect((await store.getRun("p1"))?.held?.by).toBe("mapping:gh");
      await store.resume("mapping:gh", 1005);
      expect((await store.getRun("p1"))?.held).toEqual({ reason: "pause", by: "pack:github" });
      await store.resume("pack:github", 1006);
      expect(await statuses(store)).toEqual({ p1: "queued", p2: "queued", p3: "queued" });
    });

    it("a pause for a time ends by itself, and outlives the handle that made it", async () => {
      const store = await openStore();
      await store.pause({ target: "mapping:gh", until: 5000, by: "command line", at: 1000 });
      await store.acceptRun(run("t1", { mappingId: "gh", receivedAt: 1001 }));
      await store.applyPauses(1002);
      expect((await store.getRun("t1"))?.held).toEqual({ reason: "pause", until: 5000, by: "mapping:gh" });
      // Another handle (a restart, or another instance) sees the pause and holds by it.
      const again = await openStore();
      expect(await again.listPauses(1003)).toEqual([
        { target: "mapping:gh", until: 5000, by: "command line", at: 1000 },
      ]);
      await again.acceptRun(run("t2", { mappingId: "gh", receivedAt: 1004 }));
      expect(await again.claimRuns(10, 4999)).toEqual([]);
      // Its time up, it holds nothing even before it is applied; applied, its runs are queued.
      expect(await again.listPauses(5000)).toEqual([]);
      expect((await again.applyPauses(5000)).queued).toBe(1);
      expect((await again.claimRuns(10, 5001)).map((r) => r.id)).toEqual(["t1", "t2"]);
    });

    it("a run held by a pause whose time is up is claimed at once, before anything applies the pauses", async () => {
      const store = await openStore();
      await store.pause({ target: "mapping:gh", until: 2000, by: "command line", at: 1000 });
      await store.acceptRun(run("e1", { mappingId: "gh", receivedAt: 1001 }));
      await store.acceptRun(run("e2", { mappingId: "other", receivedAt: 1002 }));
      await store.applyPauses(1003);
      expect(await statuses(store)).toEqual({ e1: "held", e2: "queued" });
      expect((await store.claimRuns(10, 2000)).map((r) => r.id)).toEqual(["e1", "e2"]);
      expect(await store.listPauses(2000)).toEqual([]);
    });

    it("a lane's pause holds the runs of every mapping in the lane, and its paused runs take none of its room", async () => {
      const store = await openStore();
      const slow = { name: "slow", limit: 1 };
      await store.pause({ target: "lane:slow", by: "command line", at: 1000 });
      await store.acceptRun(run("l1", { mappingId: "gh", lane: slow, receivedAt: 1001 }));
      await store.acceptRun(run("l2", { mappingId: "ci", lane: slow, receivedAt: 1002 }));
      await store.acceptRun(run("l3", { mappingId: "gh", receivedAt: 1003 }));
      // Before the pause is applied the claim passes them over; once applied they wait held.
      expect((await store.claimRuns(10, 1004)).map((r) => r.id)).toEqual(["l3"]);
      await store.applyPauses(1005);
      expect(await statuses(store)).toEqual({ l1: "held", l2: "held", l3: "running" });
      expect((await store.getRun("l2"))?.held).toEqual({ reason: "pause", by: "lane:slow" });
      await store.resume("lane:slow", 1006);
      // Resumed, the lane's limit of one still holds: the oldest first.
      expect((await store.claimRuns(10, 1007)).map((r) => r.id)).toEqual(["l1"]);
    });

    it("pausing again replaces the pause's end", async () => {
      const store = await openStore();
      await store.pause({ target: "lane:slow", until: 5000, by: "command line", at: 1000 });
      await store.pause({ target: "lane:slow", by: "console", at: 2000 });
      expect(await store.listPauses(6000)).toEqual([{ target: "lane:slow", by: "console", at: 2000 }]);
    });
  });
}
