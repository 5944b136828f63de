import { closeSync, fdatasync, mkdirSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loggedRequest } from "../../src/store/logged-request.js";
import { Database } from "../../src/store/sqlite/driver.js";
import { type DurableSync, GroupCommitter } from "../../src/store/sqlite/group-commit.js";
import { SqliteStore } from "../../src/store/sqlite/store.js";
import type { NewRun } from "../../src/store/types.js";
import { logged, run, wake } from "../store/contract/fixtures.js";
import { expectUpgradedWindowsContinue } from "../store/contract/upgraded-windows.js";
import { storeContract } from "../store/contract.js";

let dir: string;
let file: string;
const open: SqliteStore[] = [];

async function openStore(opts: ConstructorParameters<typeof SqliteStore>[1] = {}): Promise<SqliteStore> {
  const store = new SqliteStore(file, opts);
  await store.open();
  open.push(store);
  return store;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "hookgate-store-"));
  file = join(dir, "nested", "state.db");
});

afterEach(async () => {
  for (const store of open.splice(0)) await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("SqliteStore: opening", () => {
  it("creates the folder, uses WAL and records the schema version", async () => {
    const store = await openStore();
    expect(await store.ping()).toBe(true);
    await store.close();
    const db = new Database(file, { readonly: true });
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.pragma("user_version", { simple: true })).toBeGreaterThanOrEqual(1);
    db.close();
  });

  it("indexes the request log by time and delivery id only: every index more is written per request", async () => {
    (await openStore()).close();
    const db = new Database(file, { readonly: true });
    const names = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'requests' AND sql IS NOT NULL",
      )
      .pluck()
      .all();
    db.close();
    expect(names.sort()).toEqual(["requests_delivery", "requests_received"]);
  });

  it("refuses a file written by a newer schema, naming the fix", async () => {
    (await openStore()).close();
    const db = new Database(file);
    db.pragma("user_version = 999");
    db.close();
    await expect(new SqliteStore(file).open()).rejects.toThrow(/schema version 999.*upgrade hookgate/);
  });

  it("windows left open by the layout before flow_items end at the upgrade, with the message they held", async () => {
    (await openStore()).close();
    // Back to schema 16: windows kept their items and text in their own row.
    const db = new Database(file);
    db.exec(`
      DROP TABLE flow_items;
      ALTER TABLE flow_windows DROP COLUMN first_item;
      ALTER TABLE flow_windows DROP COLUMN frame;
      INSERT INTO runs (id, name, message, session_key, wake_mode, deliver, channel, received_at, status,
                        held_reason, held_until, merged)
        VALUES ('held-1', 'alerts', 'first | second', 'hook:x', 'now', 0, 'last', 1000, 'held',
                'coalesce', 9000, 2);
      INSERT INTO flow_windows (scope, key, kind, run_id, opened_at, closes_at, max, items, mode, source, text)
        VALUES ('m', 'k', 'run', 'held-1', 1000, 9000, 50, '[]', NULL, NULL, NULL),
               ('w', 'disk', 'wake', NULL, 1500, 9000, 50, '[]', 'now', 'disk', 'disk 91%\ndisk 95%');
    `);
    db.pragma("user_version = 16");
    db.close();
    const store = await openStore();
    expect(await store.getRun("held-1")).toMatchObject({
      status: "queued",
      message: "first | second",
      merged: 2,
    });
    expect((await store.pendingEvents()).map((e) => [e.text, e.source, e.mode])).toEqual([
      ["disk 91%\ndisk 95%", "disk", "now"],
    ]);
    expect(await store.releaseWindows(10_000)).toEqual({ runs: 0, wakes: [] });
  });

  it("windows open in the layout keyed by window stay open through the upgrade, their items in order", async () => {
    (await openStore()).close();
    // Back to schema 17: items keyed by (scope, key, seq).
    const db = new Database(file);
    db.exec(`
      DROP TABLE flow_items;
      ALTER TABLE flow_windows DROP COLUMN first_item;
      CREATE TABLE flow_items (
        scope TEXT NOT NULL, key TEXT NOT NULL, seq INTEGER NOT NULL, at INTEGER NOT NULL, message TEXT NOT NULL,
        PRIMARY KEY (scope, key, seq)
      ) WITHOUT ROWID;
      INSERT INTO runs (id, name, message, session_key, wake_mode, deliver, channel, received_at, status,
                        held_reason, held_until, merged)
        VALUES ('held-1', 'alerts', 'a1', 'hook:x', 'now', 0, 'last', 1000, 'held', 'coalesce', 9000, 2);
      INSERT INTO flow_windows (scope, key, kind, run_id, opened_at, closes_at, max, items, mode, source, frame)
        VALUES ('m', 'k', 'run', 'held-1', 1000, 9000, 50, '[]', NULL, NULL, '{"separator":" "}'),
               ('w', 'disk', 'wake', NULL, 1500, 9000, 50, '[]', 'now', 'disk', '{"separator":"/"}');
      INSERT INTO flow_items (scope, key, seq, at, message)
        VALUES ('w', 'disk', 0, 1500, 'd1'), ('m', 'k', 1, 1200, 'a2'), ('m', 'k', 0, 1000, 'a1'),
               ('w', 'disk', 1, 1600, 'd2'), ('w', 'disk', 2, 1700, 'd3');
    `);
    db.pragma("user_version = 17");
    db.close();
    const store = await openStore();
    await expectUpgradedWindowsContinue(store, async () => {
      const left = new Database(file, { readonly: true });
      const count = left.prepare("SELECT count(*) FROM flow_items").pluck().get() as number;
      left.close();
      return count;
    });
  });

  it("ping is false once closed", async () => {
    const store = await openStore();
    await store.close();
    expect(await store.ping()).toBe(false);
  });

  it("a read-only reader sees what the running writer committed", async () => {
    const writer = await openStore();
    await writer.acceptWake(wake("deploy finished"));
    const reader = await openStore({ readonly: true });
    expect((await reader.listEvents({ limit: 10 })).map((e) => e.text)).toEqual(["deploy finished"]);
    await writer.acceptWake(wake("second"));
    expect((await reader.listEvents({ limit: 10 })).map((e) => e.text)).toEqual([
      "second",
      "deploy finished",
    ]);
    await expect(reader.appendEvent("x", "test")).rejects.toThrow(/readonly/i);
  });

  it("read-only open of a missing file fails with the path", async () => {
    await expect(new SqliteStore(join(dir, "missing.db"), { readonly: true }).open()).rejects.toThrow(
      /missing\.db/,
    );
  });
});

