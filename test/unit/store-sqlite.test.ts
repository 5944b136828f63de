import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SqliteStore } from "../../src/store/sqlite.js";
import { logged, run, storeContract, wake } from "../store/contract.js";

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
  it("creates the folder, uses WAL with synchronous=FULL and records the schema version", async () => {
    const store = await openStore();
    expect(await store.ping()).toBe(true);
    await store.close();
    const db = new Database(file, { readonly: true });
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.pragma("user_version", { simple: true })).toBeGreaterThanOrEqual(1);
    db.close();
  });

  it("refuses a file written by a newer schema, naming the fix", async () => {
    (await openStore()).close();
    const db = new Database(file);
    db.pragma("user_version = 999");
    db.close();
    await expect(new SqliteStore(file).open()).rejects.toThrow(/schema version 999.*upgrade hookgate/);
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
    const logging = store.logRequests([logged("r-1"), logged("r-2")]);
    await store.acceptWake(wake("deploy finished"));
    await logging;
    expect(store.commits - before).toBe(1);
    expect((await store.listRequests({ limit: 10 })).map((r) => r.id)).toEqual(["r-2", "r-1"]);
  });

  it("with no accept coming, request log rows still commit on their own", async () => {
    const store = await openStore();
    await store.logRequests([logged("alone")]);
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
