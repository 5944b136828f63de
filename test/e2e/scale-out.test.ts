// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${NAME} in the config, ${...} in the runner script's own source.
// Several `hookgate` processes (node dist/cli.js) on one PostgreSQL schema: what one accepts the
// others see and finish, one idempotency key makes one run whichever instances it reaches, a
// SIGKILLed instance loses nothing it acknowledged, the lockout counts across instances, a burst
// coalesced across instances is one run under one budget that every instance reports alike, and
// `hookgate worker` runs what `serve --no-worker` instances take in.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PostgresStore } from "../../src/store/postgres/store.js";
import type { RunRecord } from "../../src/store/types.js";
import { type Child, listeningUrl, runCli, waitFor } from "../helpers/child.js";
import { dropSchema, PG_URL, pgAvailable, pgStoreConfig, uniqueSchema } from "../helpers/pg.js";

const available = await pgAvailable();
const TOKEN = "scale-token-0123456789abcdefghij";

/** Generous: several child processes and a database on a machine whose two cores may be busy. */
const WAIT_MS = 120_000;

const post = (url: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}/hooks${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

describe.skipIf(!available)("several instances on one PostgreSQL database", () => {
  let dir: string;
  let schema: string;
  let reader: PostgresStore | null = null;
  const children: Child[] = [];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "hookgate-scale-"));
    schema = uniqueSchema("e2e");
  });

  afterEach(async () => {
    for (const c of children.splice(0)) {
      if (c.proc.exitCode === null && c.proc.signalCode === null) {
        c.proc.kill("SIGKILL");
        await c.exited;
      }
    }
    await reader?.close();
    reader = null;
    await dropSchema(schema);
    rmSync(dir, { recursive: true, force: true });
  });

  function writeConfig(
    extra: string[] = [],
    runner = "      runner: { kind: echo }",
    name = "hookgate.yaml",
    hooks: string[] = [],
  ): string {
    const file = join(dir, name);
    writeFileSync(
      file,
      [
        "server: { host: 127.0.0.1, port: 0 }",
        "hooks:",
        "  enabled: true",
        `  token: ${TOKEN}`,
        "  authFailures: { max: 4, windowSeconds: 600, lockSeconds: 600 }",
        ...hooks,
        "agents:",
        "  defaults: { maxConcurrentRuns: 4 }",
        "  list:",
        "    - id: main",
        "      default: true",
        runner,
        'heartbeat: { every: "0", coalesceMs: 0 }',
        "store:",
        "  kind: postgres",
        "  url: ${HOOKGATE_TEST_STORE_URL}",
        `  schema: ${schema}`,
        "  poolSize: 4",
        "  leaseSeconds: 5",
        ...extra,
        "",
      ].join("\n"),
    );
    return file;
  }

  const env = { HOOKGATE_TEST_STORE_URL: PG_URL };

  async function serve(config: string, ...flags: string[]): Promise<{ child: Child; url: string }> {
    const child = runCli(["serve", "--config", config, ...flags], { env });
    children.push(child);
    return { child, url: await listeningUrl(child) };
  }

  async function store(): Promise<PostgresStore> {
    reader ??= new PostgresStore(pgStoreConfig(schema), { readonly: true });
    await reader.open();
    return reader;
  }

  /** `hookgate <args>` run to its end. */
  async function cli(...args: string[]): Promise<{ code: number | string; out: string; err: string }> {
    const child = runCli(args, { env });
    const code = await child.exited;
    return { code, out: child.stdout(), err: child.stderr() };
  }

  it(
    "a wake taken by an ingress-only instance is seen by the other and by the CLI; one key makes one run",
    async () => {
      const config = writeConfig();
      const a = await serve(config, "--no-worker");
      const b = await serve(config);
      expect(a.child.stdout()).toContain("ingress only (--no-worker)");

      const r = await post(a.url, "/wake", { text: "deploy of api finished", mode: "now" });
      expect(r.status).toBe(200);
      // B holds the heartbeat lease (A runs nothing): its heartbeat, woken by A's signal, consumes it.
      const s = await store();
      const [event] = await s.listEvents({ limit: 1 });
      expect(event!.text).toBe("deploy of api finished");
      await waitFor(async () => {
        const beats = await s.listHeartbeats(10);
        return beats.some((h) => h.status === "replied" && h.eventIds.includes(event!.id)) ? true : undefined;
      }, WAIT_MS);
      const listed = await cli("events", "--config", config, "--json");
      expect(listed.code).toBe(0);
      expect(JSON.parse(listed.out)).toMatchObject([
        { text: "deploy of api finished", consumedAt: expect.any(Number) },
      ]);

      // One Idempotency-Key sent to both instances at once.
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          post(
            i % 2 ? a.url : b.url,
            "/agent",
            { message: "rebuild the index" },
            { "idempotency-key": "job-77" },
          ),
        ),
      );
      expect(answers.map((x) => x.status)).toEqual(answers.map(() => 202));
      const bodies = (await Promise.all(answers.map((x) => x.json()))) as Array<{ runId: string }>;
      const replays = answers.filter((x) => x.headers.get("idempotent-replay") === "true");
      expect(replays).toHaveLength(9);
      expect(new Set(bodies.map((x) => x.runId)).size).toBe(1);
      const runId = bodies[0]!.runId;
      // The run was taken in by whichever instance, and run by B's worker.
      await waitFor(
        async () => ((await s.getRun(runId))?.status === "succeeded" ? true : undefined),
        WAIT_MS,
      );
      const runs = await cli("runs", "--config", config, "--json");
      expect((JSON.parse(runs.out) as RunRecord[]).map((x) => [x.id, x.status])).toEqual([
        [runId, "succeeded"],
      ]);
      const shown = await cli("runs", "show", runId.slice(0, 8), "--config", config);
      expect(shown.out).toContain(`Run ${runId}`);

      for (const c of [a.child, b.child]) c.proc.kill("SIGTERM");
      expect(await a.child.exited).toBe(0);
      expect(await b.child.exited).toBe(0);
    },
    WAIT_MS * 3,
  );

  it(
    "kill -9 of one instance under load: every acknowledged run is finished by the others, once",
    async () => {
      const log = join(dir, "runner.log");
      writeFileSync(
        join(dir, "runner.mjs"),
        [
          'import { appendFileSync } from "node:fs";',
          `const log = ${JSON.stringify(log)};`,
          "let input = '';",
          "process.stdin.on('data', (d) => { input += d; });",
          "process.stdin.on('end', () => {",
          // Heartbeat turns (no run id) run the same program: only runs are counted.
          "  if (process.env.HOOKGATE_RUN_ID) appendFileSync(log, `start ${process.env.HOOKGATE_RUN_ID} ${process.env.INSTANCE}\\n`);",
          // Long enough that the killed instance has runs in flight.
          "  setTimeout(() => {",
          "    if (process.env.HOOKGATE_RUN_ID) appendFileSync(log, `end ${process.env.HOOKGATE_RUN_ID} ${process.env.INSTANCE}\\n`);",
          "    process.stdout.write('done ' + input.length);",
          "  }, 300);",
          "});",
          "",
        ].join("\n"),
      );
      // One config per instance, the same but for the name its runner logs. (The pid of a runner's
      // parent is no witness: a runner whose instance was just killed belongs to init when it asks.)
      const instances = await Promise.all(
        ["0", "1", "2"].map((n) =>
          serve(
            writeConfig(
              [],
              `      runner: { kind: command, command: [${JSON.stringify(process.execPath)}, runner.mjs], env: { INSTANCE: "${n}" } }`,
              `instance-${n}.yaml`,
            ),
          ),
        ),
      );
      const [victim] = instances;
      const victimName = "0";
      const lines = () =>
        readFileSync(log, { encoding: "utf8", flag: "a+" })
          .split("\n")
          .filter(Boolean)
          .map((line) => line.split(" ") as [string, string, string]);
      // A run the victim's runner started and has not finished: the victim holds it right now.
      const busyOnVictim = () => {
        const mine = lines().filter(([, , instance]) => instance === victimName);
        return (
          mine.filter(([what]) => what === "start").length > mine.filter(([what]) => what === "end").length
        );
      };

      const accepted: string[] = [];
      let sent = 0;
      let killed = false;
      const TOTAL = 90;
      const sender = async (n: number) => {
        while (sent < TOTAL) {
          const i = sent++;
          // Round robin over the instances, the victim included until it is gone.
          const target = instances[(i + n) % instances.length]!;
          if (killed && target === victim) continue;
          try {
            const r = await post(target.url, "/agent", { message: `job ${i}`, deliver: false });
            if (r.status === 202) accepted.push(((await r.json()) as { runId: string }).runId);
          } catch {
            // The victim is gone: a request it did not answer was not promised.
          }
          if (!killed && accepted.length >= 30 && busyOnVictim()) {
            killed = true;
            victim!.child.proc.kill("SIGKILL");
          }
        }
      };
      await Promise.all(Array.from({ length: 6 }, (_, n) => sender(n)));
      if (!killed) {
        // Every request was answered before the victim was caught running one: wait until it is.
        await waitFor(() => (busyOnVictim() ? true : undefined), WAIT_MS);
        killed = true;
        victim!.child.proc.kill("SIGKILL");
      }
      expect(await victim!.child.exited).toBe("SIGKILL");
      expect(accepted.length).toBeGreaterThanOrEqual(30);

      const s = await store();
      // Every run in the store (acknowledged, or stored just before the kill cut the answer off)
      // ends succeeded: the survivors take the victim's over once its leases run out.
      const runs = await waitFor(async () => {
        const all = await s.listRuns({ limit: 10_000 });
        return all.every((r) => r.status === "succeeded") ? all : undefined;
      }, WAIT_MS);
      const ids = runs.map((r) => r.id);
      for (const id of accepted) expect(ids).toContain(id);
      expect(new Set(ids).size).toBe(ids.length);

      // Each run reached a runner; a second time only if it was in flight on the victim, so at most
      // maxConcurrentRuns (4) runs twice.
      const starts = lines().filter(([what]) => what === "start");
      const byRun = new Map<string, string[]>();
      for (const [, id, instance] of starts) byRun.set(id!, [...(byRun.get(id!) ?? []), instance!]);
      for (const id of ids) expect(byRun.get(id)?.length ?? 0, id).toBeGreaterThanOrEqual(1);
      const twice = [...byRun].filter(([, by]) => by.length > 1);
      expect(twice.length, JSON.stringify({ victimName, twice })).toBeLessThanOrEqual(4);
      for (const [, by] of twice) {
        expect(by).toHaveLength(2);
        expect(by[0]).toBe(victimName);
      }
      // Completed once each: one summary in the main session per run, never two.
      const summaries = (await s.listEvents({ limit: 10_000 })).filter((e) => e.text.startsWith("Hook "));
      expect(summaries).toHaveLength(ids.length);
      // Claimed twice: the runs the victim held when it died (some had not reached the runner yet).
      const retried = runs.filter((r) => r.attempts > 1).map((r) => r.id);
      expect(retried.length).toBeLessThanOrEqual(4);
      for (const [id] of twice) expect(retried).toContain(id);
      // The victim was killed mid-run: that run was taken over and run again by a survivor.
      expect(twice.length).toBeGreaterThanOrEqual(1);
    },
    WAIT_MS * 3,
  );

  it(
    "failures sent alternately to two instances lock at the configured count, on both",
    async () => {
      const config = writeConfig();
      const a = await serve(config, "--no-worker");
      const b = await serve(config, "--no-worker");
      const wrong = (url: string) =>
        fetch(`${url}/hooks/wake`, {
          method: "POST",
          headers: { authorization: "Bearer not-the-token", "content-type": "application/json" },
          body: "{}",
        });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await wrong(i % 2 ? b.url : a.url)).status);
      expect(statuses).toEqual([401, 401, 401, 401]);
      for (const url of [a.url, b.url]) {
        const r = await wrong(url);
        expect(r.status).toBe(429);
        expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(500);
      }
      // A valid token is never throttled (and clears the count for every instance).
      expect((await post(b.url, "/wake", { text: "it is me" })).status).toBe(200);
      expect((await wrong(a.url)).status).toBe(401);
    },
    WAIT_MS * 2,
  );

  it(
    "a burst sent to two instances is one run, under one budget both report; the next burst waits for the next period",
    async () => {
      // Periods of 30 days: a test does not straddle two of them (once in 30 days, for a few seconds).
      const config = writeConfig([], undefined, undefined, [
        "  mappings:",
        "    - id: alerts",
        "      match: { path: alerts }",
        "      action: agent",
        "      deliver: false",
        '      messageTemplate: "{{alert}} #{{n}}"',
        '      flow: { coalesce: { key: "{{alert}}", window: 1d, max: 10 }, budget: { runs: 1, per: 30d } }',
      ]);
      const a = await serve(config);
      const b = await serve(config);
      const burst = async (from: number) => {
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            post(i % 2 ? a.url : b.url, "/alerts", { alert: "DiskFull", n: from + i }),
          ),
        );
        expect(answers.map((x) => x.status)).toEqual(answers.map(() => 202));
        const bodies = (await Promise.all(answers.map((x) => x.json()))) as Array<{ runId: string }>;
        expect(new Set(bodies.map((x) => x.runId)).size).toBe(1);
        expect(bodies[0]).toEqual({ ok: true, runId: bodies[0]!.runId, coalesced: true });
        return bodies[0]!.runId;
      };
      const s = await store();

      // The tenth request ends the window: one run with every message, run once.
      const first = await burst(0);
      const ran = await waitFor(async () => {
        const found = await s.getRun(first);
        return found?.status === "succeeded" ? found : undefined;
      }, WAIT_MS);
      expect(ran).toMatchObject({ merged: 10, attempts: 1 });
      for (let n = 0; n < 10; n++) expect(ran.message).toContain(`DiskFull #${n}`);

      // The budget's one run of the period is spent, whichever instance took which request.
      const second = await burst(10);
      expect(second).not.toBe(first);
      const held = await waitFor(async () => {
        const found = await s.getRun(second);
        return found?.held?.reason === "budget" ? found : undefined;
      }, WAIT_MS);
      expect(held).toMatchObject({ status: "held", merged: 10 });
      for (const url of [a.url, b.url]) {
        const text = await (await fetch(`${url}/metrics`)).text();
        expect(text).toMatch(/hookgate_flow_budget_left\{mapping="alerts",kind="runs"\} 0\n/);
      }
      const shown = await cli("runs", "show", second, "--config", config);
      expect(shown.out).toMatch(/held: its mapping's run budget \(1\/30d\) was reached; starts at \d{4}-/);
      expect((await s.listRuns({ limit: 10 })).map((r) => r.id).sort()).toEqual([first, second].sort());

      for (const c of [a.child, b.child]) c.proc.kill("SIGTERM");
      expect(await a.child.exited).toBe(0);
      expect(await b.child.exited).toBe(0);
    },
    WAIT_MS * 2,
  );

  it(
    "hookgate worker runs what ingress-only instances take in, and stops cleanly",
    async () => {
      const config = writeConfig();
      const ingress = await serve(config, "--no-worker");
      const worker = runCli(["worker", "--config", config], { env });
      children.push(worker);
      await waitFor(() => (worker.stdout().includes("worker ready") ? true : undefined), WAIT_MS);
      expect(worker.stdout()).toContain(`schema ${schema}`);

      const r = await post(ingress.url, "/agent", { message: "summarise the incident", deliver: false });
      expect(r.status).toBe(202);
      const { runId } = (await r.json()) as { runId: string };
      const s = await store();
      const run = await waitFor(async () => {
        const found = await s.getRun(runId);
        return found?.status === "succeeded" ? found : undefined;
      }, WAIT_MS);
      expect(run.reply).toMatch(/^echo: /);
      // The run's summary reached the main session, and the worker (holding the heartbeat lease) ran
      // the heartbeat its wakeMode asked for.
      await waitFor(async () => ((await s.listHeartbeats(5)).length > 0 ? true : undefined), WAIT_MS);

      // SIGHUP reloads its config (a broken one is refused and the running one kept).
      writeFileSync(config, "hooks: [not, an, object]\n", { flag: "a" });
      worker.proc.kill("SIGHUP");
      await waitFor(
        () => (worker.stderr().includes("configuration not reloaded") ? true : undefined),
        WAIT_MS,
      );
      writeConfig();
      worker.proc.kill("SIGHUP");
      await waitFor(
        () => (worker.stderr().includes('"msg":"configuration reloaded"') ? true : undefined),
        WAIT_MS,
      );
      expect(worker.proc.exitCode).toBeNull();

      worker.proc.kill("SIGTERM");
      expect(await worker.exited).toBe(0);
      ingress.child.proc.kill("SIGTERM");
      expect(await ingress.child.exited).toBe(0);
    },
    WAIT_MS * 2,
  );
});
