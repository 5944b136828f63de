// Ingress throughput: a bare fastify route vs hookgate's /wake, a mapped wake (JsonLogic `when` +
// 4-field template) and /agent, each server in its own process, runs interleaved round by round so
// machine drift spreads over all of them; and the mapped wake through an instance on a PostgreSQL
// store against the same on SQLite. Also the server's memory before and after many requests.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { CLI, load, round, rssOf, startChild } from "./lib.mjs";
import { benchSchema, dropSchema, PG_URL, pgReachable } from "./pg.mjs";

const TOKEN = "bench-token-0123456789abcdefghijkl";
const auth = { authorization: `Bearer ${TOKEN}` };

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
agents:
  list: [ { id: main, default: true, runner: { kind: echo } } ]
heartbeat: { every: "0" }
store: { path: state.db }
`;

export function writeBenchConfig(store = "store: { path: state.db }") {
  const dir = mkdtempSync(join(tmpdir(), "hookgate-bench-"));
  const file = join(dir, "hookgate.yaml");
  writeFileSync(file, CONFIG.replace("store: { path: state.db }", store));
  return file;
}

const alert = (n) => ({
  alertname: "DiskFull",
  instance: `db-${n % 97}`,
  status: "firing",
  severity: 3 + (n % 3),
  seq: n,
});

const targets = {
  a: {
    name: "(a) bare fastify POST",
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
  d: {
    name: "(d) hookgate /hooks/agent (202)",
    path: "/hooks/agent",
    headers: auth,
    body: (n) => ({ message: `job ${n}`, deliver: false }),
  },
  e: { name: "(e) mapped wake, PostgreSQL store", path: "/hooks/alerts", headers: auth, body: alert },
};

export async function bench({ quick = false } = {}) {
  const duration = quick ? 3 : 10;
  const rounds = 2;
  const bare = await startChild([fileURLToPath(new URL("./servers/bare.mjs", import.meta.url))]);
  const hg = await startChild([CLI, "serve", "--config", writeBenchConfig()]);
  // The same server on a PostgreSQL store (its own schema), measured right after the SQLite one.
  const schema = (await pgReachable()) ? benchSchema("ingress") : null;
  const hgPg = schema
    ? await startChild([
        CLI,
        "serve",
        "--config",
        writeBenchConfig(`store: { kind: postgres, url: "${PG_URL}", schema: ${schema} }`),
      ])
    : null;
  const results = { a: [], b: [], c: [], d: [], e: [] };
  const order = ["a", "b", "a", "c", ...(hgPg ? ["e"] : []), "a", "d"];
  try {
    for (let r = 0; r < rounds; r++) {
      for (const key of order) {
        const t = targets[key];
        const res = await load({
          url: key === "a" ? bare.url : key === "e" ? hgPg.url : hg.url,
          path: t.path,
          headers: t.headers,
          body: t.body,
          duration,
        });
        const bad = res.non2xx + res.errors + res.timeouts;
        if (bad > 0) throw new Error(`${t.name}: ${bad} failed requests of ${res.requests.total}`);
        results[key].push({ rps: res.requests.average, p99: res.latency.p99 });
      }
    }
  } finally {
    await Promise.all([bare.stop(), hg.stop(), hgPg?.stop()]);
    if (schema) await dropSchema(schema);
  }
  const avg = (xs, f) => xs.reduce((s, x) => s + f(x), 0) / xs.length;
  const base = avg(results.a, (x) => x.rps);
  const rows = [];
  for (const key of ["a", "b", "c", "d"]) {
    const rps = avg(results[key], (x) => x.rps);
    const p99 = Math.max(...results[key].map((x) => x.p99));
    rows.push({
      group: "ingress",
      name: `${targets[key].name} req/s`,
      value: Math.round(rps),
      unit: "req/s",
      ratio: round(rps / base, 3),
      baseline: targets.a.name,
      ...(key === "c" && { target: "ratio >= 0.5" }),
    });
    rows.push({ group: "ingress", name: `${targets[key].name} p99`, value: p99, unit: "ms" });
  }
  if (hgPg) {
    const rps = avg(results.e, (x) => x.rps);
    const sqlite = avg(results.c, (x) => x.rps);
    rows.push({
      group: "ingress",
      name: `${targets.e.name} req/s`,
      value: Math.round(rps),
      unit: "req/s",
      ratio: round(rps / sqlite, 3),
      baseline: targets.c.name,
      target: "ratio >= 0.5",
    });
    rows.push({
      group: "ingress",
      name: `${targets.e.name} p99`,
      value: Math.max(...results.e.map((x) => x.p99)),
      unit: "ms",
    });
  }
  return { rows };
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
