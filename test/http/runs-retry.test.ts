// `hookgate runs retry` against a running server and its real SQLite file: failed runs of an issue
// queued again with their message, linked both ways, run by the server's worker; never twice.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { command as runs } from "../../src/commands/runs.js";
import type { ResolvedMapping } from "../../src/config/types.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { runCommand } from "../unit/command-helpers.js";

const mapping: ResolvedMapping = {
  id: "task",
  origin: "hooks.mappings[0]",
  action: "agent",
  match: { path: "task" },
  messageTemplate: "{{text}}",
  deliver: false,
  wakeMode: "next-heartbeat",
};

describe("hookgate runs retry", () => {
  let s: TestServer;
  let broken: string;
  let file: string;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "hookgate-retry-"));
    broken = join(dir, "broken");
    writeFileSync(broken, "");
    // Fails while the file `broken` exists, as a runner whose credentials expired until renewed.
    writeFileSync(
      join(dir, "agent.mjs"),
      `import { existsSync } from "node:fs"; let m = ""; process.stdin.on("data", (c) => (m += c)); process.stdin.on("end", () => { if (existsSync(${JSON.stringify(broken)})) { console.error("credentials expired"); process.exit(2); } console.log("handled: " + m.trim()); });\n`,
    );
    s = await startTestServer({
      dir,
      hooks: { mappings: [mapping] },
      agents: {
        list: [{ id: "main", runner: { kind: "command", command: [process.execPath, "agent.mjs"] } }],
      },
    });
    file = join(dir, ".hookgate", "state.db");
  });
  afterAll(() => s?.close());

  const retry = (...args: string[]) => runCommand(runs, ["retry", ...args, "--store", file]);

  it("queues the issue's failed runs again with their message, linked both ways, and never twice", async () => {
    const ids: string[] = [];
    for (const text of ["first", "second"]) {
      const r = await s.post("/hooks/task", { text });
      ids.push(((await r.json()) as { runId: string }).runId);
    }
    await s.runtime.idle();
    await s.runtime.issues.flush();
    const [issue] = await s.runtime.store.listIssues({ limit: 5, status: "open" });
    expect(issue).toMatchObject({ kind: "run", count: 2 });

    const dry = await retry("--issue", String(issue!.id), "--dry-run");
    expect(dry.stderr).toBe("");
    expect(dry.stdout).toMatch(/^Would retry 2 runs:\n/);
    // Both failed runs are listed (their error column is cut to the terminal's width, so not read here).
    for (const id of ids) expect(dry.stdout).toContain(id);
    expect((await s.runtime.store.listRuns({ limit: 10 })).length).toBe(2);

    rmSync(broken);
    const done = await retry("--issue", String(issue!.id), "--json");
    expect(done.code).toBe(0);
    const queued = JSON.parse(done.stdout) as Array<{ retryOf: string; runId: string }>;
    expect(queued.map((q) => q.retryOf)).toEqual(ids);

    // The server's worker finds them (it polls the store) and runs them with the original message.
    for (const { runId } of queued) {
      await expect
        .poll(async () => (await s.runtime.store.getRun(runId))?.status, { timeout: 20_000 })
        .toBe("succeeded");
    }
    // The original message, byte for byte (as wrapped when the request was accepted).
    const [before, after] = await Promise.all([
      s.runtime.store.getRun(ids[0]!),
      s.runtime.store.getRun(queued[0]!.runId),
    ]);
    expect(after!.message).toBe(before!.message);
    expect(after!.reply).toMatch(/^handled: [\s\S]*\nfirst\n/);
    await s.runtime.issues.flush();
    expect(await s.runtime.store.listIssues({ limit: 5, status: "open" })).toEqual([]);

    const old = await runCommand(runs, ["show", ids[0]!, "--store", file]);
    expect(old.stdout).toContain(`  retried   as ${queued[0]!.runId}\n`);
    const fresh = await runCommand(runs, ["show", queued[0]!.runId, "--store", file, "--json"]);
    expect(JSON.parse(fresh.stdout)).toMatchObject({
      retryOf: ids[0],
      status: "succeeded",
      message: ids[0] ? expect.any(String) : "",
    });

    const again = await retry("--failed", "--since", "1h");
    expect(again.stdout).toBe("No failed runs to retry (a run already retried is left out).\n");
    expect(existsSync(broken)).toBe(false);
  });

  it("says what is wrong with a selection", async () => {
    expect((await retry()).stderr).toContain("runs retry needs --issue N or --failed (one of them)");
    expect((await retry("--issue", "999")).stderr).toContain("no issue 999");
    expect((await retry("--failed", "--since", "yesterday")).stderr).toContain(
      '--since "yesterday": expected a duration',
    );
  });
});
