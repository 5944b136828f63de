// Ingress throughput: a bare fastify route and the durable floor (the same route storing each body in
// SQLite, answering after the disk sync: servers/durable-floor.mjs) vs hookgate's /wake, a mapped wake
// (JsonLogic `when` + 4-field template) with the hook token and the same mapped wake from a sender
// without it (a GitHub signature verified on the raw body, its delivery id remembered), and /agent,
// each server in its own process, runs interleaved round by round so machine drift spreads over all
// of them; and the mapped wake through an instance on a PostgreSQL store against the same on SQLite,
// and /agent on PostgreSQL with its runs executed by the serving process or by a separate `hookgate
// worker`. Also the server's memory before and after many requests.
import { createHmac, randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CLI, cpuMsOf, load, round, rssOf, sqliteRunsDone, startChild } from "./lib.mjs";
import { benchSchema, dropSchema, PG_URL, pgReachable, pgRunsDone } from "./pg.mjs";

const TOKEN = "bench-token-0123456789abcdefghijkl";
const auth = { authorization: `Bearer ${TOKEN}` };
const GITHUB_SECRET = "bench-github-webhook-secret";

const CONFIG = `
server: { host: 127.0.0.1, port: 0, logLevel: info }
hooks:
  enabled: true
  token: ${TOKEN}
  mappings:
    - id: alert
      match:
        path: alerts
        when: { and: [ { "==": [ { var: payload.status }, firing ] }, { ">=": [ { var: payload.severity }, 3 ] } ] }
      action: wake
      wakeMode: next-heartbeat
      textTemplate: "{{payload.alertname}} on {{payload.instance}} ({{payload.status}}, severity {{payload.severity}})"
    - id: alert-signed
      match:
        path: alerts-signed
        when: { and: [ { "==": [ { var: payload.status }, firing ] }, { ">=": [ { var: payload.severity }, 3 ] } ] }
      verify: { scheme: github, secret: ${GITHUB_SECRET} }
      action: wake
      wakeMode: next-heartbeat
      textTemplate: "{{payload.alertname}} on {{payload.instance}} ({{payload.status}}, severity {{payload.severity}})"
    # (c) and a mapped agent run, with and without coalesce: not in the group's rows; for
    # instructions.mjs, profile.mjs and paired.mjs, which compare what flow control adds.
    - id: alert-coalesced
      match:
        path: alerts-coalesced
        when: { and: [ { "==": [ { var: payload.status }, firing ] }, { ">=": [ { var: payload.severity }, 3 ] } ] }
      action: wake
      wakeMode: next-heartbeat
      textTemplate: "{{payload.alertname}} on {{payload.instance}} ({{payload.status}}, severity {{payload.severity}})"
      flow: { coalesce: { key: "{{payload.alertname}}/{{payload.instance}}", window: 2m, max: 50 } }
    - id: alert-run
      match: { path: alerts-run }
      action: agent
      deliver: false
      messageTemplate: "{{payload.alertname}} on {{payload.instance}} ({{payload.status}}, severity {{payload.severity}})"
    - id: alert-run-coalesced
      match: { path: alerts-run-coalesced }
      action: agent
      deliver: false
      messageTemplate: "{{payload.alertname}} on {{payload.instance}} ({{payload.status}}, severity {{payload.severity}})"
      flow: { coalesce: { key: "{{payload.alertname}}/{{payload.instance}}", window: 2m, max: 50 } }
agents:
  list: [ { id: main, default: true, runner: { kind: echo } } ]
heartbeat: { every: "0" }
store: { path: state.db }
`;

/**
 * A config file of CONFIG with `store` in place of the SQLite default, the server's `logLevel`
 * (info: the summary line per interval; warn: none) and `extra` appended. `acceptOnly`: the agent's
 * runner is a program that sleeps for an hour, so the first runs hold the worker's slots and the rest
 * stay queued: what the server does is the accepts alone.
 */
export function writeBenchConfig({
  store = "store: { path: state.db }",
  extra = "",
  logLevel = "info",
  acceptOnly = false,
} = {}) {
  const dir = mkdtempSync(join(tmpdir(), "hookgate-bench-"));
  const file = join(dir, "hookgate.yaml");
  const base = CONFIG.replace("store: { path: state.db }", store).replace(
    "logLevel: info",
    `logLevel: ${logLevel}`,
  );
  const config = acceptOnly
    ? base.replace("runner: { kind: echo }", 'runner: { kind: command, command: [sleep, "3600"] }')
    : base;
  writeFileSync(file, config + extra);
  return file;
}

