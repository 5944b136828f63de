// Accepting wakes and runs: coalescing, idempotency keys, fan-outs (all or none), any text.
import { describe, expect, it } from "vitest";
import type { Store } from "../../../src/store/types.js";
import { type ContractContext, ran, run, wake } from "./fixtures.js";

export function acceptsContract({ name, openStore }: ContractContext): void {
  describe(`${name}: wakes`, () => {
    it("queues a wake and coalesces an identical text with the newest pending event", async () => {
      const store = await openStore();
      const a = await store.acceptWake(wake("disk almost full", "next-heartbeat"));
      const b = await store.acceptWake(wake("disk almost full"));
      const c = await store.acceptWake(wake("other"));
      const d = await store.acceptWake(wake("disk almost full"));
      expect(
        [a, b, c, d].map((r) => r.status === "accepted" && r.outcome.kind === "wake" && r.outcome.event),
      ).toEqual(["queued", "coalesced", "queued", "queued"]);
      const pending = await store.pendingEvents();
      expect(pending.map((e) => [e.text, e.repeats, e.mode])).toEqual([
        ["disk almost full", 2, "now"],
        ["other", 1, "now"],
        ["disk almost full", 1, "now"],
      ]);
    });

    it("wakes arriving together coalesce as they would one after the other", async () => {
      const store = await openStore();
      await store.acceptWake(wake("x", "next-heartbeat"));
      const results = await Promise.all(
        [wake("x", "next-heartbeat"), wake("x"), wake("y"), wake("y", "next-heartbeat"), wake("x")].map((w) =>
          store.acceptWake(w),
        ),
      );
      expect(
        results.map((r) => r.status === "accepted" && r.outcome.kind === "wake" && r.outcome.event),
      ).toEqual(["coalesced", "coalesced", "queued", "coalesced", "queued"]);
      expect((await store.pendingEvents()).map((e) => [e.text, e.repeats, e.mode])).toEqual([
        ["x", 3, "now"],
        ["y", 2, "now"],
        ["x", 1, "now"],
      ]);
    });

    it("does not coalesce with an event a heartbeat already consumed", async () => {
      const store = await openStore();
      await store.acceptWake(wake("ping"));
      const [event] = await store.pendingEvents();
      await store.consumeEvents([event!.id], 2000);
      const again = await store.acceptWake(wake("ping"));
      expect(again).toEqual({ status: "accepted", outcome: { kind: "wake", mode: "now", event: "queued" } });
      expect((await store.listEvents({ limit: 10 })).map((e) => e.consumedAt)).toEqual([undefined, 2000]);
      expect(await store.listEvents({ limit: 10, pendingOnly: true })).toHaveLength(1);
    });
  });

  describe(`${name}: idempotency`, () => {
    const idem = { scope: "agent", key: "k-1", ttlSeconds: 60 };

    it("a repeated key returns the first response and writes nothing", async () => {
      const store = await openStore();
      const first = await store.acceptRun(run("r1"), idem);
      const second = await store.acceptRun(run("r2"), idem);
      expect(first).toEqual({ status: "accepted", outcome: ran("r1") });
      expect(second).toEqual({ status: "replayed", outcome: ran("r1") });
      expect((await store.listRuns({ limit: 10 })).map((r) => r.id)).toEqual(["r1"]);
      expect(await store.findIdempotent(idem)).toEqual({ status: "replayed", outcome: ran("r1") });
      expect(await store.findIdempotent({ ...idem, scope: "other" })).toBeNull();
    });

    it("two requests with one key in the same batch: the second is a duplicate of the first", async () => {
      const store = await openStore();
      const [a, b] = await Promise.all([
        store.acceptWake(wake("first"), idem),
        store.acceptWake(wake("second"), idem),
      ]);
      expect(a!.status).toBe("accepted");
      expect(b).toEqual({ status: "replayed", outcome: (a as { outcome: unknown }).outcome });
      expect((await store.pendingEvents()).map((e) => e.text)).toEqual(["first"]);
    });

    it("an expired key is forgotten and replaced", async () => {
      let now = 1_000_000;
      const store = await openStore({ now: () => now });
      await store.acceptRun(run("r1"), idem);
      now += 61_000;
      expect(await store.findIdempotent(idem)).toBeNull();
      const again = await store.acceptRun(run("r2"), idem);
      expect(again).toEqual({ status: "accepted", outcome: ran("r2") });
      expect(await store.findIdempotent(idem)).toEqual({ status: "replayed", outcome: ran("r2") });
    });

    it("a key kept for a sender's retry horizon (3 days) outlives the harshest retention", async () => {
      const HOUR = 3_600_000;
      let now = 1_000_000_000;
      const store = await openStore({ now: () => now });
      const horizon = { scope: "verified:stripe:stripe", key: "evt_1", ttlSeconds: 3 * 24 * 3600 };
      await store.acceptWake(wake("payment failed"), horizon);
      now += 71 * HOUR;
      // Rows older than a minute go, at most one row of each table stays.
      await store.prune({ before: now - 60_000, keep: 1, batch: 2000 });
      expect(await store.acceptWake(wake("payment failed, retried"), horizon)).toMatchObject({
        status: "replayed",
      });
      now += 2 * HOUR;
      expect(await store.findIdempotent(horizon)).toBeNull();
    });
  });

  describe(`${name}: fan-out`, () => {
    const idem = { scope: "mail", key: "batch-1", ttlSeconds: 60 };
    const ids = async (store: Store) => (await store.listRuns({ limit: 100 })).map((r) => r.id).sort();

    it("queues a request's runs together: every id in order, the first as runId", async () => {
      const store = await openStore();
      const result = await store.acceptRuns([run("m1"), run("m2"), run("m3")]);
      expect(result).toEqual({
        status: "accepted",
        outcome: { kind: "run", runId: "m1", runIds: ["m1", "m2", "m3"] },
      });
      expect(await ids(store)).toEqual(["m1", "m2", "m3"]);
      expect((await store.claimRuns(10, 2000)).map((r) => r.sessionKey)).toEqual([
        "hook:m1",
        "hook:m2",
        "hook:m3",
      ]);
    });

    it("stores all of a fan-out or none: one bad run keeps the others out, and other accepts go on", async () => {
      const store = await openStore();
      await store.acceptRun(run("taken"));
      const results = await Promise.allSettled([
        store.acceptRuns([run("f1"), run("f2"), run("taken")]),
        store.acceptRuns([run("g1"), run("g2", { message: null as unknown as string })]),
        store.acceptRun(run("alone")),
        store.acceptWakes([wake("w1"), wake("w2")]),
      ]);
      expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "fulfilled", "fulfilled"]);
      expect(await ids(store)).toEqual(["alone", "taken"]);
      expect((await store.pendingEvents()).map((e) => e.text)).toEqual(["w1", "w2"]);
    });

    it("a repeated key gets the whole first answer back and stores nothing", async () => {
      const store = await openStore();
      const first = await store.acceptRuns([run("a1"), run("a2")], idem);
      const again = await store.acceptRuns([run("b1"), run("b2")], idem);
      const outcome = { kind: "run", runId: "a1", runIds: ["a1", "a2"] };
      expect(first).toEqual({ status: "accepted", outcome });
      expect(again).toEqual({ status: "replayed", outcome });
      expect(await store.findIdempotent(idem)).toEqual({ status: "replayed", outcome });
      // Another handle (a restart, another instance) answers the same.
      const other = await openStore();
      expect(await other.acceptRuns([run("c1")], idem)).toEqual({ status: "replayed", outcome });
      expect(await ids(store)).toEqual(["a1", "a2"]);
    });

    it("the same key twice in one batch: the second is the first's repeat", async () => {
      const store = await openStore();
      const [a, b] = await Promise.all([
        store.acceptRuns([run("x1"), run("x2")], idem),
        store.acceptRuns([run("y1"), run("y2")], idem),
      ]);
      expect(a).toEqual({ status: "accepted", outcome: { kind: "run", runId: "x1", runIds: ["x1", "x2"] } });
      expect(b).toEqual({ status: "replayed", outcome: (a as { outcome: unknown }).outcome });
      expect(await ids(store)).toEqual(["x1", "x2"]);
    });

    it("a fan-out of wakes coalesces as one after the other would, and counts them", async () => {
      const store = await openStore();
      await store.acceptWake(wake("same", "next-heartbeat"));
      const all = await store.acceptWakes([wake("same", "next-heartbeat"), wake("same", "next-heartbeat")]);
      expect(all).toEqual({
        status: "accepted",
        outcome: { kind: "wake", mode: "next-heartbeat", event: "coalesced", count: 2 },
      });
      const mixed = await store.acceptWakes([wake("same"), wake("new", "next-heartbeat")], idem);
      expect(mixed).toEqual({
        status: "accepted",
        outcome: { kind: "wake", mode: "now", event: "queued", count: 2 },
      });
      expect(await store.acceptWakes([wake("other")], idem)).toEqual({
        status: "replayed",
        outcome: { kind: "wake", mode: "now", event: "queued", count: 2 },
      });
      expect((await store.pendingEvents()).map((e) => [e.text, e.repeats, e.mode])).toEqual([
        ["same", 4, "now"],
        ["new", 1, "next-heartbeat"],
      ]);
    });

    it("a fan-out of 1000 runs arriving with other accepts: every one stored, each answer its own", async () => {
      const store = await openStore();
      const big = Array.from({ length: 1000 }, (_, i) => run(`big-${i}`));
      const results = await Promise.all([
        store.acceptRun(run("before")),
        store.acceptRuns(big),
        store.acceptRuns([run("small-1"), run("small-2")], idem),
        store.acceptWakes([wake("w1"), wake("w2")]),
        store.acceptRun(run("after")),
      ]);
      expect(results.map((r) => r.status)).toEqual([
        "accepted",
        "accepted",
        "accepted",
        "accepted",
        "accepted",
      ]);
      const outcome = (i: number) => (results[i] as { outcome: { runIds?: string[] } }).outcome;
      expect(outcome(1).runIds).toEqual(big.map((r) => r.id));
      expect(outcome(2).runIds).toEqual(["small-1", "small-2"]);
      expect((await store.queueStats()).runsQueued).toBe(1004);
      expect((await store.pendingEvents()).map((e) => e.text)).toEqual(["w1", "w2"]);
    });

    it("an empty fan-out is refused: nothing to store is the caller's to answer", async () => {
      const store = await openStore();
      await expect(store.acceptRuns([])).rejects.toThrow(/at least one/);
      await expect(store.acceptWakes([])).rejects.toThrow(/at least one/);
    });
  });

  describe(`${name}: text`, () => {
    it("accepts any JSON string, a NUL character included, and keeps the rest of it", async () => {
      const store = await openStore();
      const text = "before\u0000after ✓ 𝄞";
      expect((await store.acceptWake(wake(text))).status).toBe("accepted");
      await store.acceptRun(run("nul", { message: text }));
      const [event] = await store.pendingEvents();
      // PostgreSQL text cannot hold U+0000: it keeps U+FFFD in its place.
      expect([text, text.replace("\u0000", "\ufffd")]).toContain(event!.text);
      expect([text, text.replace("\u0000", "\ufffd")]).toContain((await store.getRun("nul"))!.message);
    });
  });
}
