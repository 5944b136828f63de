// The request log, and retention: what pruning removes by age and by count.
import { describe, expect, it } from "vitest";
import { loggedRequest } from "../../../src/store/logged-request.js";
import type { Store } from "../../../src/store/types.js";
import { type ContractContext, logged, run, wake } from "./fixtures.js";

export function requestLogContract({ name, openStore }: ContractContext): void {
  describe(`${name}: request log`, () => {
    it("keeps every field of an entry, the body byte for byte, and finds it by id", async () => {
      const store = await openStore();
      const body = new Uint8Array([0x7b, 0x7d, 0x00, 0xff]);
      const entry = logged("r-1", { body, bodyBytes: 4, query: { a: "1" }, traceContext: "00-a-b-01" });
      await store.logRequests([entry].map(loggedRequest));
      const got = await store.getRequest("r-1");
      expect(got).toMatchObject({ ...entry, body: expect.anything() });
      expect([...got!.body!]).toEqual([...body]);
      expect(got!.seq).toBeTypeOf("number");
      expect(await store.getRequest("nope")).toBeNull();
    });

    it("an entry without a body comes back without one", async () => {
      const store = await openStore();
      const { body: _, ...noBody } = logged("r-1", {
        status: 401,
        outcome: "rejected",
        code: "UNAUTHORIZED",
      });
      await store.logRequests([noBody].map(loggedRequest));
      const got = await store.getRequest("r-1");
      expect(got).not.toHaveProperty("body");
      expect(got).toMatchObject({ status: 401, outcome: "rejected", code: "UNAUTHORIZED" });
    });

    it("lists newest first, with filters and paging", async () => {
      const store = await openStore();
      await store.logRequests(
        [
          logged("a1", { receivedAt: 1000, hook: "github", mappingId: "gh" }),
          logged("b2", { receivedAt: 2000, hook: "stripe", mappingId: "pay", outcome: "refused" }),
          logged("c3", { receivedAt: 3000, hook: "github", mappingId: undefined, outcome: "refused" }),
        ].map(loggedRequest),
      );
      await store.logRequests(
        [logged("a4", { receivedAt: 4000, hook: "github", mappingId: "gh" })].map(loggedRequest),
      );
      const ids = async (q: Parameters<Store["listRequests"]>[0]) =>
        (await store.listRequests(q)).map((r) => r.id);
      expect(await ids({ limit: 10 })).toEqual(["a4", "c3", "b2", "a1"]);
      expect(await ids({ limit: 2 })).toEqual(["a4", "c3"]);
      const [, second] = await store.listRequests({ limit: 2 });
      expect(await ids({ limit: 10, beforeSeq: second!.seq })).toEqual(["b2", "a1"]);
      expect(await ids({ limit: 10, since: 2000, until: 4000 })).toEqual(["c3", "b2"]);
      expect(await ids({ limit: 10, hook: "github" })).toEqual(["a4", "c3", "a1"]);
      expect(await ids({ limit: 10, hook: "git" })).toEqual([]);
      // A part of the name, in any case (the console's Hook filter).
      expect(await ids({ limit: 10, hookContains: "itHu" })).toEqual(["a4", "c3", "a1"]);
      expect(await ids({ limit: 10, hookContains: "RIP" })).toEqual(["b2"]);
      expect(await ids({ limit: 10, hookContains: "%" })).toEqual([]);
      expect(await ids({ limit: 10, mappingId: "gh" })).toEqual(["a4", "a1"]);
      expect(await ids({ limit: 10, outcome: "refused" })).toEqual(["c3", "b2"]);
      expect(await ids({ limit: 10, idPrefix: "a" })).toEqual(["a4", "a1"]);
    });

    it("finds the requests of one delivery id, newest first, and only exact matches", async () => {
      const store = await openStore();
      await store.logRequests(
        [
          logged("d1", { receivedAt: 1000, deliveryId: "72d3162e-cc78-11e3-81ab-4c9367dc0958" }),
          logged("d2", { receivedAt: 2000, deliveryId: "evt_1NG8Du2eZvKYlo2CUI79vXWy" }),
          // GitHub's redelivery of d1: the same id again.
          logged("d3", { receivedAt: 3000, deliveryId: "72d3162e-cc78-11e3-81ab-4c9367dc0958" }),
          logged("d4", { receivedAt: 4000 }),
        ].map(loggedRequest),
      );
      const found = await store.listRequests({
        limit: 10,
        deliveryId: "72d3162e-cc78-11e3-81ab-4c9367dc0958",
      });
      expect(found.map((r) => r.id)).toEqual(["d3", "d1"]);
      expect(found[0]!.deliveryId).toBe("72d3162e-cc78-11e3-81ab-4c9367dc0958");
      expect((await store.listRequests({ limit: 10, deliveryId: "evt_1NG8" })).map((r) => r.id)).toEqual([]);
      expect((await store.getRequest("d4"))!.deliveryId).toBeUndefined();
    });

    it("logging the same id twice keeps the first entry", async () => {
      const store = await openStore();
      await store.logRequests([logged("dup", { status: 200 })].map(loggedRequest));
      await store.logRequests([logged("dup", { status: 500 })].map(loggedRequest));
      expect((await store.listRequests({ limit: 10 })).map((r) => r.status)).toEqual([200]);
    });
  });

  describe(`${name}: retention`, () => {
    const policy = (over: Partial<Parameters<Store["prune"]>[0]> = {}) => ({
      before: 0,
      keep: 1_000_000,
      batch: 1000,
      ...over,
    });

    it("prunes by age: old requests, consumed events, finished runs, transcripts and heartbeats", async () => {
      const store = await openStore();
      await store.logRequests(
        [logged("old", { receivedAt: 100 }), logged("new", { receivedAt: 5000 })].map(loggedRequest),
      );
      await store.acceptWake({ ...wake("old event"), receivedAt: 100 });
      await store.acceptWake({ ...wake("pending old event"), receivedAt: 100 });
      const [consumed] = await store.pendingEvents();
      await store.consumeEvents([consumed!.id], 200);
      await store.acceptRun(run("done", { receivedAt: 100 }));
      await store.acceptRun(run("queued-old", { receivedAt: 100 }));
      await store.acceptRun(run("delivering", { receivedAt: 100 }));
      await store.acceptRun(run("fresh", { receivedAt: 5000 }));
      const claimed = await store.claimRuns(1, 150);
      expect(claimed.map((r) => r.id)).toEqual(["done"]);
      await store.finishRun("done", { status: "succeeded", reply: "ok", finishedAt: 200 });
      await store.claimRuns(1, 150);
      await store.acceptRun(run("x", { receivedAt: 100 }));
      // "delivering" finished with its delivery still pending: kept until it is sent.
      await store.claimRuns(1, 150);
      await store.finishRun(
        "delivering",
        { status: "succeeded", reply: "r", finishedAt: 200 },
        { delivery: { status: "pending", updatedAt: 200 } },
      );
      await store.appendTranscript("hook:t", [
        { role: "user", content: "old", createdAt: 100 },
        { role: "user", content: "new", createdAt: 5000 },
      ]);
      await store.recordHeartbeat({
        reason: "now",
        status: "acked",
        startedAt: 90,
        finishedAt: 100,
        eventIds: [],
      });

      const result = await store.prune(policy({ before: 1000 }));
      expect(result.more).toBe(false);
      expect(result.deleted).toEqual({
        requests: 1,
        events: 1,
        runs: 1,
        transcripts: 1,
        heartbeats: 1,
        issues: 0,
      });
      expect((await store.listRequests({ limit: 10 })).map((r) => r.id)).toEqual(["new"]);
      expect((await store.listEvents({ limit: 10 })).map((e) => e.text)).toEqual(["pending old event"]);
      expect(await store.getRun("done")).toBeNull();
      expect((await store.listRuns({ limit: 10 })).map((r) => r.id).sort()).toEqual(
        ["delivering", "fresh", "queued-old", "x"].sort(),
      );
      expect((await store.transcript("hook:t", 10)).map((m) => m.content)).toEqual(["new"]);
      expect(await store.listHeartbeats(10)).toEqual([]);
    });

    it("prunes by count, keeping the newest rows of each table, in batches", async () => {
      const store = await openStore();
      await store.logRequests(
        Array.from({ length: 7 }, (_, i) => logged(`r${i}`, { receivedAt: 5000 + i })).map(loggedRequest),
      );
      await store.appendTranscript(
        "hook:t",
        Array.from({ length: 5 }, (_, i) => ({
          role: "user" as const,
          content: `m${i}`,
          createdAt: 5000 + i,
        })),
      );
      const first = await store.prune(policy({ keep: 3, batch: 2 }));
      expect(first.more).toBe(true);
      expect(first.deleted.requests).toBe(2);
      let rounds = 1;
      while ((await store.prune(policy({ keep: 3, batch: 2 }))).more) rounds++;
      expect(rounds).toBeLessThan(5);
      expect((await store.listRequests({ limit: 10 })).map((r) => r.id)).toEqual(["r6", "r5", "r4"]);
      expect((await store.transcript("hook:t", 10)).map((m) => m.content)).toEqual(["m2", "m3", "m4"]);
    });
  });
}
