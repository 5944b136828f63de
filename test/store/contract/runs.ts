// Runs: claiming, finishing, listing and finding them, recovery after a crash, and two handles on one
// store that never hand out one run twice.
import { describe, expect, it } from "vitest";
import type { AcceptOutcome } from "../../../src/store/types.js";
import { type ContractContext, run, wake } from "./fixtures.js";

export function runsContract({ name, openStore, crash }: ContractContext): void {
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

    it("a run's start may be recorded with its finish", async () => {
      const store = await openStore();
      await store.acceptRun(run("a"));
      await store.claimRuns(1, 1);
      const prompt = { runner: "echo", transcriptMessages: 0, message: "message of a", timeoutSeconds: 600 };
      await store.finishRun("a", {
        status: "succeeded",
        reply: "ok",
        resolvedAgentId: "main",
        resolvedModel: "openai/gpt-4o-mini",
        prompt,
        finishedAt: 2,
      });
      expect(await store.getRun("a")).toMatchObject({
        status: "succeeded",
        resolvedAgentId: "main",
        resolvedModel: "openai/gpt-4o-mini",
        prompt,
      });
    });

    it("finishing reports that it recorded the outcome", async () => {
      const store = await openStore();
      await store.acceptRun(run("a"));
      await store.claimRuns(1, 1);
      expect(await store.finishRun("a", { status: "succeeded", reply: "ok", finishedAt: 2 })).toBe(true);
      expect(await store.finishRun("nope", { status: "succeeded", finishedAt: 2 })).toBe(false);
    });

    it("keeps the id the run's target gave it, also for a failed run", async () => {
      const store = await openStore();
      await store.acceptRun(run("a"));
      await store.acceptRun(run("b"));
      await store.claimRuns(2, 1);
      await store.finishRun("a", { status: "succeeded", finishedAt: 2, targetId: "3f9ae9e3-ddaa" });
      await store.finishRun("b", { status: "failed", error: "HTTP 502", finishedAt: 2, targetId: "task-7" });
      expect((await store.getRun("a"))?.targetId).toBe("3f9ae9e3-ddaa");
      expect((await store.getRun("b"))?.targetId).toBe("task-7");
      expect((await store.listRuns({ limit: 10 })).map((r) => r.targetId)).toEqual([
        "task-7",
        "3f9ae9e3-ddaa",
      ]);
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
}
