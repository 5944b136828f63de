// Sessions, routes and heartbeats, and the queue's counts.
import { describe, expect, it } from "vitest";
import { type ContractContext, run, wake } from "./fixtures.js";

export function sessionsContract({ name, openStore }: ContractContext): void {
  describe(`${name}: sessions, routes, heartbeats`, () => {
    it("returns the newest transcript messages in order", async () => {
      const store = await openStore();
      await store.appendTranscript(
        "hook:t",
        ["1", "2", "3", "4"].map((content, i) => ({
          role: i % 2 ? "assistant" : "user",
          content,
          createdAt: i,
        })),
      );
      expect((await store.transcript("hook:t", 3)).map((m) => m.content)).toEqual(["2", "3", "4"]);
      expect(await store.transcript("hook:t", 0)).toEqual([]);
      expect(await store.transcript("hook:other", 5)).toEqual([]);
    });

    it("remembers the last route and each channel's last recipient", async () => {
      const store = await openStore();
      expect(await store.getLastRoute()).toBeNull();
      await store.setLastRoute({ channel: "telegram", to: "42" });
      await store.setLastRoute({ channel: "slack", to: "C1" });
      expect(await store.getLastRoute()).toEqual({ channel: "slack", to: "C1" });
      expect(await store.lastRecipient("telegram")).toBe("42");
      expect(await store.lastRecipient("discord")).toBeNull();
    });

    it("a successful heartbeat consumes its events and extends the main transcript; a failed one does not", async () => {
      const store = await openStore();
      await store.acceptWake(wake("a"));
      await store.acceptWake(wake("b"));
      const ids = (await store.pendingEvents()).map((e) => e.id);
      const failed = await store.recordHeartbeat(
        {
          reason: "now",
          status: "failed",
          startedAt: 1,
          finishedAt: 2,
          eventIds: ids,
          error: "provider down",
        },
        [{ role: "user", content: "x", createdAt: 2 }],
      );
      expect(await store.pendingEvents()).toHaveLength(2);
      expect(await store.transcript("main", 10)).toEqual([]);
      const ok = await store.recordHeartbeat(
        {
          reason: "now",
          status: "replied",
          startedAt: 3,
          finishedAt: 4,
          eventIds: ids,
          prompt: "p",
          reply: "r",
        },
        [
          { role: "user", content: "p", createdAt: 4 },
          { role: "assistant", content: "r", createdAt: 4 },
        ],
      );
      await store.setHeartbeatDelivery(ok.id, { status: "sent", channel: "slack", to: "C1", updatedAt: 5 });
      expect(await store.pendingEvents()).toEqual([]);
      expect((await store.transcript("main", 10)).map((m) => m.content)).toEqual(["p", "r"]);
      const listed = await store.listHeartbeats(10);
      expect(listed.map((h) => [h.id, h.status, h.delivery?.status])).toEqual([
        [ok.id, "replied", "sent"],
        [failed.id, "failed", undefined],
      ]);
    });
  });

  describe(`${name}: queue stats`, () => {
    it("counts queued and running runs, pending deliveries and pending events", async () => {
      const store = await openStore();
      expect(await store.queueStats()).toEqual({
        runsQueued: 0,
        runsHeld: 0,
        runsPaused: 0,
        runsRunning: 0,
        deliveriesPending: 0,
        eventsPending: 0,
      });
      for (const id of ["a", "b", "c"]) await store.acceptRun(run(id));
      await store.claimRuns(2, 1);
      await store.finishRun(
        "a",
        { status: "succeeded", reply: "r", finishedAt: 2 },
        { delivery: { status: "pending", updatedAt: 2 } },
      );
      await store.acceptWake(wake("e"));
      expect(await store.queueStats()).toEqual({
        runsQueued: 1,
        runsHeld: 0,
        runsPaused: 0,
        runsRunning: 1,
        deliveriesPending: 1,
        eventsPending: 1,
      });
    });
  });
}
