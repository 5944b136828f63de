// Flow control in the store: dedupe keys and coalesce windows, what they answer, what they store, and
// that they outlive the handle that opened them (a restart, or another instance).
import { describe, expect, it } from "vitest";
import type {
  AcceptResult,
  CoalesceFrame,
  FlowSpec,
  NewRun,
  NewWake,
  Store,
} from "../../../src/store/types.js";
import { type ContractContext, run, wake } from "./fixtures.js";

/** A run of mapping `m` at time `at`, coalesced by `c` and / or deduplicated by `d`. */
export function flowRun(
  id: string,
  at: number,
  keys: { c?: string; d?: string; max?: number; windowMs?: number; frame?: CoalesceFrame },
): NewRun {
  const flow: FlowSpec = { scope: "m" };
  if (keys.d !== undefined) flow.dedupe = { key: keys.d, windowMs: 10_000 };
  if (keys.c !== undefined) {
    flow.coalesce = {
      key: keys.c,
      windowMs: keys.windowMs ?? 1000,
      max: keys.max ?? 50,
      item: id,
      frame: keys.frame ?? { separator: " | " },
    };
  }
  return run(id, { message: id, receivedAt: at, flow });
}

function flowWake(text: string, at: number, key: string, mode: NewWake["mode"] = "next-heartbeat"): NewWake {
  return {
    ...wake(text, mode),
    receivedAt: at,
    flow: {
      scope: "w",
      coalesce: {
        key,
        windowMs: 1000,
        max: 50,
        item: text,
        frame: { separator: "\n" },
      },
    },
  };
}

const outcome = (r: AcceptResult) => (r.status === "accepted" ? r.outcome : r);

async function statuses(store: Store): Promise<Record<string, string>> {
  const runs = await store.listRuns({ limit: 100 });
  return Object.fromEntries(runs.map((r) => [r.id, r.status]));
}