const alert = (n) => ({
  alertname: "DiskFull",
  instance: `db-${n % 97}`,
  status: "firing",
  severity: 3 + (n % 3),
  seq: n,
});

/**
 * What GitHub adds to a delivery: the body's HMAC and a delivery id of its own, never repeated (a
 * repeat would be answered from the store, which is cheaper than the work under measurement).
 */
const deliveries = { prefix: randomUUID(), next: 0 };
const githubSignature = (text) => ({
  "x-hub-signature-256": `sha256=${createHmac("sha256", GITHUB_SECRET).update(text).digest("hex")}`,
});
const githubHeaders = (text) => ({
  ...githubSignature(text),
  "x-github-delivery": `${deliveries.prefix}-${deliveries.next++}`,
});

/** /hooks/agent with the token, a new message each time, no delivery. */
function agentTarget(name) {
  return {
    name,
    path: "/hooks/agent",
    headers: auth,
    body: (n) => ({ message: `job ${n}`, deliver: false }),
  };
}

/** What each row sends: path, headers, the n-th body, the headers a signing sender adds. */
export const targets = {
  a: {
    name: "(a) bare fastify POST",
    path: "/hooks/wake",
    headers: {},
    body: (n) => ({ text: `event ${n}` }),
  },
  p: {
    name: "(p) durable floor (parse, SQLite group commit, fdatasync)",
    path: "/hooks/wake",
    headers: {},
    body: (n) => ({ text: `event ${n}` }),
  },
  b: {
    name: "(b) hookgate /hooks/wake",
    path: "/hooks/wake",
    headers: auth,
    body: (n) => ({ text: `event ${n}`, mode: "next-heartbeat" }),
  },
  c: { name: "(c) mapped wake (when + template)", path: "/hooks/alerts", headers: auth, body: alert },
  e: {
    name: "(e) verified mapped wake (GitHub signature, no token)",
    path: "/hooks/alerts-signed",
    headers: {},
    body: alert,
    sign: githubHeaders,
  },
  f: {
    name: "(f) verified mapped wake without a delivery id",
    path: "/hooks/alerts-signed",
    headers: {},
    body: alert,
    sign: githubSignature,
  },
  d: agentTarget("(d) hookgate /hooks/agent (202)"),
  g: { name: "(g) mapped wake, PostgreSQL store", path: "/hooks/alerts", headers: auth, body: alert },
  // /agent on PostgreSQL: runs executed by the serving process (j), or by a `hookgate worker` beside
  // a `serve --no-worker` that only takes requests (i). The worker shares the machine's cores.
  j: agentTarget("(j) /agent on PostgreSQL, runs in the serving process"),
  i: agentTarget("(i) /agent on PostgreSQL, runs in a separate worker"),
  // (c) with the request log off: what logging every request costs.
  h: { name: "(h) mapped wake, request log off", path: "/hooks/alerts", headers: auth, body: alert },
  // Flow control's cost: (c) with coalesce, and a mapped agent run without and with it.
  k: { name: "(k) mapped wake with coalesce", path: "/hooks/alerts-coalesced", headers: auth, body: alert },
  m: { name: "(m) mapped agent run", path: "/hooks/alerts-run", headers: auth, body: alert },
  n: {
    name: "(n) mapped agent run with coalesce",
    path: "/hooks/alerts-run-coalesced",
    headers: auth,
    body: alert,
  },
};

/** Ratios against (a) to reach. */
const TARGETS = { b: "ratio >= 0.65", c: "ratio >= 0.6", d: "ratio >= 0.45" };

