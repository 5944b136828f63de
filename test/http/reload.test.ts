// Reload in place, in-process over real sockets: a request in flight finishes on the generation it
// started with (its transform too), the old generation goes once it is done, the lockout survives,
// and the runtime takes the new config for the next run.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { createLogger } from "../../src/log.js";
import { type RunningServer, startServer } from "../../src/server.js";

const TOKEN = "reload-token-0123456789abcdefgh";
const servers: RunningServer[] = [];

afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** Config A: a wake built by a transform, mode `now`. */
const configA = (extra = "") =>
  [
    "server: { host: 127.0.0.1, port: 0 }",
    "hooks:",
    "  enabled: true",
    `  token: ${TOKEN}`,
    "  authFailures: { max: 3, windowSeconds: 600, lockSeconds: 600 }",
    "  transformLimits: { workers: 1 }",
    "  mappings:",
    "    - id: probe",
    "      match: { path: probe }",
    "      action: wake",
    "      wakeMode: now",
    "      transform: { module: a.js }",
    'heartbeat: { every: "0" }',
    "store: { path: state.db }",
    extra,
    "",
  ].join("\n");

/** Config B: a template-built wake, mode `next-heartbeat`, and a command runner that says B. */
const configB = () =>
  [
    "server: { host: 127.0.0.1, port: 0 }",
    "hooks:",
    "  enabled: true",
    `  token: ${TOKEN}`,
    "  authFailures: { max: 3, windowSeconds: 600, lockSeconds: 600 }",
    "  mappings:",
    "    - id: probe",
    "      match: { path: probe }",
    "      action: wake",
    "      wakeMode: next-heartbeat",
    '      textTemplate: "B {{i}}"',
    "agents:",
    "  list:",
    "    - id: main",
    "      default: true",
    `      runner: { kind: command, command: [${JSON.stringify(process.execPath)}, -e, "process.stdout.write('reply from B')"] }`,
    'heartbeat: { every: "0" }',
    "store: { path: state.db }",
    "",
  ].join("\n");