export function flowContract({ name, openStore }: ContractContext): void {
  describe(`${name}: flow control`, () => {
    it("a repeated dedupe key answers with the first run and stores nothing, until its window ends", async () => {
      const store = await openStore();
      expect(outcome(await store.acceptRun(flowRun("a", 1000, { d: "k" })))).toEqual({
        kind: "run",
        runId: "a",
      });
      expect(outcome(await store.acceptRun(flowRun("b", 5000, { d: "k" })))).toEqual({
        kind: "run",
        runId: "a",
        deduped: true,
      });
      // Another key, and the same key once its 10 s window is over, start runs.
      expect(outcome(await store.acceptRun(flowRun("c", 5000, { d: "other" })))).toEqual({
        kind: "run",
        runId: "c",
      });
      expect(outcome(await store.acceptRun(flowRun("d", 11_000, { d: "k" })))).toEqual({
        kind: "run",
        runId: "d",
      });
      expect(await statuses(store)).toEqual({ a: "queued", c: "queued", d: "queued" });
    });

    it("a fan-out deduplicates each element on its own key", async () => {
      const store = await openStore();
      await store.acceptRuns([flowRun("a", 1000, { d: "m1" }), flowRun("b", 1000, { d: "m2" })]);
      const again = await store.acceptRuns([
        flowRun("c", 2000, { d: "m1" }),
        flowRun("d", 2000, { d: "m2" }),
        flowRun("e", 2000, { d: "m3" }),
      ]);
      expect(outcome(again)).toEqual({ kind: "run", runId: "a", runIds: ["a", "b", "e"] });
      const all = await store.acceptRuns([flowRun("f", 2000, { d: "m1" }), flowRun("g", 2000, { d: "m3" })]);
      expect(outcome(all)).toEqual({ kind: "run", runId: "a", runIds: ["a", "e"], deduped: true });
      expect(Object.keys(await statuses(store)).sort()).toEqual(["a", "b", "e"]);
    });

    it("a burst with one key is one held run until its window ends, holding every message in order", async () => {
      const store = await openStore();
      const answers = [];
      for (const [id, at] of [
        ["a", 1000],
        ["b", 1200],
        ["c", 1900],
      ] as const) {
        answers.push(outcome(await store.acceptRun(flowRun(id, at, { c: "alert" }))));
      }
      expect(answers).toEqual(Array(3).fill({ kind: "run", runId: "a", coalesced: true }));
      const held = await store.getRun("a");
      expect(held).toMatchObject({ status: "held", held: { reason: "coalesce", until: 2000 }, merged: 3 });
      expect(await store.queueStats()).toMatchObject({ runsHeld: 1, runsQueued: 0 });
      expect(await store.claimRuns(10, 1950)).toEqual([]);
      expect(await store.releaseWindows(1999)).toEqual({ runs: 0, wakes: [] });
      expect(await store.releaseWindows(2000)).toEqual({ runs: 1, wakes: [] });
      const [claimed] = await store.claimRuns(10, 2000);
      expect(claimed).toMatchObject({ id: "a", message: "a | b | c", merged: 3 });
      expect(claimed!.held).toBeUndefined();
      // The next request with the key opens a new window.
      expect(outcome(await store.acceptRun(flowRun("d", 2100, { c: "alert" })))).toEqual({
        kind: "run",
        runId: "d",
        coalesced: true,
      });
    });

    it("a window that reaches max queues its run at once; a late request after a missed release opens a new one", async () => {
      const store = await openStore();
      for (const id of ["a", "b", "c"]) await store.acceptRun(flowRun(id, 1000, { c: "k", max: 3 }));
      expect(await statuses(store)).toEqual({ a: "queued" });
      await store.acceptRun(flowRun("d", 1000, { c: "k", max: 3 }));
      // d's window ended at 2000 without a release; e (at 2500) ends it and opens its own.
      await store.acceptRun(flowRun("e", 2500, { c: "k", max: 3 }));
      expect(await statuses(store)).toEqual({ a: "queued", d: "queued", e: "held" });
    });

    it("dedupe runs before coalesce: a repeat does not join the window", async () => {
      const store = await openStore();
      await store.acceptRun(flowRun("a", 1000, { c: "k", d: "x" }));
      expect(outcome(await store.acceptRun(flowRun("b", 1100, { c: "k", d: "x" })))).toEqual({
        kind: "run",
        runId: "a",
        deduped: true,
      });
      await store.acceptRun(flowRun("c", 1200, { c: "k", d: "y" }));
      await store.releaseWindows(5000);
      expect((await store.getRun("a"))?.message).toBe("a | c");
    });

    it("coalesced wakes become one event when the window ends, `now` if any asked for it", async () => {
      const store = await openStore();
      const a = await store.acceptWake(flowWake("disk 91%", 1000, "disk"));
      await store.acceptWake(flowWake("disk 95%", 1500, "disk", "now"));
      expect(outcome(a)).toEqual({
        kind: "wake",
        mode: "next-heartbeat",
        event: "coalesced",
        coalesced: true,
      });
      expect(await store.pendingEvents()).toEqual([]);
      expect(await store.releaseWindows(2000)).toEqual({ runs: 0, wakes: ["now"] });
      expect((await store.pendingEvents()).map((e) => [e.text, e.mode])).toEqual([
        ["disk 91%\ndisk 95%", "now"],
      ]);
    });

    it("an idempotency key remembers the flow outcome", async () => {
      const store = await openStore();
      const idem = { scope: "m", key: "i1", ttlSeconds: 60 };
      await store.acceptRun(flowRun("a", 1000, { c: "k" }), idem);
      const again = await store.acceptRun(flowRun("b", 1100, { c: "k" }), idem);
      expect(again).toEqual({ status: "replayed", outcome: { kind: "run", runId: "a", coalesced: true } });
      expect((await store.getRun("a"))?.merged).toBeUndefined();
    });

    it("windows and keys outlive the handle that made them", async () => {
      const first = await openStore();
      await first.acceptRun(flowRun("a", 1000, { c: "k", d: "x" }));
      await first.close();
      const second = await openStore();
      expect(outcome(await second.acceptRun(flowRun("b", 1500, { c: "k" })))).toEqual({
        kind: "run",
        runId: "a",
        coalesced: true,
      });
      expect(outcome(await second.acceptRun(flowRun("c", 1600, { d: "x" })))).toMatchObject({
        deduped: true,
      });
      expect(await second.releaseWindows(2000)).toEqual({ runs: 1, wakes: [] });
      expect(await second.getRun("a")).toMatchObject({ status: "queued", message: "a | b" });
    });

    it("two open handles taking turns on one key see each other's joins and ends", async () => {
      // As two processes on one file, or two instances: each must read what the other wrote meanwhile.
      const one = await openStore();
      const two = await openStore();
      const at = (id: string, t: number) => flowRun(id, t, { c: "k", max: 4 });
      await one.acceptRun(at("a", 1000));
      expect(outcome(await two.acceptRun(at("b", 1100)))).toMatchObject({ runId: "a" });
      expect(outcome(await one.acceptRun(at("c", 1200)))).toMatchObject({ runId: "a" });
      expect(await one.getRun("a")).toMatchObject({ status: "held", merged: 3 });
      // The fourth request fills the window: its run is queued.
      expect(outcome(await two.acceptRun(at("d", 1300)))).toMatchObject({ runId: "a" });
      // The window `one` joined last has ended: the next request opens a new one, in its time.
      expect(outcome(await one.acceptRun(at("e", 1400)))).toEqual({
        kind: "run",
        runId: "e",
        coalesced: true,
      });
      expect(outcome(await two.acceptRun(at("f", 1500)))).toMatchObject({ runId: "e" });
      expect(await one.getRun("a")).toMatchObject({ status: "queued", message: "a | b | c | d" });
      expect(await one.releaseWindows(2400)).toEqual({ runs: 1, wakes: [] });
      expect(await two.getRun("e")).toMatchObject({ status: "queued", message: "e | f" });
    });

    it("a window's message is made once it ends: wrapped once as its run, or by the mapping's template", async () => {
      const store = await openStore();
      const wrap = { hookName: "alerts", source: "Webhook" };
      await store.acceptRun(flowRun("a", 1000, { c: "w", frame: { separator: "\n\n", wrap } }));
      await store.acceptRun(flowRun("b", 1100, { c: "w", frame: { separator: "\n\n", wrap } }));
      // While held, the run shows its first request's message and the count so far.
      expect(await store.getRun("a")).toMatchObject({ status: "held", merged: 2 });
      const templated = { separator: " | ", template: true as const };
      await store.acceptRun(flowRun("t1", 1000, { c: "t", frame: templated }));
      await store.acceptRun(flowRun("t2", 1200, { c: "t", frame: templated }));
      // A release that cannot render templates leaves the templated window to one that can.
      expect(await store.releaseWindows(2000)).toEqual({ runs: 1, wakes: [] });
      const message = (await store.getRun("a"))!.message;
      expect(message.match(/<<<EXTERNAL_UNTRUSTED_CONTENT/g)).toHaveLength(1);
      expect(message).toContain("[Hook run a | received 1970-01-01T00:00:01.000Z]");
      expect(message).toContain("---\na\n\nb\n<<<END_EXTERNAL_UNTRUSTED_CONTENT");
      expect((await store.getRun("t1"))?.status).toBe("held");
      const render = (items: readonly { message: string }[], key: string) =>
        `${key}: ${items.map((i) => i.message).join("+")}`;
      expect(await store.releaseWindows(2000, (scope) => (scope === "m" ? render : undefined))).toEqual({
        runs: 1,
        wakes: [],
      });
      expect(await store.getRun("t1")).toMatchObject({ status: "queued", message: "t: t1+t2", merged: 2 });
    });

    it("retention keeps held runs", async () => {
      const store = await openStore();
      await store.acceptRun(flowRun("a", 1000, { c: "k" }));
      await store.prune({ before: Number.MAX_SAFE_INTEGER, keep: 0, batch: 100 });
      expect((await store.getRun("a"))?.status).toBe("held");
    });
  });
}
