// `hookgate store copy` from a real SQLite file into a PostgreSQL schema, and `hookgate events` /
// `hookgate runs` reading the result, all in-process as a user would run them.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { command as events } from "../../src/commands/events.js";
import { command as runs } from "../../src/commands/runs.js";
import { command as storeCommand } from "../../src/commands/store.js";
import { loggedRequest } from "../../src/store/logged-request.js";
import { PostgresStore } from "../../src/store/postgres/store.js";
import { SqliteStore } from "../../src/store/sqlite/store.js";
import { dropSchema, PG_URL, pgAvailable, pgStoreConfig, uniqueSchema } from "../helpers/pg.js";
import { runCommand } from "../unit/command-helpers.js";
import { logged, run, wake } from "./contract/fixtures.js";
import { flowRun } from "./contract/flow.js";
import { ratedRun } from "./contract/flow-rate.js";

const available = await pgAvailable();

describe.skipIf(!available)("hookgate store copy", () => {
  let dir: string;
  let file: string;
  let schema: string;
  const open: Array<{ close(): Promise<void> }> = [];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "hookgate-copy-"));
    file = join(dir, "state.db");
    schema = uniqueSchema("copy");
    // A single-node install with a bit of everything.
    const source = new SqliteStore(file);
    await source.open();
    await source.acceptWake(wake("deploy finished"));
    await source.acceptWake(wake("deploy finished"));
    await source.acceptWake(wake("disk full", "next-heartbeat"));
    for (const id of ["run-a", "run-b", "run-c"]) {
      await source.acceptRun(run(id), {
        scope: "agent",
        key: `key-${id}`,
        ttlSeconds: 3600,
        fingerprint: id,
      });
    }
    await source.claimRuns(2, 2000);
    await source.finishRun(
      "run-a",
      { status: "succeeded", reply: "all good", finishedAt: 3000 },
      {
        transcript: [
          { role: "user", content: "message of run-a", runId: "run-a", createdAt: 3000 },
          { role: "assistant", content: "all good", runId: "run-a", createdAt: 3000 },
        ],
        event: { text: "Hook GitHub: all good", source: "GitHub", mode: "now" },
        delivery: { status: "pending", channel: "telegram", to: "42", updatedAt: 3000 },
      },
    );
    await source.setLastRoute({ channel: "telegram", to: "42" });
    await source.recordHeartbeat(
      { reason: "now", status: "replied", startedAt: 1, finishedAt: 2, eventIds: [1], reply: "ok" },
      [{ role: "assistant", content: "ok", createdAt: 2 }],
    );
    // The request log, one body with bytes that are not text.
    await source.logRequests(
      [
        logged("019730f3-289a-7b41-9d3c-58e2f0a61c77", {
          body: new Uint8Array([0x7b, 0x7d, 0x00, 0xff]),
          bodyBytes: 4,
        }),
        logged("019730f3-289b-7b41-9d3c-58e2f0a61c78", {
          receivedAt: 1001,
          status: 401,
          outcome: "rejected",
          code: "UNAUTHORIZED",
        }),
      ].map(loggedRequest),
    );
    // An issue still open, and one closed: the open one goes on counting on the PostgreSQL side.
    await source.recordIssues(
      [
        {
          kind: "run",
          subject: "agent:main",
          code: "RUN_FAILED",
          count: 2,
          firstAt: 10,
          lastAt: 20,
          runId: "run-c",
        },
        {
          kind: "delivery",
          subject: "channel:telegram",
          code: "DELIVERY_FAILED",
          count: 1,
          firstAt: 10,
          lastAt: 10,
        },
      ],
      [],
    );
    await source.recordIssues([], [{ subject: "channel:telegram", at: 30 }]);
    await source.close();
  });

  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
    await dropSchema(schema);
    rmSync(dir, { recursive: true, force: true });
  });

  const copy = (...extra: string[]) =>
    runCommand(storeCommand, ["copy", "--from", file, "--to", PG_URL, "--schema", schema, ...extra]);

  it("copies open coalesce windows and dedupe keys: the instances go on with them", async () => {
    const source = new SqliteStore(file);
    await source.open();
    await source.acceptRun(flowRun("win-a", 10_000, { c: "disk", d: "alert-1" }));
    await source.close();
    const { code, stdout } = await copy();
    expect(code).toBe(0);
    expect(stdout).toContain("4 runs,");
    expect(stdout).toContain("1 coalesce windows, 1 coalesced requests, 1 dedupe keys,");
    const after = new PostgresStore(pgStoreConfig(schema));
    await after.open();
    open.push(after);
    const joined = await after.acceptRun(flowRun("win-b", 10_500, { c: "disk" }));
    // A join to a window that stays open queues nothing: the worker is not woken for it.
    expect(joined).toEqual({
      status: "accepted",
      outcome: { kind: "run", runId: "win-a", coalesced: true },
      nothingQueued: true,
    });
    const repeat = await after.acceptRun(flowRun("win-c", 10_600, { d: "alert-1" }));
    expect(repeat).toMatchObject({ outcome: { runId: "win-a", deduped: true } });
    expect(await after.releaseWindows(11_000)).toEqual({ runs: 1, wakes: [] });
    expect(await after.getRun("win-a")).toMatchObject({ status: "queued", merged: 2 });
  });

  it("copies the callback URLs of runs waiting for an HTTP agent: the answer still reaches them", async () => {
    const source = new SqliteStore(file);
    await source.open();
    await source.openRunCallback("run-c", "digest-c", 50_000);
    await source.close();
    const { code, stdout } = await copy();
    expect(code).toBe(0);
    expect(stdout).toContain("0 run retries, 0 pauses, 1 run callbacks\n");
    const after = new PostgresStore(pgStoreConfig(schema));
    await after.open();
    open.push(after);
    expect(await after.answerRunCallback("run-c", "digest-c", { reply: "later" }, 1000)).toBe("answered");
    expect(await after.runCallbackAnswer("run-c")).toEqual({ reply: "later" });
  });

  it("copies rate counts and the runs they hold: the instances go on counting", async () => {
    const source = new SqliteStore(file);
    await source.open();
    const rate = { max: 1, perMs: 10_000, over: "hold" as const };
    await source.acceptRun(ratedRun("rate-a", 10_000, rate));
    await source.acceptRun(ratedRun("rate-b", 10_100, rate));
    await source.close();
    const { code, stdout } = await copy();
    expect(code).toBe(0);
    expect(stdout).toContain("1 rate counts,");
    const after = new PostgresStore(pgStoreConfig(schema));
    await after.open();
    open.push(after);
    // The period from 20 000 has b already: c is given the one after.
    const c = await after.acceptRun(ratedRun("rate-c", 10_200, rate));
    expect(c).toEqual({
      status: "accepted",
      outcome: { kind: "run", runId: "rate-c", held: true },
      nothingQueued: true,
    });
    expect((await after.getRun("rate-c"))?.held).toEqual({ reason: "rate", until: 30_000 });
    expect(await after.releaseWindows(20_000)).toEqual({ runs: 1, wakes: [] });
    expect((await after.getRun("rate-b"))?.status).toBe("queued");
  });

  it("copies token counts: a spent budget stays spent", async () => {
    const source = new SqliteStore(file);
    await source.open();
    const flow = { scope: "m", budget: { tokens: 10, perMs: 100_000, over: "hold" as const } };
    await source.acceptRun(run("tok-a", { receivedAt: 10_000, mappingId: "m", flow }));
    await source.claimRuns(100, 10_000);
    await source.finishRun("tok-a", { status: "succeeded", finishedAt: 10_100, usage: { totalTokens: 12 } });
    await source.close();
    const { code, stdout } = await copy();
    expect(code).toBe(0);
    expect(stdout).toContain("1 token counts,");
    const after = new PostgresStore(pgStoreConfig(schema));
    await after.open();
    open.push(after);
    const b = await after.acceptRun(run("tok-b", { receivedAt: 10_200, mappingId: "m", flow }));
    expect(b).toEqual({
      status: "accepted",
      outcome: { kind: "run", runId: "tok-b", held: true },
      nothingQueued: true,
    });
  });

  it("copies everything, and the PostgreSQL store reads what the SQLite one did", async () => {
    const { code, stdout, stderr } = await copy();
    expect(stderr).toContain("copying runs: 3 of 3");
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^copied .*state\.db to postgres:\/\/postgres@127\.0\.0\.1:5432\/test \(schema hg_copy_\w+\): 3 events, 3 runs, 3 transcript messages, 2 routes, 3 idempotency keys, 1 heartbeats, 2 logged requests, 0 coalesce windows, 0 coalesced requests, 0 dedupe keys, 0 rate counts, 0 token counts, 2 issues, 0 run retries, 0 pauses, 0 run callbacks\n$/,
    );

    const before = new SqliteStore(file, { readonly: true });
    await before.open();
    open.push(before);
    const after = new PostgresStore(pgStoreConfig(schema));
    await after.open();
    open.push(after);
    expect(await after.listRuns({ limit: 10 })).toEqual(await before.listRuns({ limit: 10 }));
    expect(await after.listEvents({ limit: 10 })).toEqual(await before.listEvents({ limit: 10 }));
    expect(await after.listHeartbeats(10)).toEqual(await before.listHeartbeats(10));
    expect(await after.transcript("hook:run-a", 10)).toEqual(await before.transcript("hook:run-a", 10));
    expect(await after.transcript("main", 10)).toEqual(await before.transcript("main", 10));
    expect(await after.getLastRoute()).toEqual({ channel: "telegram", to: "42" });
    // The request log, bodies byte for byte: the console and replay keep their history.
    const logBefore = await before.listRequests({ limit: 10 });
    expect(logBefore).toHaveLength(2);
    expect(await after.listRequests({ limit: 10 })).toEqual(logBefore);
    const kept = await after.getRequest("019730f3-289a-7b41-9d3c-58e2f0a61c77");
    expect([...kept!.body!]).toEqual([0x7b, 0x7d, 0x00, 0xff]);
    expect(await after.listIssues({ limit: 10 })).toEqual(await before.listIssues({ limit: 10 }));
    const counted = await after.recordIssues(
      [{ kind: "run", subject: "agent:main", code: "RUN_FAILED", count: 1, firstAt: 40, lastAt: 40 }],
      [],
    );
    expect(counted.opened).toEqual([]);
    // Idempotency keys still answer with the first outcome.
    expect(
      await after.findIdempotent({ scope: "agent", key: "key-run-b", ttlSeconds: 60, fingerprint: "run-b" }),
    ).toEqual({
      status: "replayed",
      outcome: { kind: "run", runId: "run-b" },
    });
    // New rows continue after the copied ids.
    await after.acceptWake(wake("after the move"));
    const [newest] = await after.listEvents({ limit: 1 });
    expect(newest!.id).toBe(4);
    // The run left running by the stopped server is recovered on the PostgreSQL side; the pending
    // delivery is there to resume.
    expect(await after.recoverInterrupted(2, 5000)).toEqual({ requeued: 1, failed: 0 });
    expect((await after.pendingDeliveries()).map((r) => r.id)).toEqual(["run-a"]);
  });

  it("refuses a target that holds data, says what is there, and --replace overwrites it", async () => {
    expect((await copy()).code).toBe(0);
    const again = await copy();
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /already holds data \(3 events, 3 runs, .*\); nothing was copied.*--replace/,
    );
    const replaced = await copy("--replace");
    expect(replaced.code).toBe(0);
    const store = new PostgresStore(pgStoreConfig(schema));
    await store.open();
    open.push(store);
    expect(await store.listRuns({ limit: 10 })).toHaveLength(3);
  });

  it("takes config files on both sides, and refuses them the wrong way round", async () => {
    const from = join(dir, "old.yaml");
    const to = join(dir, "new.yaml");
    writeFileSync(from, "store: { path: state.db }\n");
    writeFileSync(to, `store: { kind: postgres, url: "${PG_URL}", schema: ${schema} }\n`);
    const ok = await runCommand(storeCommand, ["copy", "--from", from, "--to", to]);
    expect(ok.stderr).not.toContain("Error");
    expect(ok.code).toBe(0);
    const wrong = await runCommand(storeCommand, ["copy", "--from", to, "--to", from]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/--from .*new\.yaml: its store is PostgreSQL/);
  });

  it("shows progress in place on a terminal", async () => {
    const tty = Object.getOwnPropertyDescriptor(process.stderr, "isTTY");
    Object.defineProperty(process.stderr, "isTTY", { value: true, configurable: true });
    try {
      const { code, stderr } = await copy();
      expect(code).toBe(0);
      expect(stderr).toContain("\r\u001b[2Kcopying runs: 3 of 3");
      expect(stderr.endsWith("\n")).toBe(true);
    } finally {
      if (tty) Object.defineProperty(process.stderr, "isTTY", tty);
      else delete (process.stderr as { isTTY?: boolean }).isTTY;
    }
  });

  it("events and runs read the PostgreSQL store through --config and --store URL", async () => {
    expect((await copy()).code).toBe(0);
    const config = join(dir, "pg.yaml");
    writeFileSync(config, `store: { kind: postgres, url: "${PG_URL}", schema: ${schema} }\n`);
    const listed = await runCommand(runs, ["--config", config, "--json"]);
    expect(listed.code).toBe(0);
    expect((JSON.parse(listed.stdout) as Array<{ id: string }>).map((r) => r.id)).toEqual([
      "run-c",
      "run-b",
      "run-a",
    ]);
    const shown = await runCommand(runs, ["show", "run-a", "--config", config]);
    expect(shown.stdout).toContain("Reply:\n    all good");
    const evs = await runCommand(events, ["--config", config]);
    expect(evs.stdout).toContain("deploy finished (×2)");
    // --store URL, the schema as a parameter of it.
    const byUrl = await runCommand(runs, [
      "--store",
      `${PG_URL}?schema=${schema}`,
      "--status",
      "queued",
      "--json",
    ]);
    expect((JSON.parse(byUrl.stdout) as Array<{ id: string }>).map((r) => r.id)).toEqual(["run-c"]);
    // A schema without hookgate's tables: nothing accepted yet, and reading creates nothing.
    const nothing = uniqueSchema("none");
    const missing = await runCommand(events, ["--store", `${PG_URL}?schema=${nothing}`, "--json"]);
    expect(missing.code).toBe(0);
    expect(missing.stdout).toBe("[]\n");
    expect(missing.stderr).toContain(
      `no store at postgres://postgres@127.0.0.1:5432/test (schema ${nothing}) yet`,
    );
  });
});
