// Runs handed to an agent: `/agent` accepted by a real `hookgate serve`, then forwarded by the openclaw
// runner to a local agent that answers like a gateway (200 {ok, runId}), or by the a2a runner to a
// local agent that answers SendMessage with a completed task at once, against the same runs on the
// built-in echo runner (no network) in the same server, rounds interleaved. A round sends a fixed
// number of runs and ends when the last one is finished: the figure is runs per second end to end
// (accept, store, claim, run, record), and the server's CPU per run; the difference between the two
// rows' CPU is what forwarding a run costs.

import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { CLI, cpuMsOf, load, round, startChild } from "./lib.mjs";

const TOKEN = "bench-token-0123456789abcdefghijkl";
const GATEWAY_TOKEN = "bench-gateway-token-0123456789abcdef";

/**
 * A local agent answering at once: like an OpenClaw gateway's /hooks/agent, and on /a2a like an A2A
 * agent's JSON-RPC endpoint (SendMessage → a completed task with one text artifact).
 */
function startAgent() {
  let n = 0;
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json" });
      if (req.url !== "/a2a") {
        res.end(`{"ok":true,"runId":"bench-${n++}"}`);
        return;
      }
      const { id, params } = JSON.parse(raw);
      const task = {
        id: `bench-${n++}`,
        contextId: params.message.contextId,
        status: { state: "TASK_STATE_COMPLETED" },
        artifacts: [{ artifactId: "reply", parts: [{ text: "ok" }] }],
      };
      res.end(JSON.stringify({ jsonrpc: "2.0", id, result: { task } }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}`, server }),
    ),
  );
}

const config = (agentUrl) => `
server: { host: 127.0.0.1, port: 0, logLevel: warn }
hooks: { enabled: true, token: ${TOKEN} }
agents:
  defaults: { maxConcurrentRuns: 8 }
  list:
    - { id: main, default: true, runner: { kind: echo } }
    - { id: gw, runner: { kind: openclaw, url: "${agentUrl}", token: ${GATEWAY_TOKEN} } }
    - { id: a2a, runner: { kind: a2a, url: "${agentUrl}/a2a" } }
heartbeat: { every: "0" }
store: { path: state.db }
`;

/** Finished runs of one runner kind, from /metrics. */
async function finished(url, runner) {
  const text = await (await fetch(`${url}/metrics`)).text();
  let total = 0;
  for (const line of text.split("\n")) {
    if (line.startsWith("hookgate_runner_runs_total{") && line.includes(`runner="${runner}"`)) {
      total += Number(line.slice(line.lastIndexOf(" ") + 1));
    }
  }
  return total;
}

const targets = {
  echo: { name: "(u) /agent run on the echo runner (no network)", agentId: "main", runner: "echo" },
  openclaw: {
    name: "(v) /agent run forwarded by the openclaw runner to a local agent",
    agentId: "gw",
    runner: "openclaw",
  },
  a2a: {
    name: "(x) /agent run forwarded by the a2a runner to a local agent",
    agentId: "a2a",
    runner: "a2a",
  },
};

export async function bench({ quick = false } = {}) {
  const runs = quick ? 600 : 2000;
  const rounds = 2;
  const agent = await startAgent();
  const dir = mkdtempSync(join(tmpdir(), "hookgate-bench-runners-"));
  const file = join(dir, "hookgate.yaml");
  writeFileSync(file, config(agent.url));
  const hg = await startChild([CLI, "serve", "--config", file]);
  const results = { echo: [], openclaw: [], a2a: [] };
  try {
    for (let r = 0; r < rounds; r++) {
      for (const key of r % 2 === 0 ? ["echo", "openclaw", "a2a"] : ["a2a", "openclaw", "echo"]) {
        const t = targets[key];
        const before = await finished(hg.url, t.runner);
        const cpuBefore = cpuMsOf(hg.proc.pid);
        const started = performance.now();
        const res = await load({
          url: hg.url,
          path: "/hooks/agent",
          headers: { authorization: `Bearer ${TOKEN}` },
          body: (n) => ({
            message: `Build ${n} of api failed on main`,
            name: "CI",
            agentId: t.agentId,
            deliver: false,
          }),
          connections: 20,
          amount: runs,
        });
        const bad = res.non2xx + res.errors + res.timeouts;
        if (bad > 0) throw new Error(`${t.name}: ${bad} failed requests of ${res.requests.total}`);
        while ((await finished(hg.url, t.runner)) - before < runs) await sleep(20);
        const seconds = (performance.now() - started) / 1000;
        const cpuUs = ((cpuMsOf(hg.proc.pid) - cpuBefore) * 1000) / runs;
        results[key].push({ rps: runs / seconds, cpuUs });
      }
    }
  } finally {
    await hg.stop();
    agent.server.close();
  }
  const avg = (xs, f) => xs.reduce((s, x) => s + f(x), 0) / xs.length;
  const rps = (key) => avg(results[key], (x) => x.rps);
  const cpu = (key) => avg(results[key], (x) => x.cpuUs);
  const rows = [];
  for (const key of ["echo", "openclaw", "a2a"]) {
    rows.push({
      group: "runners",
      name: `${targets[key].name}, runs/s end to end`,
      value: Math.round(rps(key)),
      unit: "runs/s",
      ratio: round(rps(key) / rps("echo"), 3),
      baseline: targets.echo.name,
    });
    rows.push({
      group: "runners",
      name: `${targets[key].name}, server CPU per run`,
      value: round(cpu(key), 1),
      unit: "µs",
      ratio: round(cpu(key) / cpu("echo"), 3),
      baseline: targets.echo.name,
    });
  }
  rows.push({
    group: "runners",
    name: "(w) the forward's own CPU per run: (v) minus (u)",
    value: round(cpu("openclaw") - cpu("echo"), 1),
    unit: "µs",
    ratio: round(cpu("openclaw") / cpu("echo"), 3),
    baseline: targets.echo.name,
  });
  rows.push({
    group: "runners",
    name: "(y) the a2a forward's own CPU per run: (x) minus (u)",
    value: round(cpu("a2a") - cpu("echo"), 1),
    unit: "µs",
    ratio: round(cpu("a2a") / cpu("echo"), 3),
    baseline: targets.echo.name,
  });
  return { rows };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const quick = process.argv.includes("--quick");
  for (const row of (await bench({ quick })).rows)
    console.log(`${row.name}: ${row.value} ${row.unit} (×${row.ratio})`);
}
