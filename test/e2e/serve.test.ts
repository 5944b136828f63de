// `hookgate serve` as a child process: the listening line, graceful stop, the built-in default config,
// and a crash in the middle of accepting runs.
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SqliteStore } from "../../src/store/sqlite/store.js";
import { type Child, listeningUrl, runCli, waitFor } from "../helpers/child.js";

const TOKEN = "e2e-token-0123456789abcdefghij";
const children: Child[] = [];

function start(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Child {
  const c = runCli(args, opts);
  children.push(c);
  return c;
}

afterEach(() => {
  for (const c of children.splice(0)) if (c.proc.exitCode === null) c.proc.kill("SIGKILL");
});

function writeConfig(dir: string, runner: string): string {
  const file = join(dir, "hookgate.yaml");
  writeFileSync(
    file,
    [
      "server: { host: 127.0.0.1, port: 0 }",
      "hooks:",
      "  enabled: true",
      `  token: ${TOKEN}`,
      "agents:",
      "  defaults: { maxConcurrentRuns: 4 }",
      "  list:",
      "    - id: main",
      "      default: true",
      runner,
      'heartbeat: { every: "0" }',
      "store: { path: state.db }",
      "",
    ].join("\n"),
  );
  return file;
}

const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}/hooks${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("hookgate serve", () => {
  it("prints its address, serves, and exits 0 on SIGTERM", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hookgate-e2e-"));
    const config = writeConfig(dir, "      runner: { kind: echo }");
    const child = start(["serve", "--config", config, "--port", "0"]);
    const url = await listeningUrl(child);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const r = await post(url, "/wake", { text: "hello" });
    expect(r.status).toBe(200);
    child.proc.kill("SIGTERM");
    expect(await child.exited).toBe(0);
    expect(child.stderr()).not.toContain(TOKEN);
  });

  it("on a port in use, says whether a hookgate or another program listens there, and what to do", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hookgate-e2e-"));
    const config = writeConfig(dir, "      runner: { kind: echo }");
    const first = start(["serve", "--config", config, "--port", "0"]);
    const port = new URL(await listeningUrl(first)).port;
    const second = start(["serve", "--config", config, "--port", port]);
    expect(await second.exited).toBe(1);
    expect(second.stdout()).toBe("");
    expect(second.stderr()).toBe(
      `hookgate serve: 127.0.0.1:${port} is taken by a hookgate server already running (pid ${first.proc.pid}, ${join(dir, "hookgate.pid")}): stop it first, reload its config in place with hookgate reload, or start this one on another port (--port or server.port)\n`,
    );
    first.proc.kill("SIGTERM");
    expect(await first.exited).toBe(0);

    // Something else on the port: a plain HTTP server.
    const other = createServer((_req, res) => res.writeHead(404).end("not here"));
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    try {
      const taken = String((other.address() as AddressInfo).port);
      const third = start(["serve", "--config", config, "--port", taken]);
      expect(await third.exited).toBe(1);
      expect(third.stderr()).toBe(
        `hookgate serve: 127.0.0.1:${taken} is taken by another program (not a hookgate server: it does not answer GET /healthz as one): stop it, or start hookgate on another port (--port or server.port)\n`,
      );
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it("runs on the built-in default with no config file, generating and keeping a token", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "hookgate-default-"));
    const env = { HOOKGATE_TOKEN: "" };
    const first = start(["serve", "--port", "0"], { cwd, env });
    const url = await listeningUrl(first);
    // The notice follows the address and may reach the pipe in a later chunk on a busy machine.
    await waitFor(() => (first.stdout().includes("Authorization: Bearer ") ? true : undefined));
    const token = /generated and saved.*: (\S+)/.exec(first.stdout())?.[1];
    expect(token).toBeDefined();
    expect(first.stdout()).toContain(`Authorization: Bearer ${token}`);
    const tokenFile = join(cwd, ".hookgate", "token");
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    expect(existsSync(join(cwd, ".hookgate", "state.db"))).toBe(true);

    const mail = await fetch(`${url}/hooks/gmail`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        messages: [{ id: "m1", from: "a@example.com", subject: "Hi", snippet: "Hello", body: "Hello" }],
      }),
    });
    expect(mail.status).toBe(202);
    first.proc.kill("SIGTERM");
    expect(await first.exited).toBe(0);

    const second = start(["serve", "--port", "0"], { cwd, env });
    const url2 = await listeningUrl(second);
    expect(second.stdout()).not.toContain("generated");
    const again = await fetch(`${url2}/hooks/wake`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ text: "still the same token" }),
    });
    expect(again.status).toBe(200);
  });

  // 200 runs through a child-process runner, twice started: minutes on a machine whose cores are busy.
  const CRASH_WAIT_MS = 180_000;

  it(
    "loses no acknowledged run when killed with SIGKILL mid-way",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "hookgate-crash-"));
      const doneLog = join(dir, "done.log");
      writeFileSync(
        join(dir, "runner.mjs"),
        [
          'import { appendFileSync } from "node:fs";',
          "let input = '';",
          "process.stdin.on('data', (d) => { input += d; });",
          "process.stdin.on('end', () => setTimeout(() => {",
          `  appendFileSync(${JSON.stringify(doneLog)}, process.env.HOOKGATE_RUN_ID + "\\n");`,
          "  process.stdout.write('done ' + input.length);",
          "}, 20));",
          "",
        ].join("\n"),
      );
      const config = writeConfig(
        dir,
        `      runner: { kind: command, command: [${JSON.stringify(process.execPath)}, runner.mjs] }`,
      );

      const first = start(["serve", "--config", config]);
      const url = await listeningUrl(first);
      const accepted: string[] = [];
      let sent = 0;
      const sender = async () => {
        while (sent < 200) {
          sent++;
          try {
            const r = await post(url, "/agent", { message: `job ${sent}`, deliver: false });
            if (r.status === 202) accepted.push(((await r.json()) as { runId: string }).runId);
            if (accepted.length === 100) first.proc.kill("SIGKILL");
          } catch {
            // The server is gone: whatever did not get a 202 was not promised.
            return;
          }
        }
      };
      await Promise.all(Array.from({ length: 8 }, sender));
      expect(await first.exited).toBe("SIGKILL");
      expect(accepted.length).toBeGreaterThanOrEqual(100);

      const second = start(["serve", "--config", config]);
      await listeningUrl(second);
      const store = new SqliteStore(join(dir, "state.db"));
      await store.open();
      try {
        const runs = await waitFor(async () => {
          const all = await Promise.all(accepted.map((id) => store.getRun(id)));
          return all.every((r) => r && r.status !== "queued" && r.status !== "running") ? all : undefined;
        }, CRASH_WAIT_MS);
        // Every acknowledged run is there and finished successfully: none lost.
        expect(runs.map((r) => r?.status)).toEqual(accepted.map(() => "succeeded"));
        // Each acknowledged run has exactly one record: recovery re-queued it, it did not copy it.
        const listed = (await store.listRuns({ limit: 100_000 })).map((r) => r.id);
        for (const id of accepted) expect(listed.filter((x) => x === id)).toHaveLength(1);
        // The runner saw every acknowledged run. Only a run that was in flight at the kill may have
        // reached its runner a second time (delivery to runners is at-least-once): at most
        // maxConcurrentRuns of them.
        const seen = readFileSync(doneLog, "utf8")
          .split("\n")
          .filter((id) => id !== "" && id !== "undefined");
        for (const id of accepted) expect(seen).toContain(id);
        expect(seen.length - new Set(seen).size).toBeLessThanOrEqual(4);
      } finally {
        await store.close();
      }
      second.proc.kill("SIGTERM");
      expect(await second.exited).toBe(0);
      // The test's own limit stays above its inner wait, so a slow machine fails with the wait's message.
    },
    CRASH_WAIT_MS + 120_000,
  );
});
