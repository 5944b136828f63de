// The store contract on PostgreSQL (one schema per test), and what only a shared store does.
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PG_SCHEMA_VERSION } from "../../src/store/postgres/schema.js";
import { MissingSchemaError, PostgresStore } from "../../src/store/postgres/store.js";
import type { WorkSignal } from "../../src/store/types.js";
import {
  dropSchema,
  expireLeases,
  PG_URL,
  pgAvailable,
  pgQuery,
  pgStoreConfig,
  uniqueSchema,
} from "../helpers/pg.js";
import { run, wake } from "./contract/fixtures.js";
import { flowRun } from "./contract/flow.js";
import { ratedRun } from "./contract/flow-rate.js";
import { expectUpgradedWindowsContinue } from "./contract/upgraded-windows.js";
import { storeContract } from "./contract.js";

const available = await pgAvailable();

describe.skipIf(!available)("PostgreSQL store", () => {
  let schema: string;
  beforeEach(() => {
    schema = uniqueSchema("contract");
  });
  afterEach(async () => {
    await dropSchema(schema);
  });

  storeContract(
    "PostgresStore",
    async (opts) => {
      const store = new PostgresStore(pgStoreConfig(schema), opts?.now ? { now: opts.now } : {});
      await store.open();
      return store;
    },
    { crash: () => expireLeases(schema) },
  );
});

