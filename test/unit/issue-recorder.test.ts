// The issue recorder against a real SQLite file: failures folded per issue into one write per flush,
// successes written only when they may close something, and an attacker's addresses capped per path.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../src/log.js";
import { IssueRecorder, MAX_ADDRESSES, OTHER_ADDRESSES } from "../../src/runtime/issues.js";
import { SqliteStore } from "../../src/store/sqlite/store.js";
import type { IssueChanges } from "../../src/store/types.js";

let dir: string;
let store: SqliteStore;
let writes: number;
let changes: IssueChanges[];
let recorder: IssueRecorder;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "hookgate-issues-"));
  store = new SqliteStore(join(dir, "state.db"));
  await store.open();
  writes = 0;
  changes = [];
  const counted = {
    recordIssues: (...args: Parameters<SqliteStore["recordIssues"]>) => {
      writes += 1;
      return store.recordIssues(...args);
    },
    listIssues: store.listIssues.bind(store),
  };
  // A flush period no test waits for: each test flushes by hand.
  recorder = new IssueRecorder({
    store: counted,
    log: createLogger("silent"),
    onChanges: (c) => changes.push(c),
    flushMs: 3_600_000,
  });
  await recorder.start();
});

afterEach(async () => {
  await recorder.stop();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const runFailure = (at: number, runId = `run-${at}`) =>
  ({ kind: "run", subject: "agent:main", code: "RUN_FAILED", runId, at }) as const;

describe("IssueRecorder", () => {
  it("folds many failures of one path into one write that opens one issue", async () => {
    for (let i = 1; i <= 500; i++) recorder.failed(runFailure(i));
    await recorder.flush();
    expect(writes).toBe(1);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.opened).toHaveLength(1);
    expect(changes[0]!.opened[0]).toMatchObject({
      count: 500,
      firstSeen: 1,
      lastSeen: 500,
      exampleRunId: "run-500",
    });
    expect(recorder.openIssues()).toHaveLength(1);
  });

  it("a success costs no write when nothing of its path is open, and closes what is", async () => {
    recorder.succeeded({ subject: "agent:main", at: 1 });
    recorder.succeeded({ subject: "mapping:gh", at: 1 });
    await recorder.flush();
    expect(writes).toBe(0);
    recorder.failed(runFailure(10));
    await recorder.flush();
    recorder.succeeded({ subject: "agent:other", at: 11 });
    recorder.succeeded({ subject: "agent:main", at: 11 });
    await recorder.flush();
    expect(writes).toBe(2);
    expect(changes.at(-1)!.closed.map((i) => i.subject)).toEqual(["agent:main"]);
    expect(recorder.openIssues()).toEqual([]);
  });

  it("a failure and a later success in the same second: the issue opens and closes; a failure after it stays open", async () => {
    recorder.failed(runFailure(10));
    recorder.succeeded({ subject: "agent:main", at: 20 });
    await recorder.flush();
    expect(changes[0]!.opened).toHaveLength(1);
    expect(changes[0]!.closed).toHaveLength(1);
    recorder.failed(runFailure(30));
    recorder.succeeded({ subject: "agent:main", at: 25 });
    await recorder.flush();
    expect(recorder.openIssues()).toHaveLength(1);
  });

  it("10,000 bad signatures from 1,000 addresses: at most MAX_ADDRESSES issues plus one for the rest", async () => {
    for (let i = 0; i < 10_000; i++) {
      recorder.failed({
        kind: "verification",
        subject: "hook:github",
        code: "SIGNATURE_INVALID",
        address: `198.51.${Math.floor((i % 1000) / 250)}.${i % 250}`,
        at: 1000 + i,
      });
      if (i % 2500 === 2499) await recorder.flush();
    }
    await recorder.flush();
    const all = await store.listIssues({ limit: 10_000 });
    expect(all).toHaveLength(MAX_ADDRESSES + 1);
    expect(all.filter((i) => i.address === OTHER_ADDRESSES)).toHaveLength(1);
    expect(all.reduce((n, i) => n + i.count, 0)).toBe(10_000);
    expect(writes).toBe(4);
  });
});
