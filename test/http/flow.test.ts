// Flow control over real HTTP, on a real SQLite file and a real PostgreSQL schema: a burst about one
// thing answers 202 at once with one shared run id and becomes one run holding every message; a
// repeated content key answers like the first and starts nothing; wakes coalesce to one event; runs
// past a rate answer held or dropped; open windows, keys and held runs survive a restart.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import type { ResolvedConfig, ResolvedMapping } from "../../src/config/types.js";
import { coalesceTemplateOf } from "../../src/engine/flow.js";
import { createLogger } from "../../src/log.js";
import { type RunningServer, startServer } from "../../src/server.js";
import type { RunRecord } from "../../src/store/types.js";
import type { DeepPartial } from "../helpers/config.js";
import { dropSchema, pgAvailable, pgStoreConfig, uniqueSchema } from "../helpers/pg.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const pg = await pgAvailable();

const MAPPINGS: ResolvedMapping[] = [
  {
    id: "alerts",
    origin: "hooks.mappings[0]",
    action: "agent",
    match: { path: "alerts" },
    messageTemplate: "{{alert}} on {{instance}}",
    flow: { coalesce: { key: "{{alert}}/{{instance}}", window: "10m", max: 5 } },
  },
  {
    id: "digest",
    origin: "hooks.mappings[1]",
    action: "agent",
    match: { path: "digest" },
    messageTemplate: "{{alert}}",
    allowUnsafeExternalContent: true,
    flow: { coalesce: { key: "{{team}}", window: "10m" } },
    coalesceTemplate: "{{count}} alerts for {{key}}:{{#each items}}\n- {{message}}{{/each}}",
  },
  {
    id: "issues",
    origin: "hooks.mappings[2]",
    action: "agent",
    match: { path: "issues" },
    messageTemplate: "issue {{id}}: {{title}}",
    flow: { dedupe: { key: "{{id}}", window: "72h" } },
  },
  {
    id: "disk",
    origin: "hooks.mappings[3]",
    action: "wake",
    match: { path: "disk" },
    textTemplate: "disk {{percent}}% on {{host}}",
    wakeMode: "next-heartbeat",
    flow: { coalesce: { key: "{{host}}", window: "10m" } },
  },
  // Periods of 30 days: a test does not straddle two of them (once in 30 days, for a few seconds).
  {
    id: "triage",
    origin: "hooks.mappings[4]",
    action: "agent",
    match: { path: "triage" },
    messageTemplate: "triage {{n}}",
    flow: { rate: { max: 2, per: "30d" }, over: "hold" },
  },
  {
    id: "capped",
    origin: "hooks.mappings[5]",
    action: "agent",
    match: { path: "capped" },
    messageTemplate: "capped {{n}}",
    flow: { rate: { max: 1, per: "30d" }, over: "drop" },
  },
];

const MONTH = 30 * 86_400_000;

const kinds: Array<{ name: string; skip: boolean; store: () => DeepPartial<ResolvedConfig>["store"] }> = [
  { name: "SQLite", skip: false, store: () => undefined },
  { name: "PostgreSQL", skip: !pg, store: () => pgStoreConfig(uniqueSchema("flow")) },
];