describe.skipIf(!available)("PostgreSQL store: what only a shared store does", () => {
  let schema: string;
  const open: PostgresStore[] = [];
  const instance = async (
    over: Parameters<typeof pgStoreConfig>[1] = {},
    opts = {},
  ): Promise<PostgresStore> => {
    const store = new PostgresStore(pgStoreConfig(schema, over), opts);
    await store.open();
    open.push(store);
    return store;
  };
  beforeEach(() => {
    schema = uniqueSchema("shared");
  });
  afterEach(async () => {
    for (const store of open.splice(0)) await store.close();
    await dropSchema(schema);
  });

  describe("opening", () => {
    it("instances starting together migrate the schema once", async () => {
      await Promise.all([instance(), instance(), instance()]);
      const versions = await pgQuery<{ version: number }>(`SELECT version FROM "${schema}".migrations`);
      // Each migration once, in order.
      const all = Array.from({ length: PG_SCHEMA_VERSION }, (_, i) => i + 1);
      expect(versions.map((v) => v.version)).toEqual(all);
    });

    it("windows left open by the layout before flow_items end at the upgrade, with the message they held", async () => {
      await (await instance()).close();
      // Back to schema 13: windows kept their items and text in their own row.
      const s = `"${schema}"`;
      await pgQuery(`
        DROP TABLE ${s}.flow_items;
        ALTER TABLE ${s}.flow_windows DROP COLUMN first_item;
        ALTER TABLE ${s}.flow_windows DROP COLUMN frame;
        DELETE FROM ${s}.migrations WHERE version > 13;
        INSERT INTO ${s}.runs (id, name, message, session_key, wake_mode, deliver, channel, received_at, status,
                               held_reason, held_until, merged)
          VALUES ('held-1', 'alerts', 'first | second', 'hook:x', 'now', 0, 'last', 1000, 'held', 'coalesce', 9000, 2);
        INSERT INTO ${s}.flow_windows (scope, key, kind, run_id, opened_at, closes_at, max, items, mode, source, text)
          VALUES ('m', 'k', 'run', 'held-1', 1000, 9000, 50, '[]', NULL, NULL, NULL),
                 ('w', 'disk', 'wake', NULL, 1500, 9000, 50, '[]', 'now', 'disk', 'disk 91%');
      `);
      const store = await instance();
      expect(await store.getRun("held-1")).toMatchObject({
        status: "queued",
        message: "first | second",
        merged: 2,
      });
      expect((await store.pendingEvents()).map((e) => [e.text, e.source, e.mode])).toEqual([
        ["disk 91%", "disk", "now"],
      ]);
      expect(await store.releaseWindows(10_000)).toEqual({ runs: 0, wakes: [] });
    });

    it("windows open in the layout keyed by window stay open through the upgrade, their items in order", async () => {
      await (await instance()).close();
      // Back to schema 14: items keyed by (scope, key, seq).
      const s = `"${schema}"`;
      await pgQuery(`
        DROP TABLE ${s}.flow_items;
        ALTER TABLE ${s}.flow_windows DROP COLUMN first_item;
        DELETE FROM ${s}.migrations WHERE version > 14;
        CREATE TABLE ${s}.flow_items (
          scope text NOT NULL, key text NOT NULL, seq integer NOT NULL, at bigint NOT NULL, message text NOT NULL,
          PRIMARY KEY (scope, key, seq)
        );
        INSERT INTO ${s}.runs (id, name, message, session_key, wake_mode, deliver, channel, received_at, status,
                               held_reason, held_until, merged)
          VALUES ('held-1', 'alerts', 'a1', 'hook:x', 'now', 0, 'last', 1000, 'held', 'coalesce', 9000, 2);
        INSERT INTO ${s}.flow_windows (scope, key, kind, run_id, opened_at, closes_at, max, items, mode, source, frame)
          VALUES ('m', 'k', 'run', 'held-1', 1000, 9000, 50, '[]', NULL, NULL, '{"separator":" "}'),
                 ('w', 'disk', 'wake', NULL, 1500, 9000, 50, '[]', 'now', 'disk', '{"separator":"/"}');
        INSERT INTO ${s}.flow_items (scope, key, seq, at, message)
          VALUES ('w', 'disk', 0, 1500, 'd1'), ('m', 'k', 1, 1200, 'a2'), ('m', 'k', 0, 1000, 'a1'),
                 ('w', 'disk', 1, 1600, 'd2'), ('w', 'disk', 2, 1700, 'd3');
      `);
      const store = await instance();
      await expectUpgradedWindowsContinue(
        store,
        async () => (await pgQuery(`SELECT id FROM ${s}.flow_items`)).length,
      );
    });

    it("refuses a schema written by a newer hookgate, naming the fix", async () => {
      await (await instance()).close();
      await pgQuery(`INSERT INTO "${schema}".migrations (version) VALUES (999)`);
      await expect(new PostgresStore(pgStoreConfig(schema)).open()).rejects.toThrow(
        /version 999.*upgrade hookgate/,
      );
    });

    it("a read-only open of a schema without tables reports it missing and creates nothing", async () => {
      const reader = new PostgresStore(pgStoreConfig(schema), { readonly: true });
      await expect(reader.open()).rejects.toBeInstanceOf(MissingSchemaError);
      expect(await pgQuery("SELECT 1 FROM pg_namespace WHERE nspname = $1", [schema])).toEqual([]);
    });

    it("store.tls reaches the connection: TLS required of a server without it fails, naming the store", async () => {
      const [row] = await pgQuery<{ ssl: string }>("SHOW ssl");
      const store = new PostgresStore({
        ...pgStoreConfig(schema),
        tls: { mode: row!.ssl === "on" ? "disable" : "require" },
      });
      if (row!.ssl === "on") {
        // A server with TLS: turning it off explicitly still connects.
        await store.open();
        open.push(store);
        return;
      }
      await expect(store.open()).rejects.toThrow(/cannot open store postgres:\/\/.*does not support SSL/);
    });

    it("a database that does not answer fails the open with its address, never its password", async () => {
      const store = new PostgresStore({
        ...pgStoreConfig(schema),
        url: "postgres://hookgate:s3cret-pw@127.0.0.1:1/nothing",
      });
      const err = await store.open().then(
        () => null,
        (e: Error) => e,
      );
      expect(err?.message).toMatch(/cannot open store postgres:\/\/hookgate@127\.0\.0\.1:1\/nothing/);
      expect(err?.message).not.toContain("s3cret-pw");
    });
  });

  describe("group commit", () => {
    it("concurrent accepts share far fewer commits, and each is visible to others when it resolves", async () => {
      const store = await instance();
      // Another connection, as another instance would have.
      const other = new pg.Client({ connectionString: PG_URL });
      await other.connect();
      const seen: number[] = [];
      try {
        await Promise.all(
          Array.from({ length: 300 }, async (_, i) => {
            const result = await store.acceptWake(wake(`event ${i}`, "next-heartbeat"));
            expect(result.status).toBe("accepted");
            // Committed before it resolved: the other connection sees it at once.
            const { rows } = await other.query(`SELECT 1 FROM "${schema}".events WHERE text = $1`, [
              `event ${i}`,
            ]);
            seen.push(rows.length);
          }),
        );
      } finally {
        await other.end();
      }
      expect(seen).toEqual(seen.map(() => 1));
      expect(store.commits).toBeLessThan(100);
      expect(await store.listEvents({ limit: 1000 })).toHaveLength(300);
    });

    it("without group commit, each accept is its own transaction", async () => {
      const store = await instance({}, { groupCommit: false });
      await Promise.all(Array.from({ length: 20 }, (_, i) => store.acceptWake(wake(`e${i}`))));
      expect(store.commits).toBe(20);
    });

    it("runs keep the order they were accepted in, within a batch and across batches", async () => {
      const store = await instance();
      const ids = Array.from({ length: 50 }, (_, i) => `run-${String(i).padStart(2, "0")}`);
      await Promise.all(ids.map((id) => store.acceptRun(run(id))));
      const claimed = await store.claimRuns(100, 1);
      expect(claimed.map((r) => r.id)).toEqual(ids);
    });
  });

  describe("leases", () => {
    it("a live instance's running run is not recovered by another; once its lease ran out it is", async () => {
      const a = await instance();
      const b = await instance();
      await a.acceptRun(run("r1"));
      expect((await a.claimRuns(1, 1)).map((r) => r.id)).toEqual(["r1"]);
      expect(await b.recoverInterrupted(2, 2)).toEqual({ requeued: 0, failed: 0 });
      expect((await b.getRun("r1"))!.status).toBe("running");

      await expireLeases(schema);
      expect(await b.recoverInterrupted(2, 3)).toEqual({ requeued: 1, failed: 0 });
      const taken = await b.claimRuns(1, 4);
      expect(taken.map((r) => [r.id, r.attempts])).toEqual([["r1", 2]]);
      // The first instance's late result is refused: the run completes once, by its holder.
      expect(await a.finishRun("r1", { status: "succeeded", reply: "late", finishedAt: 5 })).toBe(false);
      expect(await b.finishRun("r1", { status: "succeeded", reply: "mine", finishedAt: 6 })).toBe(true);
      expect((await a.getRun("r1"))!.reply).toBe("mine");
    });

    it("an instance renews the leases of the runs it holds", async () => {
      const a = await instance({ leaseSeconds: 2 });
      await a.acceptRun(run("long"));
      await a.claimRuns(1, 1);
      const leaseOf = async () =>
        (await pgQuery<{ until: number }>(`SELECT lease_until::float8 AS until FROM "${schema}".runs`))[0]!
          .until;
      const first = await leaseOf();
      await expect.poll(leaseOf).toBeGreaterThan(first);
    });

    it("closing hands back running runs and unsent deliveries at once", async () => {
      const a = await instance();
      const b = await instance();
      await a.acceptRun(run("cut"));
      await a.acceptRun(run("sending"));
      await a.claimRuns(2, 1);
      await a.finishRun(
        "sending",
        { status: "succeeded", reply: "hi", finishedAt: 2 },
        { delivery: { status: "pending", updatedAt: 2 } },
      );
      // Held by a live instance: neither to claim nor to resume.
      expect(await b.claimRuns(5, 3)).toEqual([]);
      expect(await b.pendingDeliveries()).toEqual([]);
      await a.close();
      expect((await b.claimRuns(5, 4)).map((r) => r.id)).toEqual(["cut"]);
      expect((await b.pendingDeliveries()).map((r) => r.id)).toEqual(["sending"]);
      // Now b's: a third instance does not get them.
      const c = await instance();
      expect(await c.pendingDeliveries()).toEqual([]);
    });

    it("a named lease has one holder at a time", async () => {
      const a = await instance();
      const b = await instance();
      expect(await a.shared.holdLease("heartbeat", 60_000)).toBe(true);
      expect(await b.shared.holdLease("heartbeat", 60_000)).toBe(false);
      expect(await a.shared.holdLease("heartbeat", 60_000)).toBe(true);
      await a.shared.releaseLease("heartbeat");
      expect(await b.shared.holdLease("heartbeat", 60_000)).toBe(true);
      expect(await a.shared.holdLease("heartbeat", 60_000)).toBe(false);
      // A holder that stops renewing loses it once it runs out.
      expect(await b.shared.holdLease("heartbeat", 1)).toBe(true);
      await expect.poll(() => a.shared.holdLease("heartbeat", 60_000)).toBe(true);
    });
  });

  describe("signals", () => {
    it("accepts on one instance wake the others, not the sender", async () => {
      const a = await instance();
      const b = await instance();
      const atA: WorkSignal[] = [];
      const atB: WorkSignal[] = [];
      const stopA = await a.shared.listen(
        (s) => atA.push(s),
        () => {},
      );
      const stopB = await b.shared.listen(
        (s) => atB.push(s),
        () => {},
      );
      try {
        await b.acceptRun(run("r1"));
        await expect.poll(() => atA).toEqual(["run"]);
        await b.acceptWake(wake("now please", "now"));
        await expect.poll(() => atA).toEqual(["run", "heartbeat"]);
        await b.acceptWake(wake("later", "next-heartbeat"));
        await b.shared.signal("heartbeat");
        await expect.poll(() => atA).toEqual(["run", "heartbeat", "heartbeat"]);
        expect(atB).toEqual([]);
      } finally {
        await stopA();
        await stopB();
      }
    });

    it("a lost LISTEN connection comes back, reports the gap, and signals flow again", async () => {
      const a = await instance();
      const b = await instance();
      const seen: WorkSignal[] = [];
      let gaps = 0;
      const stop = await a.shared.listen(
        (signal) => seen.push(signal),
        () => {
          gaps++;
        },
      );
      try {
        // The database drops the listening connection (a restart or a failover would).
        const killed = await pgQuery<{ ok: boolean }>(
          "SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE query = $1",
          [`LISTEN "hookgate_${schema}"`],
        );
        expect(killed.map((k) => k.ok)).toEqual([true]);
        await expect.poll(() => gaps).toBe(1);
        await b.acceptRun(run("after the gap"));
        await expect.poll(() => seen).toEqual(["run"]);
      } finally {
        await stop();
      }
    });
  });

  describe("flow control across instances", () => {
    it("two instances coalescing one key at the same moment make one run", async () => {
      const [a, b] = [await instance(), await instance()];
      const ids = Array.from({ length: 40 }, (_, i) => `r${String(i).padStart(2, "0")}`);
      const results = await Promise.all(
        ids.map((id, i) => (i % 2 === 0 ? a : b).acceptRun(flowRun(id, 1000 + i, { c: "one", max: 1000 }))),
      );
      const runIds = new Set(
        results.map((r) => r.status === "accepted" && r.outcome.kind === "run" && r.outcome.runId),
      );
      expect(runIds.size).toBe(1);
      const runs = await a.listRuns({ limit: 100 });
      expect(runs.length).toBe(1);
      expect(runs[0]).toMatchObject({ status: "held", merged: 40 });
      // Either instance ends the window; the other then finds nothing due.
      const released = await Promise.all([a.releaseWindows(5000), b.releaseWindows(5000)]);
      expect(released.map((r) => r.runs).sort()).toEqual([0, 1]);
      const [claimed] = await b.claimRuns(10, 5000);
      expect(claimed!.message.split(" | ").length).toBe(40);
    });

    it("two instances share one rate: the runs past it are held, each in its own place", async () => {
      const [a, b] = [await instance(), await instance()];
      const rate = { max: 3, perMs: 10_000, over: "hold" as const };
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 === 0 ? a : b).acceptRun(ratedRun(`r${String(i).padStart(2, "0")}`, 1000 + i, rate)),
        ),
      );
      const held = results.filter((r) => r.status === "accepted" && r.outcome.held).length;
      expect(held).toBe(17);
      const runs = await a.listRuns({ limit: 100 });
      expect(runs.filter((r) => r.status === "queued").length).toBe(3);
      // Three to a period, whichever instance took them: 17 held fill the next six periods.
      const periods = new Map<number, number>();
      for (const r of runs.filter((r) => r.status === "held")) {
        periods.set(r.held!.until!, (periods.get(r.held!.until!) ?? 0) + 1);
      }
      expect([...periods].sort(([x], [y]) => x - y)).toEqual([
        [10_000, 3],
        [20_000, 3],
        [30_000, 3],
        [40_000, 3],
        [50_000, 3],
        [60_000, 2],
      ]);
      // Either instance releases a period's runs; the other then finds nothing due.
      const released = await Promise.all([a.releaseWindows(10_000), b.releaseWindows(10_000)]);
      expect(released.map((r) => r.runs).sort()).toEqual([0, 3]);
    });

    it("two instances deduplicating one key at the same moment store it once", async () => {
      const [a, b] = [await instance(), await instance()];
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 === 0 ? a : b).acceptRun(flowRun(`d${i}`, 1000, { d: "same" })),
        ),
      );
      const deduped = results.filter((r) => r.status === "accepted" && r.outcome.deduped).length;
      expect(deduped).toBe(19);
      expect((await a.listRuns({ limit: 100 })).length).toBe(1);
    });
  });
});