describe("SqliteStore: group commit", () => {
  it("request log rows join the next accept's commit instead of committing on their own", async () => {
    const store = await openStore();
    const before = store.commits;
    const logging = store.logRequests([logged("r-1"), logged("r-2")].map(loggedRequest));
    await store.acceptWake(wake("deploy finished"));
    await logging;
    expect(store.commits - before).toBe(1);
    expect((await store.listRequests({ limit: 10 })).map((r) => r.id)).toEqual(["r-2", "r-1"]);
  });

  it("with no accept coming, request log rows still commit on their own", async () => {
    const store = await openStore();
    await store.logRequests([logged("alone")].map(loggedRequest));
    const reader = await openStore({ readonly: true });
    expect((await reader.getRequest("alone"))?.id).toBe("alone");
  });

  it("many concurrent accepts share far fewer commits, and every one is durable when it resolves", async () => {
    const store = await openStore();
    const before = store.commits;
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 2 ? store.acceptWake(wake(`event ${i}`)) : store.acceptRun(run(`r${i}`)),
      ),
    );
    expect(results.every((r) => r.status === "accepted")).toBe(true);
    expect(store.commits - before).toBeLessThanOrEqual(2);

    // Another connection sees every acknowledged record without the writer closing.
    const db = new Database(file, { readonly: true });
    expect(db.prepare("SELECT count(*) AS n FROM events").get()).toEqual({ n: 100 });
    expect(db.prepare("SELECT count(*) AS n FROM runs").get()).toEqual({ n: 100 });
    db.close();
  });

  it("without grouping every accept is its own commit", async () => {
    const store = await openStore({ groupCommit: false });
    const before = store.commits;
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.acceptWake(wake(`e${i}`))));
    expect(store.commits - before).toBe(20);
  });

  it("a failing write in a batch fails alone", async () => {
    const store = await openStore();
    const results = await Promise.allSettled([
      store.acceptRun(run("same")),
      store.acceptRun(run("same")),
      store.acceptWake(wake("unrelated")),
      // NOT NULL violated: the statement fails inside the shared batch.
      store.acceptRun(run("broken", { message: null as unknown as string })),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected"]);
    expect((await store.listRuns({ limit: 10 })).map((r) => r.id)).toEqual(["same"]);
    expect((await store.pendingEvents()).map((e) => e.text)).toEqual(["unrelated"]);
  });

  it("a join undone by a failing write leaves its window as stored, in memory too", async () => {
    const store = await openStore();
    const coalesced = (id: string, at: number, over: Partial<NewRun> = {}) =>
      run(id, {
        message: id,
        receivedAt: at,
        flow: {
          scope: "m",
          coalesce: { key: "k", windowMs: 1000, max: 50, item: id, frame: { separator: " " } },
        },
        ...over,
      });
    await store.acceptRun(coalesced("a", 1000));
    // b joins, then the fan-out's second run fails (its id is taken): both are undone.
    await expect(store.acceptRuns([coalesced("b", 1100), run("a", { receivedAt: 1100 })])).rejects.toThrow();
    await store.acceptRun(coalesced("c", 1200));
    expect(await store.getRun("a")).toMatchObject({ status: "held", merged: 2 });
    expect(await store.releaseWindows(2000)).toEqual({ runs: 1, wakes: [] });
    expect(await store.getRun("a")).toMatchObject({ status: "queued", message: "a c", merged: 2 });
  });

  it("close flushes accepts still queued", async () => {
    const store = await openStore();
    const pending = store.acceptWake(wake("last words"));
    await store.close();
    await pending;
    const reopened = await openStore();
    expect((await reopened.pendingEvents()).map((e) => e.text)).toEqual(["last words"]);
  });
});

