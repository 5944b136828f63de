// `hookgate status` against a real SQLite file: the queue and the age of its oldest run, open issues,
// and what the pid file beside the store says about the server.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { command as status } from "../../src/commands/status.js";
import { SqliteStore } from "../../src/store/sqlite/store.js";
import { run } from "../store/contract/fixtures.js";
import { runCommand } from "./command-helpers.js";

let dir: string;
let file: string;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "hookgate-status-"));
  file = join(dir, "state.db");
  const store = new SqliteStore(file);
  await store.open();
  const now = Date.now();
  await store.acceptRun(run("r-old", { receivedAt: now - 5 * 60_000 }));
  await store.acceptRun(run("r-new", { receivedAt: now - 1000 }));
  await store.recordIssues(
    [
      { kind: "run", subject: "agent:main", code: "RUN_FAILED", count: 3, firstAt: now, lastAt: now },
      {
        kind: "verification",
        subject: "hook:github",
        code: "SIGNATURE_INVALID",
        address: "192.0.2.7",
        count: 1,
        firstAt: now,
        lastAt: now,
      },
    ],
    [],
  );
  await store.close();
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("hookgate status", () => {
  it("shows the queue with the age of its oldest run, held runs and the open issues", async () => {
    const out = await runCommand(status, ["--store", file]);
    expect(out.stderr).toBe("");
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(`store    ${file}\n`);
    expect(out.stdout).toMatch(/runs {5}2 queued \(oldest waiting 5m\d\ds\), 0 running\n/);
    expect(out.stdout).toContain("held     none\n");
    expect(out.stdout).toContain("paused   none\n");
    expect(out.stdout).toContain("issues   2 open (1 verification, 1 run): hookgate issues");
    expect(out.stdout).toContain("server   not seen running: no pid file at");
  });

  it("says when the pid file names a process that has ended; --json has every figure", async () => {
    writeFileSync(join(dir, "hookgate.pid"), "999999999\n");
    const out = await runCommand(status, ["--store", file, "--json"]);
    const s = JSON.parse(out.stdout);
    expect(s.server).toEqual({
      running: false,
      why: `process 999999999 of ${join(dir, "hookgate.pid")} has ended`,
    });
    expect(s.queue).toMatchObject({ runsQueued: 2, runsRunning: 0 });
    expect(s.queue.oldestQueuedAgeMs).toBeGreaterThanOrEqual(5 * 60_000);
    expect(s.held).toEqual({ runs: 0 });
    expect(s.paused).toEqual([]);
    expect(s.issues).toMatchObject({ open: 2, byKind: { run: 1, verification: 1 } });
  });

  it("a store that is not there is an error", async () => {
    const out = await runCommand(status, ["--store", join(dir, "nothing.db")]);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain("no store at");
  });
});
