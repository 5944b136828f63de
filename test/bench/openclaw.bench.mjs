// hookgate's mapped wake against the real OpenClaw gateway's (openclaw@2026.9.6 on Node.js 24,
// fetched once and cached by test/tools/openclaw-gateway.mjs): the same path, payload, template and
// wake action on both, the same load as the ingress rows (50 connections), the two interleaved over
// two rounds after a warm-up of each. Runs only when asked (`npm run bench -- --only openclaw`); without the gateway (no
// registry, another platform) it prints why and gives no rows.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  GatewayUnavailable,
  gatewayCacheDir,
  installGateway,
  OPENCLAW,
  startGateway,
} from "../tools/openclaw-gateway.mjs";
import { targets, writeBenchConfig } from "./ingress.bench.mjs";
import { CLI, cpuMsOf, load, round, startChild } from "./lib.mjs";

const TOKEN = "bench-token-0123456789abcdefghijkl";
const mapped = targets.c;

// The ingress row's mapping, as OpenClaw writes one. OpenClaw's match has no condition on payload
// values (only `match.source`, a payload field equal to a string), so the `when` of hookgate's
// mapping (status firing, severity ≥ 3) has no counterpart here: every alert of the load passes it
// anyway, and hookgate evaluates it on every request while OpenClaw does not.
const OPENCLAW_HOOKS = {
  mappings: [
    {
      id: "alert",
      match: { path: "alerts" },
      action: "wake",
      wakeMode: "next-heartbeat",
      textTemplate:
        "{{payload.alertname}} on {{payload.instance}} ({{payload.status}}, severity {{payload.severity}})",
    },
  ],
};

/** CPU time of the gateway's processes (it starts helpers), in ms; one that ended meanwhile adds 0. */
function gatewayCpuMs(gw) {
  let total = 0;
  for (const pid of gw.processes()) {
    try {
      total += cpuMsOf(pid);
    } catch {
      // ended meanwhile
    }
  }
  return total;
}