storeContract("SqliteStore", (opts) => openStore(opts?.now ? { now: opts.now } : {}));

/**
 * A sync held until the test lets it go: each call waits in `pending` until `release(i)` (or
 * `fail(i, error)`) runs the real one. No timing involved: the test decides the order.
 */
function heldSync(fd: () => number) {
  const pending: Array<(error?: Error) => void> = [];
  const sync: DurableSync = (done) => {
    pending.push((error) => {
      if (error) done(error);
      else fdatasync(fd(), (err) => done(err));
    });
  };
  return { sync, pending };
}

/** Settles to "resolved" / "rejected" or stays "pending" after the microtasks run out. */
async function stateOf(p: Promise<unknown>): Promise<string> {
  const marker = Symbol("pending");
  const r = await Promise.race([
    p.then(
      () => "resolved",
      () => "rejected",
    ),
    new Promise((r) => setImmediate(() => r(marker))),
  ]);
  return r === marker ? "pending" : (r as string);
}

/** Waits (turn by turn of the event loop, no timer) until `cond` holds. */
async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setImmediate(r));
}

describe("GroupCommitter with the WAL synced off the event loop", () => {
  let db: BetterSqlite3.Database;
  let walFd = -1;

  beforeEach(() => {
    mkdirSync(join(dir, "nested"), { recursive: true });
    db = new Database(file);
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.exec("CREATE TABLE t (v TEXT NOT NULL)");
    walFd = openSync(`${file}-wal`, "r+");
  });

  afterEach(() => {
    closeSync(walFd);
    db.close();
  });

  const insert = (v: string | null) => () => db.prepare("INSERT INTO t (v) VALUES (?)").run(v).changes;
  const count = () => (db.prepare("SELECT count(*) AS n FROM t").get() as { n: number }).n;

  it("a write settles only once the sync after its commit returned", async () => {
    const held = heldSync(() => walFd);
    const committer = new GroupCommitter(db, true, held.sync);
    const write = committer.submit(insert("a"));
    await stateOf(write);
    // Committed (another reader of this connection sees it) but not acknowledged before the sync.
    expect(count()).toBe(1);
    expect(held.pending).toHaveLength(1);
    expect(await stateOf(write)).toBe("pending");
    held.pending[0]!();
    expect(await write).toBe(1);
  });

  it("writes arriving during a sync commit together once it returns, under the next sync", async () => {
    const held = heldSync(() => walFd);
    const committer = new GroupCommitter(db, true, held.sync);
    const first = committer.submit(insert("a"));
    await stateOf(first);
    const later = Array.from({ length: 10 }, (_, i) => committer.submit(insert(`b${i}`)));
    await stateOf(Promise.all(later));
    // Nothing of the later writes is committed while the first sync is out.
    expect(committer.commits).toBe(1);
    expect(count()).toBe(1);
    held.pending[0]!();
    await first;
    await until(() => held.pending.length === 2);
    expect(committer.commits).toBe(2);
    expect(await stateOf(Promise.all(later))).toBe("pending");
    held.pending[1]!();
    expect(await Promise.all(later)).toEqual(Array(10).fill(1));
  });

  it("a failed sync fails every write it covered, and a failing write still fails alone", async () => {
    const held = heldSync(() => walFd);
    const committer = new GroupCommitter(db, true, held.sync);
    const writes = [committer.submit(insert("a")), committer.submit(insert(null))];
    await stateOf(writes[0]!);
    held.pending[0]!(new Error("EIO: disk gone"));
    const settled = await Promise.allSettled(writes);
    expect(settled.map((s) => s.status)).toEqual(["rejected", "rejected"]);
    expect((settled[0] as PromiseRejectedResult).reason.message).toMatch(/EIO/);
    expect((settled[1] as PromiseRejectedResult).reason.message).toMatch(/NOT NULL/);
    // The next write gets its own sync and succeeds.
    const next = committer.submit(insert("c"));
    await stateOf(next);
    held.pending[1]!();
    expect(await next).toBe(1);
  });

  it("durable() waits for the sync covering what was committed before it was asked", async () => {
    const held = heldSync(() => walFd);
    const committer = new GroupCommitter(db, true, held.sync);
    expect(await stateOf(committer.durable())).toBe("resolved");
    const write = committer.submit(insert("a"));
    await stateOf(write);
    const durable = committer.durable();
    expect(await stateOf(durable)).toBe("pending");
    held.pending[0]!();
    await write;
    expect(await stateOf(durable)).toBe("resolved");
  });

  it("durable() rejects when the sync it waits on fails, also when asked during that sync", async () => {
    const held = heldSync(() => walFd);
    const committer = new GroupCommitter(db, true, held.sync);
    const write = committer.submit(insert("a"));
    await stateOf(write);
    const before = committer.durable();
    expect(held.pending).toHaveLength(1);
    // Asked while the sync is out: what it read may be in the batch being synced.
    const during = committer.durable();
    held.pending[0]!(new Error("EIO: disk gone"));
    const settled = await Promise.allSettled([write, before, during]);
    expect(settled.map((s) => s.status)).toEqual(["rejected", "rejected", "rejected"]);
  });

  it("close commits and syncs what is queued, also behind a sync in flight", async () => {
    const held = heldSync(() => walFd);
    const committer = new GroupCommitter(db, true, held.sync);
    const first = committer.submit(insert("a"));
    await stateOf(first);
    const queued = committer.submit(insert("b"));
    const deferred = committer.defer(insert("c"), 60_000);
    const closing = committer.close();
    held.pending[0]!();
    await until(() => held.pending.length === 2);
    expect(await stateOf(closing)).toBe("pending");
    held.pending[1]!();
    await closing;
    expect(await Promise.all([first, queued, deferred])).toEqual([1, 1, 1]);
    expect(count()).toBe(3);
  });
});

describe("SqliteStore: durability settings", () => {
  it("with group commit, COMMIT leaves the sync to the committer (synchronous=NORMAL); without, FULL", async () => {
    const grouped = await openStore();
    expect(
      (grouped as unknown as { db(): BetterSqlite3.Database }).db().pragma("synchronous", { simple: true }),
    ).toBe(1);
    await grouped.close();
    const single = await openStore({ groupCommit: false });
    expect(
      (single as unknown as { db(): BetterSqlite3.Database }).db().pragma("synchronous", { simple: true }),
    ).toBe(2);
  });

  it("an idempotent repeat is answered, and a closed store reopens with every acknowledged write", async () => {
    const store = await openStore();
    const idem = { scope: "hook", key: "k-1", ttlSeconds: 60, fingerprint: "f" };
    expect((await store.acceptWake(wake("once"), idem)).status).toBe("accepted");
    expect(await store.findIdempotent(idem)).toMatchObject({ status: "replayed" });
    await store.close();
    const reopened = await openStore();
    expect((await reopened.pendingEvents()).map((e) => e.text)).toEqual(["once"]);
  });
});
