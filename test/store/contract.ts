// The behaviour every Store implementation must show, run against each one (SQLite in
// test/unit/store-sqlite.test.ts, PostgreSQL in test/store/postgres.test.ts). Only the Store
// interface is used here.
import { afterEach, describe, expect, it } from "vitest";
import { loggedRequest } from "../../src/store/logged-request.js";
import type { AcceptOutcome, NewRun, NewWake, RequestLogEntry, Store } from "../../src/store/types.js";

/**
 * Opens a store: empty at the first call of each test, and every further call within the same test
 * opens another handle on the same data (as a second process, or a second instance, would). `now`
 * replaces the clock where the test moves time.
 */
export type StoreFactory = (opts?: { now?: () => number }) => Promise<Store>;

export const wake = (text: string, mode: NewWake["mode"] = "now"): NewWake => ({
  text,
  mode,
  source: "wake",
  receivedAt: 1000,
});
export const run = (id: string, over: Partial<NewRun> = {}): NewRun => ({
  id,
  name: "GitHub",
  message: `message of ${id}`,
  sessionKey: `hook:${id}`,
  wakeMode: "now",
  deliver: true,
  channel: "last",
  receivedAt: 1000,
  ...over,
});
const ran = (runId: string): AcceptOutcome => ({ kind: "run", runId });

export const logged = (id: string, over: Partial<RequestLogEntry> = {}): RequestLogEntry => ({
  id,
  receivedAt: 1000,
  method: "POST",
  hook: "github",
  query: {},
  client: "127.0.0.1",
  headers: { "content-type": "application/json" },
  removedHeaders: ["authorization"],
  body: new TextEncoder().encode('{"action":"opened"}'),
  bodyBytes: 19,
  bodyCut: false,
  status: 202,
  outcome: "agent",
  mappingId: "gh",
  runId: `run-${id}`,
  decision: { kind: "agent", action: { message: "m" }, verdict: { sessionKey: "hook:x", channel: "last" } },
  timings: { totalMs: 1.5, decideMs: 0.2 },
  ...over,
});

export interface ContractOptions {
  /**
   * Leaves the data as if the process that holds `store`'s work died this instant (a shared store
   * leases claimed runs to the claiming instance; the embedded one needs nothing).
   */
  crash?: (store: Store) => Promise<void>;
}