/** One request to `path`; its status and body, for the checks before the load. */
async function post(url, path, body) {
  const res = await fetch(url + path, {
    method: "POST",
    headers: { ...mapped.headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.text() };
}

/** Every mapped wake answers 2xx at the mapping's path, and OpenClaw 404 at a path no mapping has. */
async function checkMapped(hookgates, gw) {
  const alert = mapped.body(0);
  let ours;
  for (const hg of hookgates) {
    ours = await post(hg.url, mapped.path, alert);
    if (ours.status < 200 || ours.status > 299)
      throw new Error(`hookgate's mapped wake answered ${ours.status}: ${ours.body}`);
  }
  const theirs = await post(gw.url, mapped.path, alert);
  const wake = theirs.status === 200 ? JSON.parse(theirs.body) : undefined;
  if (!wake?.ok || !wake.eventOutcome)
    throw new Error(`OpenClaw's mapped wake answered ${theirs.status}: ${theirs.body}`);
  const unmapped = await post(gw.url, "/hooks/no-such-mapping", alert);
  if (unmapped.status !== 404)
    throw new Error(`OpenClaw answered ${unmapped.status} at a path without a mapping, not 404`);
  process.stderr.write(
    `  mapped: hookgate ${ours.status}, OpenClaw ${theirs.status} ${theirs.body}, unmapped OpenClaw ${unmapped.status}\n`,
  );
}

export async function bench({ quick = false } = {}) {
  const duration = quick ? 3 : 10;
  const rounds = 2;
  const warmUp = 5_000;
  const log = (line) => process.stderr.write(`  ${line}\n`);
  const dir = mkdtempSync(join(tmpdir(), "hookgate-bench-openclaw-"));
  let gw;
  let installed;
  try {
    installed = installGateway({ log });
    gw = await startGateway({
      ...installed,
      dir,
      hooksToken: TOKEN,
      hooks: OPENCLAW_HOOKS,
      // No heartbeat: the wakes wait in the queue, as hookgate's wait for a heartbeat it never runs.
      agentDefaults: { heartbeat: { every: "0m" } },
    });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    if (!(err instanceof GatewayUnavailable)) throw err;
    process.stderr.write(`  OpenClaw row skipped: ${err.message} (cache: ${gatewayCacheDir()})\n`);
    return { rows: [], skipped: err.message };
  }
  // hookgate on the Node.js that runs the benchmark, and on the gateway's Node.js 24: the same
  // runtime on both sides.
  const started = [];
  const hookgateOn = async (node) => {
    const child = await startChild([CLI, "serve", "--config", writeBenchConfig()], { node });
    started.push(child);
    return { url: child.url, cpuMs: () => cpuMsOf(child.proc.pid) };
  };
  let servers;
  try {
    servers = {
      hookgate: await hookgateOn(undefined),
      hookgate24: await hookgateOn(installed.node),
      openclaw: { url: gw.url, cpuMs: () => gatewayCpuMs(gw) },
    };
  } catch (err) {
    await Promise.all([gw.stop(), ...started.map((child) => child.stop())]);
    throw err;
  }
  const results = { hookgate: [], hookgate24: [], openclaw: [] };
  try {
    await checkMapped([servers.hookgate, servers.hookgate24], gw);
    // Each server compiled hot before the first round: a short round would otherwise measure one JIT's
    // warm-up against the other's.
    for (const server of Object.values(servers))
      await load({
        url: server.url,
        path: mapped.path,
        headers: mapped.headers,
        body: mapped.body,
        amount: warmUp,
      });
    for (let r = 0; r < rounds; r++) {
      const order = ["hookgate", "hookgate24", "openclaw"];
      for (const key of r % 2 === 0 ? order : order.reverse()) {
        const server = servers[key];
        const cpuBefore = server.cpuMs();
        const res = await load({
          url: server.url,
          path: mapped.path,
          headers: mapped.headers,
          body: mapped.body,
          duration,
        });
        const bad = res.non2xx + res.errors + res.timeouts;
        if (bad > 0) throw new Error(`${key} mapped wake: ${bad} failed requests of ${res.requests.total}`);
        const cpuUs = ((server.cpuMs() - cpuBefore) * 1000) / res.requests.total;
        results[key].push({ rps: res.requests.average, p99: res.latency.p99, cpuUs });
        log(
          `round ${r + 1} ${key}: ${Math.round(res.requests.average)} req/s, p99 ${res.latency.p99} ms, ${round(cpuUs, 1)} µs CPU per request`,
        );
      }
    }
  } finally {
    await Promise.all([gw.stop(), ...started.map((child) => child.stop())]);
    rmSync(dir, { recursive: true, force: true });
  }
  const avg = (key, f) => results[key].reduce((s, x) => s + f(x), 0) / results[key].length;
  const rps = (key) => avg(key, (x) => x.rps);
  const cpu = (key) => avg(key, (x) => x.cpuUs);
  const names = {
    hookgate: "hookgate mapped wake (c)",
    hookgate24: "hookgate mapped wake (c) on the gateway's Node.js 24",
    openclaw: `OpenClaw mapped wake (${OPENCLAW}, Node.js 24)`,
  };
  const rows = [];
  for (const key of ["openclaw", "hookgate", "hookgate24"]) {
    const against = key !== "openclaw" && { baseline: names.openclaw };
    rows.push(
      {
        group: "openclaw",
        name: `${names[key]} req/s`,
        value: Math.round(rps(key)),
        unit: "req/s",
        ...(against && { ratio: round(rps(key) / rps("openclaw"), 3), ...against }),
        ...(key === "hookgate" && { target: "ratio >= 3" }),
        rounds: results[key].map((x) => Math.round(x.rps)),
      },
      {
        group: "openclaw",
        name: `${names[key]} p99`,
        value: Math.max(...results[key].map((x) => x.p99)),
        unit: "ms",
        rounds: results[key].map((x) => x.p99),
      },
      // The ratio here is OpenClaw's CPU per request over this one's: how many times less work.
      {
        group: "openclaw",
        name: `${names[key]} server CPU per request`,
        value: round(cpu(key), 1),
        unit: "µs",
        ...(against && { ratio: round(cpu("openclaw") / cpu(key), 3), ...against }),
      },
    );
  }
  return { rows };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const quick = process.argv.includes("--quick");
  for (const row of (await bench({ quick })).rows) console.log(row);
}
