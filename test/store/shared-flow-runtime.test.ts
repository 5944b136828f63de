// Runtimes of two instances on one PostgreSQL schema running flow-controlled runs: a budget's held runs
// start when the period rolls over on the test's clock, each once, on whichever instance, also when
// every instance was stopped meanwhile; the tokens are what the runner reports, wherever it ran; and a
// lane's runs taken back from an instance that died run again with their ids, one at a time, in order.
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ResolvedConfig } from "../../src/config/types.js";
import { createRuntime, type HookgateRuntime } from "../../src/runtime/index.js";
import { PostgresStore } from "../../src/store/postgres/store.js";
import type { FlowSpec, RunRecord } from "../../src/store/types.js";
import { type DeepPartial, testConfig } from "../helpers/config.js";
import { type FakeLlm, fakeLlm } from "../helpers/fake-llm.js";
import { dropSchema, expireLeases, pgAvailable, pgStoreConfig, uniqueSchema } from "../helpers/pg.js";
import { RecordingDelivery } from "../helpers/recording-delivery.js";
import { run } from "./contract/fixtures.js";
import { budgetedRun } from "./contract/flow-budget.js";

const available = await pgAvailable();

type Budget = NonNullable<FlowSpec["budget"]>;

// Generous: other jobs load the machine; nothing here waits on a time of its own.
const WAIT = { timeout: 30_000, interval: 50 };

interface Instance {
  store: PostgresStore;
  runtime: HookgateRuntime;
}