export async function bench({ quick = false } = {}) {
  const duration = quick ? 3 : 10;
  const rounds = 2;
  const bare = await startChild([fileURLToPath(new URL("./servers/bare.mjs", import.meta.url))]);
  const floor = await startChild([fileURLToPath(new URL("./servers/durable-floor.mjs", import.meta.url))]);
  const hg = await startChild([CLI, "serve", "--config", writeBenchConfig()]);
  const unlogged = await startChild([
    CLI,
    "serve",
    "--config",
    writeBenchConfig({ extra: "requestLog: { enabled: false }\n" }),
  ]);
  // The same server on a PostgreSQL store (a schema of its own), measured next to (c).
  const schema = (await pgReachable()) ? benchSchema("ingress") : null;
  const hgPg = schema
    ? await startChild([
        CLI,
        "serve",
        "--config",
        writeBenchConfig({ store: `store: { kind: postgres, url: "${PG_URL}", schema: ${schema} }` }),
      ])
    : null;
  const results = { a: [], p: [], b: [], c: [], d: [], e: [], f: [], g: [], h: [], i: [], j: [] };
  try {
    for (let r = 0; r < rounds; r++) {
      // c, e and f back to back, in turn first, so that their ratios see the same machine; g next to c.
      const cg = hgPg ? ["c", "g"] : ["c"];
      const trio = r % 2 === 0 ? [...cg, "e", "f"] : ["f", "e", ...cg.reverse()];
      const agents = schema ? (r % 2 === 0 ? ["d", "j", "i"] : ["i", "j", "d"]) : ["d"];
      // The floor next to the bare route and to the mapped wake, so that both of its ratios hold.
      const floorAndTrio = r % 2 === 0 ? ["p", ...trio] : [...trio, "p"];
      for (const key of ["a", "b", "a", ...floorAndTrio, "a", ...agents, "a", "h"]) {
        const t = targets[key];
        // /agent accepts runs faster than they execute: each measurement gets fresh instances,
        // stopped right after, so that no backlog of runs goes on loading the measurements after it.
        const agentRun = AGENT_KEYS.has(key) ? await agentInstances(key, schema) : null;
        const server = agentRun?.server ?? { a: bare, p: floor, g: hgPg, h: unlogged }[key] ?? hg;
        try {
          // The other rows' servers have served requests before they are measured; a fresh one spends
          // its first seconds compiling. So it serves a warm-up first, and is measured once the
          // warm-up's runs have all run: warm, with no backlog.
          if (agentRun) {
            await load({
              url: server.url,
              path: t.path,
              headers: t.headers,
              body: t.body,
              amount: AGENT_WARMUP,
            });
            await agentRun.drained();
          }
          const cpuBefore = cpuMsOf(server.proc.pid);
          const res = await load({
            url: server.url,
            path: t.path,
            headers: t.headers,
            body: t.body,
            ...(t.sign && { sign: t.sign }),
            duration,
          });
          const bad = res.non2xx + res.errors + res.timeouts;
          if (bad > 0) throw new Error(`${t.name}: ${bad} failed requests of ${res.requests.total}`);
          // The server's own CPU time per request: what a request costs, whatever else the machine runs.
          const cpuUs = ((cpuMsOf(server.proc.pid) - cpuBefore) * 1000) / res.requests.total;
          results[key].push({ rps: res.requests.average, p99: res.latency.p99, cpuUs });
        } finally {
          await agentRun?.stop();
        }
      }
    }
  } finally {
    await Promise.all([bare.stop(), floor.stop(), hg.stop(), unlogged.stop(), hgPg?.stop()]);
    if (schema) await dropSchema(schema);
  }
  const avg = (xs, f) => xs.reduce((s, x) => s + f(x), 0) / xs.length;
  const base = avg(results.a, (x) => x.rps);
  const rows = [];
  for (const key of ["a", "p", "b", "c", "e", "f", "d", "h", ...(schema ? ["j", "i"] : [])]) {
    const rps = avg(results[key], (x) => x.rps);
    const p99 = Math.max(...results[key].map((x) => x.p99));
    rows.push({
      group: "ingress",
      name: `${targets[key].name} req/s`,
      value: Math.round(rps),
      unit: "req/s",
      ratio: round(rps / base, 3),
      baseline: targets.a.name,
      ...(TARGETS[key] && { target: TARGETS[key] }),
    });
    rows.push({ group: "ingress", name: `${targets[key].name} p99`, value: p99, unit: "ms" });
  }
  const rps = (key) => avg(results[key], (x) => x.rps);
  const cpu = (key) => avg(results[key], (x) => x.cpuUs);
  // A ratio of two targets' req/s, as a row of its own.
  const ratioRow = (name, num, den, target) => {
    const ratio = round(rps(num) / rps(den), 3);
    rows.push({
      group: "ingress",
      name,
      value: ratio,
      unit: "ratio",
      ratio,
      baseline: targets[den].name,
      ...(target && { target }),
    });
  };
  ratioRow("verified vs token mapped wake, req/s (e)/(c)", "e", "c", "ratio >= 0.9");
  // Against the floor: what hookgate adds to the least a durable ingress does.
  ratioRow("mapped wake vs the durable floor, req/s (c)/(p)", "c", "p", "ratio >= 0.35");
  ratioRow("/agent vs the durable floor, req/s (d)/(p)", "d", "p");
  if (schema)
    ratioRow("/agent on PostgreSQL, separate worker vs runs in the serving process, req/s (i)/(j)", "i", "j");
  for (const key of ["p", "d", ...(schema ? ["j", "i"] : []), "c", "e", "f"]) {
    rows.push({
      group: "ingress",
      name: `${targets[key].name} server CPU per request`,
      value: round(cpu(key), 1),
      unit: "µs",
      ratio: round(cpu(key) / cpu("c"), 3),
      baseline: targets.c.name,
      ...(key === "e" && { target: "ratio <= 1.1" }),
    });
  }
  if (hgPg) {
    rows.push({
      group: "ingress",
      name: `${targets.g.name} req/s`,
      value: Math.round(rps("g")),
      unit: "req/s",
      ratio: round(rps("g") / rps("c"), 3),
      baseline: targets.c.name,
      target: "ratio >= 0.5",
    });
    rows.push({
      group: "ingress",
      name: `${targets.g.name} p99`,
      value: Math.max(...results.g.map((x) => x.p99)),
      unit: "ms",
    });
  }
  const logged = avg(results.c, (x) => x.rps);
  const unloggedRps = avg(results.h, (x) => x.rps);
  rows.push({
    group: "ingress",
    name: "(c) mapped wake with the request log, against (h) without",
    value: Math.round(logged),
    unit: "req/s",
    ratio: round(logged / unloggedRps, 3),
    baseline: targets.h.name,
  });
  return { rows };
}