async function startFrom(yaml: string) {
  const dir = mkdtempSync(join(tmpdir(), "hookgate-reload-"));
  mkdirSync(join(dir, "hooks", "transforms"), { recursive: true });
  writeFileSync(
    join(dir, "hooks", "transforms", "a.js"),
    'export default ({ payload }) => ({ text: "A " + payload.i });\n',
  );
  const file = join(dir, "hookgate.yaml");
  writeFileSync(file, yaml);
  const load = () => loadConfig({ file, cwd: dir, env: {} });
  const logs: string[] = [];
  const log = createLogger("info", { write: (line: string) => void logs.push(line) });
  const server = await startServer({ config: (await load()).config, log, loadConfig: load });
  servers.push(server);
  const post = (path: string, body: unknown, token = TOKEN) =>
    fetch(`${server.url}/hooks/${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  return { server, file, logs, post };
}

/** A POST whose body is sent in two parts: the second when `finish()` is called. */
function splitRequest(url: string, body: string) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let text = "";
  socket.setEncoding("utf8");
  socket.on("data", (d) => {
    text += d;
  });
  const answered = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
      if (Number.isNaN(status)) reject(new Error(`no answer: ${text}`));
      else resolve({ status, body: JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4)) });
    });
  });
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST /hooks/probe HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer ${TOKEN}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
  );
  return { finish: () => socket.write(body.slice(half)), answered };
}

describe("reload in place", () => {
  it("lets a request in flight finish on its generation, transform included, then disposes that one", async () => {
    const { server, file, post } = await startFrom(configA());
    expect(await (await post("probe", { i: 0 })).json()).toMatchObject({ ok: true, mode: "now" });

    const inFlight = splitRequest(server.url, JSON.stringify({ i: 1 }));
    await expect.poll(() => server.generations.pinned, { timeout: 20_000 }).toBe(1);

    writeFileSync(file, configB());
    const outcome = await server.reload("test");
    expect(outcome).toMatchObject({ ok: true, generation: 2, errors: [] });
    expect(server.generations.current.number).toBe(2);
    // The old generation waits for the request still reading its body.
    expect(server.generations.drainingCount).toBe(1);
    expect(await (await post("probe", { i: 2 })).json()).toMatchObject({ ok: true, mode: "next-heartbeat" });

    inFlight.finish();
    expect(await inFlight.answered).toEqual({
      status: 200,
      body: { ok: true, mode: "now", eventOutcome: "queued" },
    });
    await expect.poll(() => server.generations.drainingCount, { timeout: 20_000 }).toBe(0);

    const texts = (await server.runtime.store.listEvents({ limit: 10, pendingOnly: false })).map(
      (e) => e.text,
    );
    // The transform of generation 1 ran after generation 2 took over.
    expect(texts).toEqual(expect.arrayContaining(["A 0", "A 1", "B 2"]));
  });

  it("changes the log level when server.logLevel changes, and leaves the logger's own level alone otherwise", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hookgate-reload-level-"));
    const file = join(dir, "hookgate.yaml");
    const yaml = (level: string) =>
      `server: { host: 127.0.0.1, port: 0, logLevel: ${level} }\nhooks: { enabled: true, token: ${TOKEN} }\nheartbeat: { every: "0" }\nstore: { path: state.db }\n`;
    writeFileSync(file, yaml("info"));
    const load = () => loadConfig({ file, cwd: dir, env: {} });
    const logs: string[] = [];
    // A test's logger is silent whatever the file says.
    const log = createLogger("silent", { write: (line: string) => void logs.push(line) });
    const server = await startServer({ config: (await load()).config, log, loadConfig: load });
    servers.push(server);

    expect((await server.reload("same level")).ok).toBe(true);
    expect(log.level).toBe("silent");
    expect(logs).toEqual([]);

    writeFileSync(file, yaml("warn"));
    expect((await server.reload("quieter")).ok).toBe(true);
    expect(log.level).toBe("warn");
  });

  it("keeps the auth-failure lockout across a reload", async () => {
    const { server, post } = await startFrom(configA());
    for (let i = 0; i < 3; i++) expect((await post("probe", { i }, "wrong-token")).status).toBe(401);
    expect((await post("probe", { i: 3 }, "wrong-token")).status).toBe(429);
    expect((await server.reload("test")).ok).toBe(true);
    const after = await post("probe", { i: 4 }, "wrong-token");
    expect(after.status).toBe(429);
    expect(Number(after.headers.get("retry-after"))).toBeGreaterThan(500);
  });

  it("a reload that rotates hooks.token ends every console session; one that keeps it keeps them", async () => {
    const { server, file } = await startFrom(configA());
    const login = async (token: string) => {
      const r = await fetch(`${server.url}/console/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
        body: new URLSearchParams({ token }).toString(),
      });
      expect(r.status).toBe(303);
      return r.headers.get("set-cookie")!.split(";")[0]!;
    };
    const home = (cookie: string) =>
      fetch(`${server.url}/console`, { headers: { cookie }, redirect: "manual" }).then((r) => r.status);
    const cookie = await login(TOKEN);
    expect(await home(cookie)).toBe(200);
    expect((await server.reload("same token")).ok).toBe(true);
    expect(await home(cookie)).toBe(200);
    const rotated = "rotated-token-9876543210zyxwvu";
    writeFileSync(file, configA().replace(`token: ${TOKEN}`, `token: ${rotated}`));
    expect((await server.reload("rotate")).ok).toBe(true);
    // The old session now goes to the login page, and only the new token opens a new one.
    expect(await home(cookie)).toBe(303);
    expect(await home(await login(rotated))).toBe(200);
  });

  it("hands the new agents to the runtime: the next run uses the reloaded runner", async () => {
    const { server, file, post } = await startFrom(configA());
    const run = async () => {
      const res = await post("agent", { message: "hello" });
      expect(res.status).toBe(202);
      const { runId } = (await res.json()) as { runId: string };
      return expect
        .poll(async () => (await server.runtime.store.getRun(runId))?.reply, { timeout: 20_000 })
        .toBeDefined()
        .then(async () => (await server.runtime.store.getRun(runId))?.reply);
    };
    expect(await run()).toMatch(/^echo: /);
    writeFileSync(file, configB());
    expect((await server.reload("test")).ok).toBe(true);
    expect(await run()).toBe("reply from B");
  });

  it("keeps serving when the new config is invalid, and lists every problem with its place", async () => {
    const { server, file, logs, post } = await startFrom(configA());
    writeFileSync(
      file,
      configA("agents: { defaults: { timeoutSecs: 5 } }").replace("wakeMode: now", "wakeMode: soon"),
    );
    const outcome = await server.reload("test");
    expect(outcome.ok).toBe(false);
    expect(outcome.generation).toBe(1);
    const lines = logs.map((l) => JSON.parse(l) as { msg: string; level: number });
    const errors = lines.filter((l) => l.level === 50).map((l) => l.msg);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^hookgate\.yaml:11:\d+: hooks\.mappings\[0\]\.wakeMode: expected one of/),
        expect.stringMatching(/^hookgate\.yaml:15:\d+: agents\.defaults\.timeoutSecs: unknown key/),
        "configuration reload failed with 2 errors; generation 1 keeps serving",
      ]),
    );
    expect(await (await post("probe", { i: 1 })).json()).toMatchObject({ mode: "now" });
    expect(server.generations.health()).toMatchObject({
      generation: 1,
      lastReload: { ok: false, errors: 2 },
    });
  });
});