export function storeContract(name: string, factory: StoreFactory, options: ContractOptions = {}): void {
  const crash = options.crash ?? (async () => {});
  const open: Store[] = [];
  const openStore = async (opts?: { now?: () => number }): Promise<Store> => {
    const store = await factory(opts);
    open.push(store);
    return store;
  };
  afterEach(async () => {
    for (const store of open.splice(0)) await store.close();
  });

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

  describe(`${name}: runs`, () => {
    it("claims oldest first up to max, records start, finish and completion effects", async () => {
      const store = await openStore();
      for (const id of ["a", "b", "c"]) await store.acceptRun(run(id, { sessionKey: "hook:s" }));
      const claimed = await store.claimRuns(2, 5000);
      expect(claimed.map((r) => [r.id, r.status, r.attempts, r.startedAt])).toEqual([
        ["a", "running", 1, 5000],
        ["b", "running", 1, 5000],
      ]);
      await store.startRun("a", {
        resolvedAgentId: "main",
        resolvedModel: "openai/gpt-4o-mini",
        prompt: { runner: "llm", transcriptMessages: 0, message: "message of a", timeoutSeconds: 600 },
      });
      await store.finishRun(
        "a",
        { status: "succeeded", reply: "done", usage: { totalTokens: 12 }, finishedAt: 6000 },
        {
          transcript: [
            { role: "user", content: "message of a", runId: "a", createdAt: 6000 },
            { role: "assistant", content: "done", runId: "a", createdAt: 6000 },
          ],
          event: { text: "Hook GitHub: done", source: "GitHub", mode: "now" },
          delivery: { status: "pending", updatedAt: 6000 },
        },
      );
      const a = await store.getRun("a");
      expect(a).toMatchObject({
        status: "succeeded",
        reply: "done",
        usage: { totalTokens: 12 },
        resolvedAgentId: "main",
        resolvedModel: "openai/gpt-4o-mini",
        prompt: { runner: "llm", message: "message of a" },
        finishedAt: 6000,
        delivery: { status: "pending" },
      });
      expect((await store.transcript("hook:s", 10)).map((m) => m.content)).toEqual(["message of a", "done"]);
      expect((await store.pendingEvents()).map((e) => [e.text, e.mode])).toEqual([
        ["Hook GitHub: done", "now"],
      ]);
      // The process stops with the delivery still pending: the next one finds it.
      await store.close();
      const next = await openStore();
      expect((await next.pendingDeliveries()).map((r) => r.id)).toEqual(["a"]);
      await next.setDelivery("a", {
        status: "sent",
        channel: "telegram",
        to: "42",
        messageIds: ["7"],
        updatedAt: 7000,
      });
      expect(await next.pendingDeliveries()).toEqual([]);
      expect((await next.getRun("a"))!.delivery).toMatchObject({ status: "sent", messageIds: ["7"] });

      // A run finishes once: a second finish changes nothing and says so.
      expect(
        await next.finishRun(
          "a",
          { status: "failed", error: "late", finishedAt: 8000 },
          { event: { text: "x", source: "x", mode: "now" } },
        ),
      ).toBe(false);
      expect((await next.getRun("a"))!.status).toBe("succeeded");
      expect(await next.pendingEvents()).toHaveLength(1);
    });

    it("finishing reports that it recorded the outcome", async () => {
      const store = await openStore();
      await store.acceptRun(run("a"));
      await store.claimRuns(1, 1);
      expect(await store.finishRun("a", { status: "succeeded", reply: "ok", finishedAt: 2 })).toBe(true);
      expect(await store.finishRun("nope", { status: "succeeded", finishedAt: 2 })).toBe(false);
    });

    it("lists newest first, filtered by status and session", async () => {
      const store = await openStore();
      await store.acceptRun(run("a", { sessionKey: "hook:x" }));
      await store.acceptRun(run("b", { sessionKey: "hook:y" }));
      await store.acceptRun(run("c", { sessionKey: "hook:x" }));
      await store.claimRuns(1, 1);
      expect((await store.listRuns({ limit: 10 })).map((r) => r.id)).toEqual(["c", "b", "a"]);
      expect((await store.listRuns({ limit: 1 })).map((r) => r.id)).toEqual(["c"]);
      expect((await store.listRuns({ limit: 10, status: "queued" })).map((r) => r.id)).toEqual(["c", "b"]);
      expect((await store.listRuns({ limit: 10, sessionKey: "hook:x" })).map((r) => r.id)).toEqual([
        "c",
        "a",
      ]);
      expect(await store.getRun("nope")).toBeNull();
    });

    it("finds runs by the start or the end of their ids, in id order", async () => {
      const store = await openStore();
      for (const id of ["01968b49-0002-7abc", "01968b49-0001-7def", "01968b4a-0003-7abc", "xabc", "é-abcé"]) {
        await store.acceptRun(run(id));
      }
      const ids = (runs: { id: string }[]) => runs.map((r) => r.id);
      expect(ids(await store.findRunsByIdPrefix("01968b49", 10))).toEqual([
        "01968b49-0001-7def",
        "01968b49-0002-7abc",
      ]);
      expect(ids(await store.findRunsByIdSuffix("7abc", 10))).toEqual([
        "01968b49-0002-7abc",
        "01968b4a-0003-7abc",
      ]);
      expect(ids(await store.findRunsByIdSuffix("7abc", 1))).toEqual(["01968b49-0002-7abc"]);
      // Characters, not bytes: a two-byte character at the end counts as one.
      expect(ids(await store.findRunsByIdSuffix("abcé", 10))).toEqual(["é-abcé"]);
      expect(ids(await store.findRunsByIdSuffix("abc", 10))).toEqual([
        "01968b49-0002-7abc",
        "01968b4a-0003-7abc",
        "xabc",
      ]);
      expect(await store.findRunsByIdSuffix("nope", 10)).toEqual([]);
    });

    it("keeps every field of an accepted run", async () => {
      const store = await openStore();
      const full = run("f", {
        agentId: "ops",
        sessionMode: "isolated",
        model: "mini",
        thinking: "high",
        timeoutSeconds: 30,
        wakeMode: "next-heartbeat",
        deliver: false,
        channel: "telegram",
        to: "123",
        mappingId: "github",
        pack: "mail",
        traceContext: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
      });
      await store.acceptRun(full);
      expect(await store.getRun("f")).toEqual({ ...full, status: "queued", attempts: 0 });
    });

    it("recovers interrupted runs: re-queued once, then failed with `interrupted`", async () => {
      const store = await openStore();
      await store.acceptRun(run("a"));
      await store.acceptRun(run("b"));
      await store.claimRuns(2, 1);
      // Simulated crash: both stay running.
      await crash(store);
      expect(await store.recoverInterrupted(2, 2)).toEqual({ requeued: 2, failed: 0 });
      const again = await store.claimRuns(1, 3);
      expect(again.map((r) => [r.id, r.attempts])).toEqual([["a", 2]]);
      await crash(store);
      const failedEvent = (r: { name: string; id: string; wakeMode: "now" | "next-heartbeat" }) => ({
        text: `Hook ${r.name} (failed): ${r.id} interrupted`,
        source: r.name,
        mode: r.wakeMode,
      });
      expect(await store.recoverInterrupted(2, 4, failedEvent)).toEqual({ requeued: 0, failed: 1 });
      expect(await store.getRun("a")).toMatchObject({
        status: "failed",
        error: "interrupted",
        finishedAt: 4,
      });
      expect(await store.getRun("b")).toMatchObject({ status: "queued", attempts: 1 });
      // The given-up run tells the main session, in the same transaction.
      expect((await store.pendingEvents()).map((e) => [e.text, e.source, e.mode, e.createdAt])).toEqual([
        ["Hook GitHub (failed): a interrupted", "GitHub", "now", 4],
      ]);
    });
  });

  describe(`${name}: two handles on one store`, () => {
    it("a wake accepted through one is seen through the other", async () => {
      const a = await openStore();
      const b = await openStore();
      await a.acceptWake(wake("from a"));
      await b.acceptWake(wake("from b", "next-heartbeat"));
      expect((await b.listEvents({ limit: 10 })).map((e) => e.text)).toEqual(["from b", "from a"]);
      expect((await a.pendingEvents()).map((e) => e.text)).toEqual(["from a", "from b"]);
    });

    it("one idempotency key sent through both at once creates one run", async () => {
      const a = await openStore();
      const b = await openStore();
      const idem = { scope: "agent", key: "same-key", ttlSeconds: 60, fingerprint: "f" };
      const results = await Promise.all([
        a.acceptRun(run("via-a"), idem),
        b.acceptRun(run("via-b"), idem),
        a.acceptRun(run("via-a2"), idem),
        b.acceptRun(run("via-b2"), idem),
      ]);
      const accepted = results.filter((r) => r.status === "accepted");
      expect(accepted).toHaveLength(1);
      const first = (accepted[0] as { outcome: AcceptOutcome }).outcome;
      for (const r of results.filter((r) => r.status !== "accepted")) {
        expect(r).toEqual({ status: "replayed", outcome: first });
      }
      expect((await a.listRuns({ limit: 10 })).map((r) => r.id)).toEqual([
        (first as { runId: string }).runId,
      ]);
    });

    it("claims through both never hand out one run twice", async () => {
      const a = await openStore();
      const b = await openStore();
      const ids = Array.from({ length: 20 }, (_, i) => `r${String(i).padStart(2, "0")}`);
      for (const id of ids) await a.acceptRun(run(id));
      const claimed: string[] = [];
      for (;;) {
        const [x, y] = await Promise.all([a.claimRuns(3, 1), b.claimRuns(3, 1)]);
        if (x.length + y.length === 0) break;
        claimed.push(...x.map((r) => r.id), ...y.map((r) => r.id));
      }
      expect(claimed.sort()).toEqual(ids);
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
      expect(await ids({ limit: 10, mappingId: "gh" })).toEqual(["a4", "a1"]);
      expect(await ids({ limit: 10, outcome: "refused" })).toEqual(["c3", "b2"]);
      expect(await ids({ limit: 10, idPrefix: "a" })).toEqual(["a4", "a1"]);
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
      expect(result.deleted).toEqual({ requests: 1, events: 1, runs: 1, transcripts: 1, heartbeats: 1 });
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

  describe(`${name}: queue stats`, () => {
    it("counts queued and running runs, pending deliveries and pending events", async () => {
      const store = await openStore();
      expect(await store.queueStats()).toEqual({
        runsQueued: 0,
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
        runsRunning: 1,
        deliveriesPending: 1,
        eventsPending: 1,
      });
    });
  });
}
