// Flow control under an alert storm: 1,000 alerts over 50 keys (alert name and instance) sent in 10 s
// (100 a second) to a mapping without flow and to the same mapping with `coalesce`, counting the runs
// each stores; then ingress throughput with flow on vs off, at full load, each pair interleaved round
// by round: wakes (no run executes on either side, so the ratio is what coalescing costs the
// ingress), and agent runs (the side without flow also executes its runs with the echo runner).
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { CLI, cpuMsOf, load, round, startChild } from "./lib.mjs";

const TOKEN = "bench-token-0123456789abcdefghijkl";
const auth = { authorization: `Bearer ${TOKEN}` };
const KEYS = 50;

const mapping = (id, action, flow) => `
    - id: ${id}
      match: { path: ${id} }
      action: ${action}
      ${action === "wake" ? "wakeMode: next-heartbeat\n      textTemplate" : "deliver: false\n      messageTemplate"}: "{{alertname}} on {{instance}}: {{summary}}"${
        flow ? `\n      flow: { coalesce: { key: "{{alertname}}/{{instance}}", window: 2m } }` : ""
      }`;

function config() {
  const dir = mkdtempSync(join(tmpdir(), "hookgate-bench-flow-"));
  const file = join(dir, "hookgate.yaml");
  writeFileSync(
    file,
    `server: { host: 127.0.0.1, port: 0, logLevel: warn }
hooks:
  enabled: true
  token: ${TOKEN}
  mappings:${mapping("storm", "agent", false)}${mapping("storm-flow", "agent", true)}${mapping("wakes", "wake", false)}${mapping("wakes-flow", "wake", true)}
agents:
  list: [ { id: main, default: true, runner: { kind: echo } } ]
heartbeat: { every: "0" }
store: { path: state.db }
requestLog: { enabled: false }
`,
  );
  return { file, db: join(dir, "state.db") };
}

const alert = (n) => ({
  alertname: `Alert${n % 5}`,
  instance: `db-${Math.floor(n / 5) % (KEYS / 5)}`,
  summary: `value ${n}`,
});

/** `amount` requests at `rate` a second overall. */
function paced({ url, path, amount, rate }) {
  let n = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: url + path,
        method: "POST",
        connections: 10,
        amount,
        overallRate: rate,
        headers: { "content-type": "application/json", ...auth },
        requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(alert(n++)) }) }],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/**
 * Resolves once the server has no run queued or running (its /metrics), so that one side's runs,
 * still being executed after its load, do not run during the next side's load.
 */
async function drained(url, timeoutMs = 300_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const text = await (await fetch(`${url}/metrics`)).text();
    const depth = (queue) =>
      Number(new RegExp(`hookgate_queue_depth\\{queue="${queue}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
    if (depth("runs_queued") + depth("runs_running") === 0) return;
    if (Date.now() > until) throw new Error(`runs still queued after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function runsOf(db, mappingId) {
  const out = execFileSync(process.execPath, [CLI, "runs", "--store", db, "--json", "--limit", "100000"], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  return JSON.parse(out).filter((r) => r.mappingId === mappingId).length;
}

export async function bench({ quick = false } = {}) {
  const duration = quick ? 3 : 10;
  const rows = [];
  // The storm: a fresh server per side, so that each store holds only its own runs.
  const storm = {};
  for (const id of ["storm", "storm-flow"]) {
    const { file, db } = config();
    const server = await startChild([CLI, "serve", "--config", file]);
    try {
      const res = await paced({ url: server.url, path: `/hooks/${id}`, amount: 1000, rate: 100 });
      if (res.non2xx + res.errors > 0) throw new Error(`${id}: ${res.non2xx + res.errors} failed requests`);
    } finally {
      await server.stop();
    }
    storm[id] = runsOf(db, id);
  }
  rows.push({
    group: "flow",
    name: "alert storm (1,000 alerts, 50 keys, 10 s): runs stored without flow",
    value: storm.storm,
    unit: "runs",
  });
  rows.push({
    group: "flow",
    name: "alert storm: runs stored with coalesce (2m window)",
    value: storm["storm-flow"],
    unit: "runs",
    ratio: round(storm["storm-flow"] / storm.storm, 3),
    baseline: "runs stored without flow",
    target: "<= 50 runs",
  });

  // Throughput, flow on vs off: one server, the pairs interleaved, two rounds.
  const { file } = config();
  const server = await startChild([CLI, "serve", "--config", file]);
  const rps = { storm: [], "storm-flow": [], wakes: [], "wakes-flow": [] };
  // The server's CPU time per request over each load (for agent runs without flow, also the runs it
  // executed meanwhile): what the load of the machine moves least.
  const cpu = { storm: [], "storm-flow": [], wakes: [], "wakes-flow": [] };
  try {
    for (let r = 0; r < 2; r++) {
      const order =
        r % 2 === 0
          ? ["wakes", "wakes-flow", "storm", "storm-flow"]
          : ["storm-flow", "storm", "wakes-flow", "wakes"];
      for (const id of order) {
        await drained(server.url);
        const before = cpuMsOf(server.proc.pid);
        const res = await load({
          url: server.url,
          path: `/hooks/${id}`,
          headers: auth,
          body: alert,
          duration,
        });
        if (res.non2xx + res.errors + res.timeouts > 0) throw new Error(`${id}: failed requests`);
        rps[id].push(res.requests.average);
        cpu[id].push(((cpuMsOf(server.proc.pid) - before) * 1000) / res.requests.total);
      }
    }
  } finally {
    await server.stop();
  }
  const avg = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
  for (const [off, on, what] of [
    ["wakes", "wakes-flow", "mapped wake"],
    ["storm", "storm-flow", "mapped agent run"],
  ]) {
    rows.push({
      group: "flow",
      name: `${what} without flow req/s`,
      value: Math.round(avg(rps[off])),
      unit: "req/s",
    });
    rows.push({
      group: "flow",
      name: `${what} with coalesce req/s`,
      value: Math.round(avg(rps[on])),
      unit: "req/s",
      ratio: round(avg(rps[on]) / avg(rps[off]), 3),
      baseline: `${what} without flow`,
      target: "ratio >= 0.9",
    });
    rows.push({
      group: "flow",
      name: `${what} without flow, server CPU per request`,
      value: round(avg(cpu[off]), 1),
      unit: "µs",
    });
    rows.push({
      group: "flow",
      name: `${what} with coalesce, server CPU per request`,
      value: round(avg(cpu[on]), 1),
      unit: "µs",
      ratio: round(avg(cpu[on]) / avg(cpu[off]), 3),
      baseline: `${what} without flow, server CPU per request`,
    });
  }
  return { rows };
}
