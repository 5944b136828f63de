// `hookgate pause` and `hookgate resume` against a running server and its real SQLite file, or its real
// PostgreSQL schema: a paused mapping's requests are answered 2xx with `held`, their runs wait held
// (other mappings' run), and start in arrival order on resume or when `--for` is over; a pause and the
// runs it holds survive a restart; an unknown target names the known ones.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { command as pause } from "../../src/commands/pause.js";
import { command as resume } from "../../src/commands/resume.js";
import { command as runs } from "../../src/commands/runs.js";
import { command as status } from "../../src/commands/status.js";
import type { ResolvedConfig, ResolvedMapping } from "../../src/config/types.js";
import type { RunRecord } from "../../src/store/types.js";
import type { DeepPartial } from "../helpers/config.js";
import { dropSchema, PG_URL, pgAvailable, pgStoreConfig, uniqueSchema } from "../helpers/pg.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { runCommand } from "../unit/command-helpers.js";

const pg = await pgAvailable();

const mapping = (id: string): ResolvedMapping => ({
  id,
  origin: "hooks.mappings[0]",
  action: "agent",
  match: { path: id },
  messageTemplate: "{{text}}",
  deliver: false,
  wakeMode: "next-heartbeat",
});

// The same mappings as a config file, which the commands read to check a target and find the store.
const CONFIG = `hooks:
  enabled: true
  token: \${HOOKGATE_PAUSE_TEST_TOKEN}
  mappings:
    - { id: task, match: { path: task }, action: agent, messageTemplate: "{{text}}" }
    - { id: other, match: { path: other }, action: agent, messageTemplate: "{{text}}" }
`;

/** The store of a kind: the server's section, and the same as the config file's lines. */
const kinds: Array<{
  name: string;
  skip: boolean;
  store: () => { section?: DeepPartial<ResolvedConfig>["store"]; yaml: string };
}> = [
  { name: "SQLite", skip: false, store: () => ({ yaml: "" }) },
  {
    name: "PostgreSQL",
    skip: !pg,
    store: () => {
      const section = pgStoreConfig(uniqueSchema("pause"));
      return {
        section,
        yaml: `store: { kind: postgres, url: "${PG_URL}", schema: ${section.schema}, poolSize: 4 }\n`,
      };
    },
  },
];