const AGENT_KEYS = new Set(["d", "i", "j"]);
/** Requests an /agent instance serves before it is measured (then its runs are drained). */
const AGENT_WARMUP = 3000;

/**
 * Fresh instances for one /agent measurement: (d) a server on a new SQLite file; (j) a server on a
 * new PostgreSQL schema; (i) `serve --no-worker` and a `hookgate worker` on a new schema. `drained`
 * resolves once no run is queued or running; `stop` ends them and drops the schema, with whatever
 * runs were still queued.
 */
async function agentInstances(key, pgAvailable) {
  if (key === "d") {
    const file = writeBenchConfig();
    const server = await startChild([CLI, "serve", "--config", file]);
    return {
      server,
      drained: () => sqliteRunsDone(join(dirname(file), "state.db")),
      stop: () => server.stop(),
    };
  }
  if (!pgAvailable) throw new Error(`${targets[key].name} needs PostgreSQL`);
  const schema = benchSchema(`agent_${key}`);
  const file = writeBenchConfig({ store: `store: { kind: postgres, url: "${PG_URL}", schema: ${schema} }` });
  const server = await startChild([CLI, "serve", "--config", file, ...(key === "i" ? ["--no-worker"] : [])]);
  const worker =
    key === "i"
      ? await startChild([CLI, "worker", "--config", file], { ready: /worker ready()/ }).catch(
          async (err) => {
            await server.stop();
            throw err;
          },
        )
      : null;
  return {
    server,
    drained: () => pgRunsDone(schema),
    stop: async () => {
      await Promise.all([server.stop(), worker?.stop()]);
      await dropSchema(schema);
    },
  };
}

/** Server RSS before and after N mapped-wake requests: growth must stay bounded. */
export async function benchMemory({ quick = false } = {}) {
  const total = quick ? 50_000 : 200_000;
  const hg = await startChild([CLI, "serve", "--config", writeBenchConfig()]);
  try {
    await load({ url: hg.url, path: "/hooks/alerts", headers: auth, body: alert, amount: 2_000 });
    const before = rssOf(hg.proc.pid);
    const res = await load({ url: hg.url, path: "/hooks/alerts", headers: auth, body: alert, amount: total });
    if (res.non2xx + res.errors > 0)
      throw new Error(`memory run: ${res.non2xx + res.errors} failed requests`);
    const after = rssOf(hg.proc.pid);
    const mib = (b) => round(b / 1024 / 1024, 1);
    return {
      rows: [
        { group: "memory", name: "server RSS before", value: mib(before), unit: "MiB" },
        {
          group: "memory",
          name: `server RSS after ${total.toLocaleString("en")} requests`,
          value: mib(after),
          unit: "MiB",
        },
        { group: "memory", name: "growth", value: mib(after - before), unit: "MiB", target: "<= 64 MiB" },
      ],
    };
  } finally {
    await hg.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const quick = process.argv.includes("--quick");
  for (const row of [...(await bench({ quick })).rows, ...(await benchMemory({ quick })).rows])
    console.log(row);
}
