// Runtimes of several instances on one PostgreSQL schema, in one process (each with its own store,
// pool and LISTEN connection): one heartbeat holder, runs woken by signals alone, and the work of an
// instance that died taken over.
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ResolvedConfig } from "../../src/config/types.js";
import { createRuntime, type HookgateRuntime } from "../../src/runtime/index.js";
import { PostgresStore } from "../../src/store/postgres/store.js";
import { testConfig } from "../helpers/config.js";
import {
  dropSchema,
  expireLeases,
  pgAvailable,
  pgQuery,
  pgStoreConfig,
  uniqueSchema,
} from "../helpers/pg.js";
import { RecordingDelivery } from "../helpers/recording-delivery.js";
import { run, wake } from "./contract/fixtures.js";

const available = await pgAvailable();

/** Resumes what the store hands over, as the real delivery does (by sending it). */
class ResumingDelivery extends RecordingDelivery {
  constructor(private readonly shared: PostgresStore) {
    super(shared);
  }
  override async resumePending(): Promise<void> {
    await super.resumePending();
    for (const r of await this.shared.pendingDeliveries()) {
      await this.deliver({
        runId: r.id,
        text: r.reply ?? "",
        channel: r.channel,
        ...(r.to ? { to: r.to } : {}),
      });
    }
  }
}

interface Instance {
  store: PostgresStore;
  runtime: HookgateRuntime;
  delivery: ResumingDelivery;
}

