// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${file:...} in config text is the syntax under test.
// Reload in place with `hookgate serve` as a child process: SIGHUP under continuous traffic, an
// invalid config, a restart-only change, a rotated secret file with `hookgate reload`, serve --watch.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { afterEach, describe, expect, it } from "vitest";
import { SqliteStore } from "../../src/store/sqlite/store.js";
import { type Child, listeningUrl, runCli } from "../helpers/child.js";

const TOKEN = "e2e-reload-token-0123456789abcdef";
const children: Child[] = [];

function start(args: string[]): Child {
  const c = runCli(args);
  children.push(c);
  return c;
}

afterEach(() => {
  for (const c of children.splice(0)) if (c.proc.exitCode === null) c.proc.kill("SIGKILL");
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "hookgate-e2e-reload-"));
  mkdirSync(join(dir, "hooks", "transforms"), { recursive: true });
  // Config A's answer comes from a sandboxed transform: its worker must outlive a swap until drained.
  writeFileSync(
    join(dir, "hooks", "transforms", "a.js"),
    'export default ({ payload }) => ({ text: "A " + payload.i });\n',
  );
  return dir;
}

const common = (token: string, port = 0) => [
  `server: { host: 127.0.0.1, port: ${port} }`,
  "hooks:",
  "  enabled: true",
  `  token: ${token}`,
  "  transformLimits: { workers: 1 }",
  "  rules: [rules.yaml]",
  "agents:",
  "  defaults: { maxConcurrentRuns: 4 }",
  'heartbeat: { every: "0" }',
  "store: { path: state.db }",
  "",
];

/** A answers 200 with a `now` wake whose text a transform builds; B answers 202 with an agent run. */
const RULES_A = [
  "mappings:",
  "  - id: probe-a",
  "    match: { path: probe }",
  "    action: wake",
  "    wakeMode: now",
  "    transform: { module: a.js }",
  "",
].join("\n");
const RULES_B = [
  "mappings:",
  "  - id: probe-b",
  "    match: { path: probe }",
  "    action: agent",
  "    name: B",
  '    messageTemplate: "B {{i}}"',
  "    deliver: false",
  "",
].join("\n");

function writeSetup(dir: string, rules: string, opts: { token?: string; port?: number } = {}): string {
  const file = join(dir, "hookgate.yaml");
  writeFileSync(file, common(opts.token ?? TOKEN, opts.port).join("\n"));
  writeFileSync(join(dir, "rules.yaml"), rules);
  return file;
}

const post = (url: string, body: unknown, token = TOKEN) =>
  fetch(`${url}/hooks/probe`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

interface Health {
  ok: boolean;
  config: {
    generation: number;
    lastReload?: { attempt: number; ok: boolean; errors?: number; message?: string };
    needsRestart?: string[];
  };
}

const health = async (url: string): Promise<Health> =>
  (await fetch(`${url}/healthz`)).json() as Promise<Health>;

/** Log lines of the child's stderr, parsed. */
const logLines = (c: Child) =>
  c
    .stderr()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as { level: number; msg: string });