describe.skipIf(!available)("runtimes sharing a PostgreSQL store: flow control", () => {
  let schema: string;
  let clock: number;
  const instances: Instance[] = [];
  let llm: FakeLlm | undefined;

  async function instance(
    over: DeepPartial<ResolvedConfig> = {},
    opts: { now?: () => number } = {},
  ): Promise<Instance> {
    const config = testConfig({
      heartbeat: { everyMs: 0, coalesceMs: 0 },
      store: pgStoreConfig(schema, { leaseSeconds: 2 }),
      ...over,
    });
    const store = new PostgresStore(config.store as ReturnType<typeof pgStoreConfig>);
    await store.open();
    // Polls often, so that a look does not wait for a signal; the assertions do not depend on it.
    const runtime = createRuntime({
      config,
      store,
      log: pino({ level: "silent" }),
      delivery: new RecordingDelivery(store),
      stopGraceMs: 2000,
      pollMs: 100,
      ...opts,
    });
    await runtime.start();
    const made = { store, runtime };
    instances.push(made);
    return made;
  }
  /** Two instances on the test's clock. */
  const two = async (over: DeepPartial<ResolvedConfig> = {}) => {
    const now = () => clock;
    return [await instance(over, { now }), await instance(over, { now })] as const;
  };
  const runsOf = async (store: PostgresStore): Promise<RunRecord[]> =>
    (await store.listRuns({ limit: 100 })).sort((x, y) => x.id.localeCompare(y.id));
  const statuses = async (store: PostgresStore) =>
    Object.fromEntries((await runsOf(store)).map((r) => [r.id, r.status]));

  beforeEach(() => {
    schema = uniqueSchema("flowrt");
    clock = 1000;
  });
  afterEach(async () => {
    for (const i of instances.splice(0)) await i.runtime.stop().catch(() => {});
    await llm?.close();
    llm = undefined;
    await dropSchema(schema);
  });

  it("a budget's held runs start when the period rolls over, each once, on whichever instance", async () => {
    const [a, b] = await two();
    const budget: Budget = { runs: 2, perMs: 10_000, over: "hold" };
    const order = ["r1", "r2", "r3", "r4", "r5", "r6"];
    for (const [i, id] of order.entries()) {
      const via = i % 2 ? a : b;
      await via.store.acceptRun(budgetedRun(id, clock, budget));
      via.runtime.runAccepted();
    }
    await expect
      .poll(() => statuses(a.store), WAIT)
      .toEqual({
        r1: "succeeded",
        r2: "succeeded",
        r3: "held",
        r4: "held",
        r5: "held",
        r6: "held",
      });
    expect((await runsOf(b.store)).map((r) => r.held?.until)).toEqual([
      undefined,
      undefined,
      10_000,
      10_000,
      20_000,
      20_000,
    ]);

    clock = 10_000;
    // The period's two start; the next period's two wait for theirs.
    await expect
      .poll(() => statuses(b.store), WAIT)
      .toEqual({
        r1: "succeeded",
        r2: "succeeded",
        r3: "succeeded",
        r4: "succeeded",
        r5: "held",
        r6: "held",
      });
    clock = 20_000;
    await expect
      .poll(async () => Object.values(await statuses(a.store)), WAIT)
      .toEqual(order.map(() => "succeeded"));
    const runs = await runsOf(a.store);
    expect(runs.map((r) => [r.id, r.attempts, r.startedAt])).toEqual([
      ["r1", 1, 1000],
      ["r2", 1, 1000],
      ["r3", 1, 10_000],
      ["r4", 1, 10_000],
      ["r5", 1, 20_000],
      ["r6", 1, 20_000],
    ]);
  }, 90_000);

  it("held runs outlive every instance: one started after their period starts them", async () => {
    const [a, b] = await two();
    const budget: Budget = { runs: 1, perMs: 10_000, over: "hold" };
    for (const [via, id] of [
      [a, "h1"],
      [b, "h2"],
      [a, "h3"],
    ] as const) {
      await via.store.acceptRun(budgetedRun(id, clock, budget));
      via.runtime.runAccepted();
    }
    await expect.poll(() => statuses(b.store), WAIT).toEqual({ h1: "succeeded", h2: "held", h3: "held" });
    for (const i of instances.splice(0)) await i.runtime.stop();

    clock = 10_000;
    const [later] = await two();
    await expect
      .poll(() => statuses(later.store), WAIT)
      .toEqual({ h1: "succeeded", h2: "succeeded", h3: "held" });
    expect((await later.store.getRun("h2"))?.startedAt).toBe(10_000);
    expect((await later.store.getRun("h3"))?.held?.until).toBe(20_000);
  }, 90_000);

  it("a token budget counts what the model reported on either instance; the held runs start in the next period", async () => {
    llm = await fakeLlm();
    const [a, b] = await two({
      providers: { fake: { baseUrl: llm.baseUrl, apiKey: "sk-test" } },
      agents: { defaults: { model: "fake/test-model" }, list: [{ id: "main", runner: { kind: "llm" } }] },
    });
    // Each answer of the fake model reports 18 tokens: two runs spend this budget.
    const budget: Budget = { tokens: 30, perMs: 10_000, over: "hold" };
    const accept = async (via: Instance, id: string) => {
      const result = await via.store.acceptRun({
        ...budgetedRun(id, clock, budget),
        // No reply to send, and no heartbeat to ask the model about the runs' outcomes.
        deliver: false,
        wakeMode: "next-heartbeat",
      });
      via.runtime.runAccepted();
      return result.status === "accepted" && result.outcome.kind === "run" ? result.outcome : null;
    };
    expect(await accept(a, "t1")).toEqual({ kind: "run", runId: "t1" });
    expect(await accept(b, "t2")).toEqual({ kind: "run", runId: "t2" });
    await expect.poll(() => statuses(a.store), WAIT).toEqual({ t1: "succeeded", t2: "succeeded" });
    expect((await b.store.tokenCounts(["m"])).get("m")).toEqual({
      perMs: 10_000,
      periodStart: 0,
      tokens: 36,
    });

    clock = 1500;
    expect(await accept(b, "t3")).toEqual({ kind: "run", runId: "t3", held: true });
    expect(await accept(a, "t4")).toEqual({ kind: "run", runId: "t4", held: true });
    expect((await a.store.getRun("t3"))?.held).toEqual({
      reason: "budget",
      until: 10_000,
      by: "tokens:30:10000",
    });
    clock = 10_000;
    await expect
      .poll(() => statuses(b.store), WAIT)
      .toEqual({ t1: "succeeded", t2: "succeeded", t3: "succeeded", t4: "succeeded" });
    // One model call per run, each once.
    expect(llm.requests.map((_, i) => llm!.userMessage(i)).sort()).toEqual(["t1", "t2", "t3", "t4"]);
    expect((await a.store.tokenCounts(["m"])).get("m")).toEqual({
      perMs: 10_000,
      periodStart: 10_000,
      tokens: 36,
    });
  }, 90_000);

  it("a lane's runs taken back from an instance that died run again with their ids, one at a time, in order", async () => {
    const lane = { name: "slow", limit: 1 };
    const order = ["l1", "l2", "l3", "l4", "l5"];
    // The instance that dies: a bare store that took the lane's first run.
    const dying = new PostgresStore(pgStoreConfig(schema, { leaseSeconds: 2 }));
    await dying.open();
    // The model notes how many of the lane's runs are running as each call comes in, and answers a
    // little later: a second run started beside one would be seen running, and calling at once.
    const runningAtCall: number[] = [];
    llm = await fakeLlm(async () => {
      runningAtCall.push((await dying.laneStats())[0]?.running ?? 0);
      return { delayMs: 100, answer: "ok" };
    });
    for (const [i, id] of order.entries()) {
      await dying.acceptRun(
        run(id, { lane, message: id, deliver: false, wakeMode: "next-heartbeat", receivedAt: 1000 + i }),
      );
    }
    expect((await dying.claimRuns(5, 2000)).map((r) => r.id)).toEqual(["l1"]);
    const models: DeepPartial<ResolvedConfig> = {
      providers: { fake: { baseUrl: llm.baseUrl, apiKey: "sk-test" } },
      agents: { defaults: { model: "fake/test-model" }, list: [{ id: "main", runner: { kind: "llm" } }] },
    };
    const b = await instance(models);
    const c = await instance(models);
    // Alive, it holds the lane: the others run nothing of it.
    b.runtime.runAccepted();
    c.runtime.runAccepted();
    await b.runtime.idle();
    await c.runtime.idle();
    expect(await b.store.laneStats()).toEqual([{ lane: "slow", running: 1, queued: 4 }]);

    await expireLeases(schema);
    for (const id of order) {
      await expect.poll(async () => (await c.store.getRun(id))?.status, WAIT).toBe("succeeded");
    }
    // Each ran once more (the first with its id, on its second attempt), in arrival order, alone.
    expect((await runsOf(b.store)).map((r) => [r.id, r.attempts])).toEqual([
      ["l1", 2],
      ["l2", 1],
      ["l3", 1],
      ["l4", 1],
      ["l5", 1],
    ]);
    expect(llm.requests.map((_, i) => llm!.userMessage(i))).toEqual(order);
    expect(runningAtCall).toEqual([1, 1, 1, 1, 1]);
    expect(llm.maxConcurrent).toBe(1);
    expect(await dying.finishRun("l1", { status: "failed", error: "late", finishedAt: 9000 })).toBe(false);
    await dying.close();
  }, 90_000);
});