for (const kind of kinds)
  describe.skipIf(kind.skip)(`hookgate pause and resume (${kind.name})`, () => {
    let s: TestServer;
    let config: string;
    let overrides: DeepPartial<ResolvedConfig>;
    let schema: string | undefined;

    beforeAll(async () => {
      const dir = mkdtempSync(join(tmpdir(), "hookgate-pause-"));
      config = join(dir, "hookgate.yaml");
      const store = kind.store();
      schema = store.section && "schema" in store.section ? store.section.schema : undefined;
      writeFileSync(config, CONFIG + store.yaml);
      overrides = {
        hooks: { mappings: [mapping("task"), mapping("other")] },
        ...(store.section && { store: store.section }),
      };
      s = await startTestServer({ dir, ...overrides });
    });
    afterAll(async () => {
      await s?.close();
      if (schema) await dropSchema(schema);
    });

    const cli = (command: typeof pause, ...args: string[]) =>
      runCommand(command, [...args, "--config", config]);
    const run = async (id: string) => (await s.runtime.store.getRun(id)) as RunRecord;
    const send = async (path: string, text: string) => {
      const r = await s.post(`/hooks/${path}`, { text });
      expect(r.status).toBe(202);
      return (await r.json()) as { runId: string; held?: boolean };
    };

    it("holds a paused mapping's runs, answers held, and starts them in arrival order on resume", async () => {
      const paused = await cli(pause, "task");
      expect(paused.stderr).toBe("");
      expect(paused.stdout).toBe(
        "Paused mapping task until resumed: its runs wait held; hookgate resume task starts them.\n",
      );
      // The server reads the pauses from the store (another process wrote them) on its next look.
      await expect
        .poll(() => s.runtime.pausedBy({ mappingId: "task" })?.target, { timeout: 20_000 })
        .toBe("mapping:task");

      const held = [];
      for (const text of ["one", "two", "three"]) held.push(await send("task", text));
      expect(held.every((b) => b.held === true)).toBe(true);
      const free = await send("other", "not paused");
      expect(free.held).toBeUndefined();
      await expect.poll(async () => (await run(free.runId)).status, { timeout: 20_000 }).toBe("succeeded");
      for (const { runId } of held) {
        await expect.poll(async () => (await run(runId)).status, { timeout: 20_000 }).toBe("held");
        expect((await run(runId)).held).toEqual({ reason: "pause", by: "mapping:task" });
      }
      const shown = await runCommand(runs, ["show", held[0]!.runId, "--config", config]);
      expect(shown.stdout).toContain("held: paused by mapping task until resumed");

      const metrics = await (await fetch(`${s.url}/metrics`)).text();
      expect(metrics).toContain('hookgate_paused_targets{kind="mapping"} 1');
      expect(metrics).toContain('hookgate_queue_depth{queue="runs_paused"} 3');

      const health = await runCommand(status, ["--config", config]);
      expect(health.stdout).toContain("3 by pauses\n");
      expect(health.stdout).toContain("paused   mapping task until resumed: hookgate resume TARGET\n");

      const listed = await cli(pause);
      expect(listed.stdout).toMatch(/^TARGET +UNTIL +BY +SINCE\nmapping:task +resumed +command line +/);

      const resumed = await cli(resume, "task");
      expect(resumed.stderr).toBe("");
      expect(resumed.stdout).toBe("Resumed mapping task: 3 held runs queued.\n");
      for (const { runId } of held) {
        await expect.poll(async () => (await run(runId)).status, { timeout: 20_000 }).toBe("succeeded");
      }
      // In arrival order: each started no earlier than the one before it.
      const started = await Promise.all(held.map(async ({ runId }) => (await run(runId)).startedAt!));
      expect([...started].sort((a, b) => a - b)).toEqual(started);
      expect((await cli(pause)).stdout).toBe("Nothing is paused.\n");
    });

    it("a pause for a time ends by itself, and its runs start after it", async () => {
      const paused = await cli(pause, "mapping:other", "--for", "2s", "--json");
      expect(paused.code).toBe(0);
      const { until } = JSON.parse(paused.stdout) as { until: number };
      const { runId } = await send("other", "later");
      await expect.poll(async () => (await run(runId)).status, { timeout: 30_000 }).toBe("succeeded");
      expect((await run(runId)).startedAt).toBeGreaterThanOrEqual(until);
      expect((await cli(pause)).stdout).toBe("Nothing is paused.\n");
    });

    it("a restart keeps the pause and the runs it holds", async () => {
      expect((await cli(pause, "task")).code).toBe(0);
      await expect
        .poll(() => s.runtime.pausedBy({ mappingId: "task" })?.target, { timeout: 20_000 })
        .toBe("mapping:task");
      const { runId } = await send("task", "across a restart");
      await expect.poll(async () => (await run(runId)).status, { timeout: 20_000 }).toBe("held");
      await s.close();
      s = await startTestServer({ ...overrides, dir: s.dir });
      await expect
        .poll(() => s.runtime.pausedBy({ mappingId: "task" })?.target, { timeout: 20_000 })
        .toBe("mapping:task");
      expect((await run(runId)).status).toBe("held");
      expect((await send("task", "after the restart")).held).toBe(true);
      expect((await cli(resume, "task")).stdout).toBe("Resumed mapping task: 2 held runs queued.\n");
      await expect.poll(async () => (await run(runId)).status, { timeout: 20_000 }).toBe("succeeded");
    });

    it("names the known mappings and packs for an unknown target, and says when nothing is paused", async () => {
      const typo = await cli(pause, "tsak");
      expect(typo.code).toBe(1);
      expect(typo.stderr).toContain(
        'no mapping or pack "tsak"; did you mean "task"? (mappings: task, other; no packs)',
      );
      expect((await cli(pause, "queue:x")).stderr).toContain(
        '"queue:x": a target is a mapping id, a pack name',
      );
      expect((await cli(pause, "task", "--for", "soon")).stderr).toContain(
        "--for must be a duration above 0",
      );
      const notPaused = await cli(resume, "task");
      expect(notPaused.code).toBe(1);
      expect(notPaused.stderr).toBe("hookgate resume: mapping:task is not paused (nothing is paused)\n");
    });
  });