for (const kind of kinds) {
  describe.skipIf(kind.skip)(`flow control over HTTP (${kind.name})`, () => {
    let s: TestServer;
    let schema: string | undefined;
    let overrides: DeepPartial<ResolvedConfig>;

    beforeAll(async () => {
      const store = kind.store();
      schema = store && "schema" in store ? store.schema : undefined;
      overrides = { hooks: { mappings: MAPPINGS, presets: ["mail"] }, ...(store && { store }) };
      // No worker: runs stay where the accept and the release put them.
      s = await startTestServer(overrides, { worker: false });
    });
    afterAll(async () => {
      await s?.close();
      if (schema) await dropSchema(schema);
    });

    const post = async (path: string, body: unknown) => {
      const res = await s.post(path, body);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const runsOf = async (mappingId: string): Promise<RunRecord[]> =>
      (await s.runtime.store.listRuns({ limit: 1000 })).filter((r) => r.mappingId === mappingId);

    it("a burst with one key answers 202 at once with one run id, and becomes one run with every message", async () => {
      const answers = [];
      for (const n of [1, 2, 3]) {
        answers.push(await post("/hooks/alerts", { alert: "DiskFull", instance: "db1", n }));
      }
      const other = await post("/hooks/alerts", { alert: "DiskFull", instance: "db2" });
      const runId = answers[0]!.body["runId"];
      for (const a of answers) expect(a).toEqual({ status: 202, body: { ok: true, runId, coalesced: true } });
      expect(other.body["runId"]).not.toBe(runId);
      const held = await s.runtime.store.getRun(String(runId));
      expect(held).toMatchObject({ status: "held", held: { reason: "coalesce" }, merged: 3 });
      // /metrics shows the runs flow control holds back.
      const metrics = await (await fetch(`${s.url}/metrics`)).text();
      expect(metrics).toMatch(/hookgate_queue_depth\{queue="runs_held"\} [1-9]/);
      await s.runtime.store.releaseWindows(Date.now() + 11 * 60_000);
      const run = await s.runtime.store.getRun(String(runId));
      expect(run?.status).toBe("queued");
      // Wrapped once as untrusted content, the three messages in arrival order inside.
      expect(run!.message.match(/DiskFull on db1/g)).toHaveLength(3);
      expect(run!.message.match(/EXTERNAL_UNTRUSTED_CONTENT/g)?.length).toBe(
        (await s.runtime.store.getRun(String(other.body["runId"])))!.message.match(
          /EXTERNAL_UNTRUSTED_CONTENT/g,
        )?.length,
      );
      expect(run!.message).toContain(runId as string);
    });

    it("max requests in a window start its run at once", async () => {
      const ids = new Set<unknown>();
      for (let n = 0; n < 6; n++)
        ids.add((await post("/hooks/alerts", { alert: "Flap", instance: "x" })).body["runId"]);
      expect(ids.size).toBe(2);
      const runs = (await runsOf("alerts")).filter((r) => ids.has(r.id));
      expect(runs.map((r) => [r.status, r.merged]).sort()).toEqual([
        ["held", undefined],
        ["queued", 5],
      ]);
    });

    it("coalesceTemplate makes the message over the items, once the window ends", async () => {
      const a = await post("/hooks/digest", { team: "infra", alert: "A" });
      await post("/hooks/digest", { team: "infra", alert: "B" });
      const runId = String(a.body["runId"]);
      const later = Date.now() + 11 * 60_000;
      // A process without the rules (a worker) leaves a templated window to one that has them.
      await s.runtime.store.releaseWindows(later);
      expect((await s.runtime.store.getRun(runId))?.status).toBe("held");
      const rules = s.generations.current.index.rules;
      await s.runtime.store.releaseWindows(later, (scope) => coalesceTemplateOf(rules, scope));
      expect(await s.runtime.store.getRun(runId)).toMatchObject({
        status: "queued",
        message: "2 alerts for infra:\n- A\n- B",
      });
    });

    it("a repeated content key answers like the first, deduped, and starts nothing", async () => {
      const first = await post("/hooks/issues", { id: "SENTRY-1", title: "TypeError" });
      const again = await post("/hooks/issues", { id: "SENTRY-1", title: "TypeError (again)" });
      const other = await post("/hooks/issues", { id: "SENTRY-2", title: "RangeError" });
      expect(first).toEqual({ status: 202, body: { ok: true, runId: first.body["runId"] } });
      expect(again).toEqual({ status: 202, body: { ok: true, runId: first.body["runId"], deduped: true } });
      expect(other.body["runId"]).not.toBe(first.body["runId"]);
      expect((await runsOf("issues")).length).toBe(2);
    });

    it("the same Gmail batch posted twice without an idempotency key starts its runs once", async () => {
      const batch = {
        messages: [
          { id: "gm-1", from: "ana@example.com", subject: "Invoice", snippet: "Please find..." },
          { id: "gm-2", from: "bo@example.com", subject: "Lunch", snippet: "Tomorrow?" },
        ],
      };
      const first = await post("/hooks/gmail", batch);
      // gog resends after its 10 s timeout: same body, no idempotency key.
      const again = await post("/hooks/gmail", batch);
      expect(first.status).toBe(202);
      expect(again).toEqual({
        status: 202,
        body: { ok: true, runId: first.body["runId"], runIds: first.body["runIds"], deduped: true },
      });
      // One new message in the batch: only it starts a run.
      const more = await post("/hooks/gmail", {
        messages: [...batch.messages, { id: "gm-3", from: "cy@example.com", subject: "New" }],
      });
      const ids = more.body["runIds"] as string[];
      expect(ids.slice(0, 2)).toEqual(first.body["runIds"]);
      expect((await runsOf("gmail")).map((r) => r.sessionKey).sort()).toEqual([
        "hook:gmail:gm-1",
        "hook:gmail:gm-2",
        "hook:gmail:gm-3",
      ]);
    });

    it("wakes with one key become one event when the window ends", async () => {
      const before = (await s.runtime.store.listEvents({ limit: 100 })).length;
      const a = await post("/hooks/disk", { host: "web1", percent: 91 });
      await post("/hooks/disk", { host: "web1", percent: 95 });
      expect(a).toEqual({
        status: 200,
        body: { ok: true, mode: "next-heartbeat", eventOutcome: "coalesced", coalesced: true },
      });
      expect((await s.runtime.store.listEvents({ limit: 100 })).length).toBe(before);
      await s.runtime.store.releaseWindows(Date.now() + 11 * 60_000);
      const events = await s.runtime.store.listEvents({ limit: 100 });
      expect(events.length).toBe(before + 1);
      expect(events[0]?.text).toBe("disk 91% on web1\ndisk 95% on web1");
    });

    it("/metrics shows the runs a rate still allows this period", async () => {
      const metrics = await (await fetch(`${s.url}/metrics`)).text();
      expect(metrics).toContain('hookgate_flow_rate_runs_left{mapping="triage"} 2');
      expect(metrics).toContain('hookgate_flow_rate_runs_left{mapping="capped"} 1');
      expect(metrics).not.toMatch(/hookgate_flow_rate_runs_left\{mapping="alerts"\}/);
    });

    it("runs past the rate answer 202 held at once, and show why", async () => {
      const answers = [];
      for (const n of [1, 2, 3]) answers.push(await post("/hooks/triage", { n }));
      expect(answers.map((a) => a.body)).toEqual([
        { ok: true, runId: answers[0]!.body["runId"] },
        { ok: true, runId: answers[1]!.body["runId"] },
        { ok: true, runId: answers[2]!.body["runId"], held: true },
      ]);
      expect(answers.every((a) => a.status === 202)).toBe(true);
      const held = await s.runtime.store.getRun(String(answers[2]!.body["runId"]));
      expect(held).toMatchObject({ status: "held", held: { reason: "rate" } });
      expect(held!.held!.until! % MONTH).toBe(0);
      const metrics = await (await fetch(`${s.url}/metrics`)).text();
      expect(metrics).toContain('hookgate_flow_rate_runs_left{mapping="triage"} 0');
      // One registry per process: both stores' blocks count into it.
      expect(metrics).toMatch(/hookgate_flow_rate_runs_total\{mapping="triage",outcome="held"\} [1-9]/);
    });

    it("over: drop answers 202 dropped at once and stores the run as dropped", async () => {
      const first = await post("/hooks/capped", { n: 1 });
      const second = await post("/hooks/capped", { n: 2 });
      expect(first).toEqual({ status: 202, body: { ok: true, runId: first.body["runId"] } });
      expect(second).toEqual({ status: 202, body: { ok: true, runId: second.body["runId"], dropped: true } });
      expect(await s.runtime.store.getRun(String(second.body["runId"]))).toMatchObject({
        status: "dropped",
        held: { reason: "rate" },
      });
      await s.runtime.store.releaseWindows(Date.now() + 2 * MONTH);
      expect((await s.runtime.store.getRun(String(second.body["runId"])))?.status).toBe("dropped");
      const metrics = await (await fetch(`${s.url}/metrics`)).text();
      expect(metrics).toMatch(/hookgate_flow_rate_runs_total\{mapping="capped",outcome="dropped"\} [1-9]/);
      expect(metrics).toContain('hookgate_flow_rate_runs_left{mapping="capped"} 0');
    });

    it("an open window and a dedupe key survive a restart; the window's run then runs", async () => {
      const first = await post("/hooks/alerts", { alert: "Restart", instance: "r1" });
      const seen = await post("/hooks/issues", { id: "SENTRY-9", title: "before the restart" });
      await s.close();
      // The same store, now with a worker: the window is joined after the restart, then released.
      s = await startTestServer({ ...overrides, dir: s.dir }, { worker: true });
      const joined = await post("/hooks/alerts", { alert: "Restart", instance: "r1" });
      expect(joined.body["runId"]).toBe(first.body["runId"]);
      expect((await post("/hooks/issues", { id: "SENTRY-9", title: "after" })).body).toEqual({
        ok: true,
        runId: seen.body["runId"],
        deduped: true,
      });
      const id = String(first.body["runId"]);
      expect((await s.runtime.store.getRun(id))?.status).toBe("held");
      await s.runtime.store.releaseWindows(Date.now() + 11 * 60_000);
      s.runtime.runAccepted();
      let run = await s.runtime.store.getRun(id);
      for (let i = 0; i < 300 && run?.status !== "succeeded"; i++) {
        await new Promise((r) => setTimeout(r, 50));
        run = await s.runtime.store.getRun(id);
      }
      expect(run).toMatchObject({ status: "succeeded", merged: 2 });
    }, 60_000);

    it("a run held by the rate survives a restart and runs when its period comes", async () => {
      // The earlier test filled this period: every request now is held.
      const held = await post("/hooks/triage", { n: "restart" });
      expect(held.body["held"]).toBe(true);
      await s.close();
      s = await startTestServer({ ...overrides, dir: s.dir }, { worker: true });
      const id = String(held.body["runId"]);
      expect((await s.runtime.store.getRun(id))?.status).toBe("held");
      expect((await post("/hooks/triage", { n: "after" })).body["held"]).toBe(true);
      await s.runtime.store.releaseWindows(Date.now() + MONTH);
      s.runtime.runAccepted();
      let run = await s.runtime.store.getRun(id);
      for (let i = 0; i < 300 && run?.status !== "succeeded"; i++) {
        await new Promise((r) => setTimeout(r, 50));
        run = await s.runtime.store.getRun(id);
      }
      expect(run?.status).toBe("succeeded");
    }, 60_000);
  });
}

describe("the sentry pack: issue alerts deduplicated by issue", () => {
  let server: RunningServer | undefined;
  afterAll(() => server?.close());

  it("a second alert of one issue starts nothing; another issue's does", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hookgate-flow-sentry-"));
    const file = join(dir, "hookgate.yaml");
    writeFileSync(
      file,
      [
        "hooks:",
        "  enabled: true",
        "  token: flow-sentry-token-0123456789abcdef",
        "  presets: [sentry]",
        "  packs: { sentry: { secret: flow-sentry-secret } }",
        "store: { kind: sqlite, path: state.db }",
        "",
      ].join("\n"),
    );
    server = await startServer({
      config: (await loadConfig({ file, cwd: dir, env: {} })).config,
      log: createLogger("silent"),
      worker: false,
    });
    const fixture = JSON.parse(
      readFileSync(
        new URL("../../rules/presets/fixtures/sentry/event_alert.triggered.json", import.meta.url),
        "utf8",
      ),
    );
    const alert = async (issueId: string) => {
      const body = structuredClone(fixture);
      body.data.event.issue_id = issueId;
      const res = await fetch(`${server!.url}/hooks/sentry`, {
        method: "POST",
        headers: {
          authorization: "Bearer flow-sentry-token-0123456789abcdef",
          "content-type": "application/json",
          "sentry-hook-resource": "event_alert",
        },
        body: JSON.stringify(body),
      });
      return (await res.json()) as Record<string, unknown>;
    };
    const first = await alert("111");
    expect(await alert("111")).toEqual({ ok: true, runId: first["runId"], deduped: true });
    expect((await alert("222"))["deduped"]).toBeUndefined();
    expect((await server.runtime.store.listRuns({ limit: 10 })).length).toBe(2);
  });
});