describe("hookgate serve: reload in place", () => {
  it("serves every request from exactly one of two configs through 20 SIGHUP reloads, losing nothing", async () => {
    const dir = folder();
    const config = writeSetup(dir, RULES_A);
    const child = start(["serve", "--config", config]);
    const url = await listeningUrl(child);

    interface Answer {
      i: number;
      sentAt: number;
      status: number;
      body: { ok?: boolean; mode?: string; runId?: string } | string;
    }
    const answers: Answer[] = [];
    let next = 0;
    let stop = false;
    const sender = async () => {
      while (!stop) {
        const i = next++;
        const sentAt = performance.now();
        try {
          const r = await post(url, { i });
          const text = await r.text();
          let body: Answer["body"] = text;
          try {
            body = JSON.parse(text) as Answer["body"];
          } catch {}
          answers.push({ i, sentAt, status: r.status, body });
        } catch (err) {
          answers.push({ i, sentAt, status: 0, body: String(err) });
        }
      }
    };
    const kind = (a: Answer): "A" | "B" | "neither" => {
      const b = a.body;
      if (typeof b === "string" || b.ok !== true) return "neither";
      if (a.status === 200 && b.mode === "now" && b.runId === undefined) return "A";
      if (a.status === 202 && typeof b.runId === "string" && b.mode === undefined) return "B";
      return "neither";
    };
    const senders = Array.from({ length: 3 }, sender);

    for (let k = 1; k <= 20; k++) {
      const expected = k % 2 === 1 ? "B" : "A";
      writeFileSync(join(dir, "rules.yaml"), expected === "B" ? RULES_B : RULES_A);
      child.proc.kill("SIGHUP");
      await expect.poll(async () => (await health(url)).config.generation).toBe(k + 1);
      // Every request sent from now on is answered by the new config; wait for one to prove it.
      const swappedAt = performance.now();
      await expect
        .poll(() => answers.find((a) => a.sentAt > swappedAt && kind(a) === expected) !== undefined)
        .toBe(true);
      expect(answers.filter((a) => a.sentAt > swappedAt && kind(a) !== expected)).toEqual([]);
    }
    stop = true;
    await Promise.all(senders);

    // Every answer is exactly one config's, and none failed.
    expect(answers.filter((a) => kind(a) === "neither")).toEqual([]);
    const a = answers.filter((x) => kind(x) === "A");
    const b = answers.filter((x) => kind(x) === "B");
    expect(a.length).toBeGreaterThan(10);
    expect(b.length).toBeGreaterThan(10);
    expect((await health(url)).config).toMatchObject({
      generation: 21,
      lastReload: { attempt: 20, ok: true },
    });

    // Nothing acknowledged is lost: every wake's text and every run are in the store.
    const store = new SqliteStore(join(dir, "state.db"), { readonly: true });
    await store.open();
    try {
      const texts = new Set(
        (await store.listEvents({ limit: 1_000_000, pendingOnly: false })).map((e) => e.text),
      );
      expect(a.filter((x) => !texts.has(`A ${x.i}`)).map((x) => x.i)).toEqual([]);
      const runs = await Promise.all(b.map((x) => store.getRun((x.body as { runId: string }).runId)));
      expect(runs.filter((r) => r === null)).toEqual([]);
      expect(runs.every((r, n) => r?.message.includes(`B ${b[n]!.i}`))).toBe(true);
    } finally {
      await store.close();
    }
    child.proc.kill("SIGTERM");
    expect(await child.exited).toBe(0);
    // The transform workers of the 10 replaced A generations were ended once drained (read after the
    // exit: log lines are written in batches, the last ones at exit).
    expect(logLines(child).filter((l) => l.level >= 50)).toEqual([]);
  }, 240_000);

  it("keeps the old config serving when the new one is invalid, visibly, until a good one loads", async () => {
    const dir = folder();
    const config = writeSetup(dir, RULES_A);
    const child = start(["serve", "--config", config]);
    const url = await listeningUrl(child);

    writeFileSync(join(dir, "rules.yaml"), RULES_B.replace('"B {{i}}"', '"B {{i}"'));
    child.proc.kill("SIGHUP");
    await expect.poll(async () => (await health(url)).config.lastReload?.ok).toBe(false);
    const h = await health(url);
    expect(h.ok).toBe(true);
    expect(h.config).toMatchObject({
      generation: 1,
      lastReload: {
        attempt: 1,
        errors: 1,
        message: "the last reload failed with 1 error (listed in the server log); generation 1 keeps serving",
      },
    });
    // The old rules answer; the log names the problem's place as validate would.
    expect((await post(url, { i: 1 })).status).toBe(200);
    // Log lines are written in batches (within 100 ms): wait for them.
    const errors = () =>
      logLines(child)
        .filter((l) => l.level === 50)
        .map((l) => l.msg);
    await expect
      .poll(errors)
      .toEqual([
        expect.stringMatching(
          /rules\.yaml:6:\d+: \S*rules\.yaml mappings\[0\]\.messageTemplate: .*never closed/,
        ),
        "configuration reload failed with 1 error; generation 1 keeps serving",
      ]);

    writeFileSync(join(dir, "rules.yaml"), RULES_B);
    child.proc.kill("SIGHUP");
    await expect.poll(async () => (await health(url)).config.lastReload?.ok).toBe(true);
    expect((await health(url)).config.generation).toBe(2);
    expect((await post(url, { i: 2 })).status).toBe(202);
  });

  it("keeps listening on the old port when SIGHUP brings a new server.port, and says so", async () => {
    const dir = folder();
    const config = writeSetup(dir, RULES_A);
    const child = start(["serve", "--config", config]);
    const url = await listeningUrl(child);

    // Port 1 is never free for an unprivileged server; the old one must stay.
    writeSetup(dir, RULES_B, { port: 1 });
    child.proc.kill("SIGHUP");
    await expect.poll(async () => (await health(url)).config.generation).toBe(2);
    expect((await health(url)).config.needsRestart).toEqual(["server.port"]);
    await expect
      .poll(() => logLines(child).map((l) => l.msg))
      .toContain(
        "server.port changed in the config (0 → 1) but needs a restart to take effect; the running value stays",
      );
    // The other changes are in effect, on the old port.
    expect((await post(url, { i: 1 })).status).toBe(202);
  });

  it("puts a secret rotated in its file into effect on hookgate reload: old token 401, new token 200", async () => {
    const dir = folder();
    mkdirSync(join(dir, "secrets"));
    const secret = join(dir, "secrets", "hook_token");
    writeFileSync(secret, `${TOKEN}\n`);
    chmodSync(secret, 0o600);
    const config = writeSetup(dir, RULES_A, { token: "${file:secrets/hook_token}" });
    const child = start(["serve", "--config", config]);
    const url = await listeningUrl(child);
    expect((await post(url, { i: 1 })).status).toBe(200);

    const rotated = "rotated-token-fedcba9876543210xyz";
    writeFileSync(secret, `${rotated}\n`);
    const reload = runCli(["reload", "--config", config]);
    expect(await reload.exited).toBe(0);
    expect(reload.stdout()).toBe("reloaded: generation 2 serves new requests\n");

    expect((await post(url, { i: 2 })).status).toBe(401);
    expect((await post(url, { i: 3 }, rotated)).status).toBe(200);
    // The pid file is the server's and is gone after a clean stop.
    expect(readFileSync(join(dir, "hookgate.pid"), "utf8")).toBe(`${child.proc.pid}\n`);
    child.proc.kill("SIGTERM");
    expect(await child.exited).toBe(0);
    // Neither token ever reaches the log (read after the exit, when every batched line is written).
    expect(child.stderr()).not.toContain(TOKEN);
    expect(child.stderr()).not.toContain(rotated);
    const after = runCli(["reload", "--config", config]);
    expect(await after.exited).toBe(1);
    expect(after.stderr()).toMatch(/no server is running: .*hookgate\.pid does not exist/);
  });

  it("validate says when the running server reloads with another environment, and which variable it lacks", async () => {
    const dir = folder();
    const config = writeSetup(dir, RULES_A, { token: "${HOOKGATE_TEST_KNOWN_TOKEN}" });
    const child = runCli(["serve", "--config", config], { env: { HOOKGATE_TEST_KNOWN_TOKEN: TOKEN } });
    children.push(child);
    await listeningUrl(child);
    const pid = child.proc.pid;
    const validate = async (env: NodeJS.ProcessEnv) => {
      const c = runCli(["validate", "--config", config], {
        cwd: dir,
        env: { HOOKGATE_TEST_KNOWN_TOKEN: TOKEN, ...env },
      });
      children.push(c);
      return { code: await c.exited, out: c.stdout(), err: c.stderr() };
    };
    const same = await validate({});
    expect(same.code).toBe(0);
    expect(same.err).toBe(
      `hookgate.yaml: notice: the server running this config (pid ${pid}) reloads it with the environment it started with, not this shell's (HOOKGATE_TEST_KNOWN_TOKEN): a value changed here is not seen there; for one that changes, write it to a file and use \${file:PATH}\n`,
    );

    // A new variable, set in this shell only.
    writeFileSync(
      join(dir, "rules.yaml"),
      `${RULES_A}  - id: signed\n    match: { path: signed }\n    action: wake\n    textTemplate: signed\n    verify: { scheme: github, secret: "\${HOOKGATE_TEST_NEW_SECRET}" }\n`,
    );
    const added = await validate({ HOOKGATE_TEST_NEW_SECRET: "new-webhook-secret" });
    expect(added.code).toBe(0);
    expect(added.out).toContain("valid");
    expect(added.err).toBe(
      `hookgate.yaml: notice: the server running this config (pid ${pid}) started without HOOKGATE_TEST_NEW_SECRET, which this shell sets, so its reload would fail: write the value to a file and use \${file:PATH}, or restart the server with it\n`,
    );
    // As said: the reload fails on it.
    const reload = runCli(["reload", "--config", config], {
      env: { HOOKGATE_TEST_NEW_SECRET: "new-webhook-secret" },
    });
    children.push(reload);
    expect(await reload.exited).toBe(1);
    expect(reload.stderr()).toContain("environment variable HOOKGATE_TEST_NEW_SECRET is not set");

    child.proc.kill("SIGTERM");
    expect(await child.exited).toBe(0);
    const stopped = await validate({ HOOKGATE_TEST_NEW_SECRET: "new-webhook-secret" });
    expect(stopped).toMatchObject({ code: 0, err: "" });
  });

  it("reports a failed reload through hookgate reload with every problem, exit 1", async () => {
    const dir = folder();
    const config = writeSetup(dir, RULES_A);
    const child = start(["serve", "--config", config]);
    await listeningUrl(child);
    writeFileSync(join(dir, "rules.yaml"), RULES_A.replace("wakeMode: now", "wakeMode: later"));
    const reload = runCli(["reload", "--config", config]);
    expect(await reload.exited).toBe(1);
    const lines = reload.stderr().trim().split("\n");
    expect(lines).toEqual([
      expect.stringMatching(
        /rules\.yaml:5:\d+: mappings\[0\]\.wakeMode: expected one of "now", "next-heartbeat"/,
      ),
      "hookgate reload: reload failed with 1 error; generation 1 keeps serving",
    ]);
  });

  it("serve --watch reloads when a rule file is edited", async () => {
    const dir = folder();
    const config = writeSetup(dir, RULES_A);
    const child = start(["serve", "--config", config, "--watch"]);
    const url = await listeningUrl(child);
    expect((await post(url, { i: 1 })).status).toBe(200);

    writeFileSync(join(dir, "rules.yaml"), RULES_B);
    await expect.poll(async () => (await post(url, { i: 2 })).status).toBe(202);
    expect((await health(url)).config.generation).toBe(2);
    // A transform is watched too.
    writeFileSync(join(dir, "hooks", "transforms", "a.js"), 'export default () => ({ text: "A2" });\n');
    await expect.poll(async () => (await health(url)).config.generation).toBe(3);
  });
});