describe.skipIf(!available)("runtimes sharing a PostgreSQL store", () => {
  let schema: string;
  let config: ResolvedConfig;
  const instances: Instance[] = [];

  async function instance(opts: { worker?: boolean; pollMs?: number } = {}): Promise<Instance> {
    const store = new PostgresStore(config.store as ReturnType<typeof pgStoreConfig>);
    await store.open();
    const delivery = new ResumingDelivery(store);
    const runtime = createRuntime({
      config,
      store,
      log: pino({ level: "silent" }),
      delivery,
      stopGraceMs: 2000,
      ...opts,
    });
    await runtime.start();
    const made = { store, runtime, delivery };
    instances.push(made);
    return made;
  }

  beforeEach(() => {
    schema = uniqueSchema("runtime");
    config = testConfig({
      heartbeat: { everyMs: 0, coalesceMs: 0 },
      store: pgStoreConfig(schema, { leaseSeconds: 2 }),
    });
  });

  afterEach(async () => {
    for (const i of instances.splice(0)) await i.runtime.stop().catch(() => {});
    await dropSchema(schema);
  });

  it("one instance runs the heartbeats: each event is consumed by one heartbeat, and none overlap", async () => {
    const a = await instance();
    const b = await instance();
    for (let i = 0; i < 12; i++) {
      const via = i % 2 ? a : b;
      await via.store.acceptWake(wake(`event ${i}`));
      via.runtime.wakeAccepted("now");
    }
    await expect.poll(async () => (await a.store.pendingEvents()).length).toBe(0);
    const holders = await pgQuery(`SELECT owner FROM "${schema}".leases WHERE name = 'heartbeat'`);
    expect(holders).toHaveLength(1);

    const beats = (await a.store.listHeartbeats(100)).reverse();
    const consumed = beats
      .filter((h) => h.status === "replied" || h.status === "acked")
      .flatMap((h) => h.eventIds);
    expect(consumed.sort((x, y) => x - y)).toEqual(
      (await a.store.listEvents({ limit: 100 })).map((e) => e.id).sort((x, y) => x - y),
    );
    // No heartbeat ran beside another (a second holder would).
    for (let i = 1; i < beats.length; i++)
      expect(beats[i]!.startedAt).toBeGreaterThanOrEqual(beats[i - 1]!.finishedAt);
    // One the other instance asked for, with nothing left to look at, was skipped.
    expect(beats.filter((h) => h.eventIds.length === 0 && h.reason === "signal")).toEqual([]);
  });

  it("the heartbeat lease passes on when its holder stops", async () => {
    const a = await instance();
    const b = await instance();
    const [holder] = await pgQuery<{ owner: string }>(
      `SELECT owner FROM "${schema}".leases WHERE name = 'heartbeat'`,
    );
    const [first, second] = holder!.owner === a.store.shared.instanceId ? [a, b] : [b, a];
    await first.runtime.stop();
    await second.store.acceptWake(wake("after the handover"));
    second.runtime.wakeAccepted("now");
    await expect.poll(async () => (await second.store.pendingEvents()).length).toBe(0);
    const [now] = await pgQuery<{ owner: string }>(
      `SELECT owner FROM "${schema}".leases WHERE name = 'heartbeat'`,
    );
    expect(now!.owner).toBe(second.store.shared.instanceId);
  });

  it("a run taken in by an ingress-only instance is run by an idle worker woken by its signal, not by polling", async () => {
    const ingress = await instance({ worker: false });
    const worker = await instance({ pollMs: 0 });
    await ingress.store.acceptRun(run("signalled", { deliver: false }));
    ingress.runtime.runAccepted();
    await expect.poll(async () => (await ingress.store.getRun("signalled"))?.status).toBe("succeeded");
    expect((await worker.store.getRun("signalled"))!.reply).toMatch(/^echo: /);
  });

  it("a pause made on one instance holds on the other, and resuming there starts the runs", async () => {
    const first = await instance();
    const second = await instance();
    await first.store.pause({ target: "mapping:gh", by: "console", at: Date.now() });
    await first.runtime.pausesChanged();
    // The other instance reads the pause from the store on its next look.
    await expect
      .poll(() => second.runtime.pausedBy({ mappingId: "gh" })?.target, { timeout: 20_000 })
      .toBe("mapping:gh");
    const ids = ["p-1", "p-2", "p-3"];
    for (const [i, id] of ids.entries()) {
      await second.store.acceptRun(run(id, { deliver: false, mappingId: "gh", receivedAt: Date.now() + i }));
      second.runtime.runAccepted();
    }
    await second.store.acceptRun(run("free", { deliver: false, mappingId: "other" }));
    second.runtime.runAccepted();
    await expect
      .poll(async () => (await first.store.getRun("free"))?.status, { timeout: 20_000 })
      .toBe("succeeded");
    for (const id of ids) {
      await expect.poll(async () => (await first.store.getRun(id))?.status, { timeout: 20_000 }).toBe("held");
    }

    expect(await first.store.resume("mapping:gh", Date.now())).toBe(true);
    for (const id of ids) {
      await expect
        .poll(async () => (await second.store.getRun(id))?.status, { timeout: 20_000 })
        .toBe("succeeded");
    }
    // The order of claims is the store's (the contract checks it); two instances claim concurrently.
  });

  it("runs and replies of an instance that died are finished by the others once its leases ran out", async () => {
    // The instance that dies: a bare store that claimed two runs and finished one with a reply to send.
    const dying = new PostgresStore(config.store as ReturnType<typeof pgStoreConfig>);
    await dying.open();
    await dying.acceptRun(run("cut-off", { deliver: false }));
    await dying.acceptRun(run("unsent"));
    await dying.claimRuns(2, Date.now());
    await dying.finishRun(
      "unsent",
      { status: "succeeded", reply: "the answer", finishedAt: Date.now() },
      { delivery: { status: "pending", channel: "telegram", to: "123", updatedAt: Date.now() } },
    );
    const survivor = await instance();
    // Alive, its leases hold: nothing is taken over.
    expect((await survivor.store.getRun("cut-off"))!.status).toBe("running");
    await expireLeases(schema);
    await expect.poll(async () => (await survivor.store.getRun("cut-off"))?.status).toBe("succeeded");
    await expect.poll(() => survivor.delivery.sent.map((r) => r.runId)).toContain("unsent");
    expect((await survivor.store.getRun("unsent"))!.delivery?.status).toBe("sent");
    expect((await survivor.store.getRun("cut-off"))!.attempts).toBe(2);
    // The dead instance's late writes change nothing.
    expect(
      await dying.finishRun("cut-off", { status: "failed", error: "late", finishedAt: Date.now() }),
    ).toBe(false);
    await dying.close();
  });
});
