// CloudEvents: 100 events as one batch (`application/cloudevents-batch+json`, one request, one answer)
// against the same 100 events as 100 binary-mode requests, on one server, rounds interleaved. Each
// event is new (its own id) and routed by ce.type to a mapped wake, so both sides store 100 wakes; the
// figure is events stored per second, and the server's CPU per event.
import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { CLI, cpuMsOf, load, round, startChild } from "./lib.mjs";

const TOKEN = "bench-token-0123456789abcdefghijkl";
const auth = { authorization: `Bearer ${TOKEN}` };
const BATCH = 100;

const CONFIG = `
server: { host: 127.0.0.1, port: 0, logLevel: info }
hooks:
  enabled: true
  token: ${TOKEN}
  mappings:
    - id: deploy
      cloudevents: true
      match: { path: events, when: { "==": [ { var: ce.type }, com.example.deploy.finished ] } }
      action: wake
      wakeMode: next-heartbeat
      textTemplate: "{{ce.source}}: {{service}} deployed ({{payload.seq}})"
agents:
  list: [ { id: main, default: true, runner: { kind: echo } } ]
heartbeat: { every: "0" }
store: { path: state.db }
`;

const ids = { prefix: randomUUID(), next: 0 };
const nextId = () => `${ids.prefix}-${ids.next++}`;
const data = (n) => ({ service: `svc-${n % 13}`, seq: n });

/** What each row sends: 100 binary-mode requests, or batches of 100 structured events. */
const targets = {
  single: {
    name: `(s) ${BATCH} CloudEvents, one binary-mode request each`,
    headers: auth,
    body: data,
    sign: () => ({
      "ce-specversion": "1.0",
      "ce-id": nextId(),
      "ce-source": "/bench/deployer",
      "ce-type": "com.example.deploy.finished",
    }),
    events: 1,
  },
  batch: {
    name: `(t) ${BATCH} CloudEvents in one batch request`,
    headers: { ...auth, "content-type": "application/cloudevents-batch+json" },
    body: (n) =>
      Array.from({ length: BATCH }, (_, i) => ({
        specversion: "1.0",
        id: nextId(),
        source: "/bench/deployer",
        type: "com.example.deploy.finished",
        data: data(n * BATCH + i),
      })),
    events: BATCH,
  },
};

export async function bench({ quick = false } = {}) {
  const duration = quick ? 3 : 10;
  const rounds = 2;
  const dir = mkdtempSync(join(tmpdir(), "hookgate-bench-ce-"));
  const file = join(dir, "hookgate.yaml");
  writeFileSync(file, CONFIG);
  const hg = await startChild([CLI, "serve", "--config", file]);
  const results = { single: [], batch: [] };
  try {
    for (let r = 0; r < rounds; r++) {
      for (const key of r % 2 === 0 ? ["single", "batch"] : ["batch", "single"]) {
        const t = targets[key];
        const cpuBefore = cpuMsOf(hg.proc.pid);
        const res = await load({
          url: hg.url,
          path: "/hooks/events",
          headers: t.headers,
          body: t.body,
          sign: t.sign,
          // A batch is 100 events: fewer connections keep about as many events in flight.
          connections: key === "batch" ? 4 : 50,
          duration,
        });
        const bad = res.non2xx + res.errors + res.timeouts;
        if (bad > 0) throw new Error(`${t.name}: ${bad} failed requests of ${res.requests.total}`);
        const events = res.requests.total * t.events;
        const cpuUs = ((cpuMsOf(hg.proc.pid) - cpuBefore) * 1000) / events;
        results[key].push({ eps: res.requests.average * t.events, p99: res.latency.p99, cpuUs });
      }
    }
  } finally {
    await hg.stop();
  }
  const avg = (xs, f) => xs.reduce((s, x) => s + f(x), 0) / xs.length;
  const eps = (key) => avg(results[key], (x) => x.eps);
  const cpu = (key) => avg(results[key], (x) => x.cpuUs);
  const rows = [];
  for (const key of ["single", "batch"]) {
    rows.push({
      group: "cloudevents",
      name: `${targets[key].name}, events/s`,
      value: Math.round(eps(key)),
      unit: "events/s",
      ratio: round(eps(key) / eps("single"), 3),
      baseline: targets.single.name,
      ...(key === "batch" && { target: "ratio >= 1" }),
    });
    rows.push({
      group: "cloudevents",
      name: `${targets[key].name}, server CPU per event`,
      value: round(cpu(key), 1),
      unit: "µs",
      ratio: round(cpu(key) / cpu("single"), 3),
      baseline: targets.single.name,
    });
    rows.push({
      group: "cloudevents",
      name: `${targets[key].name}, p99 per request`,
      value: Math.max(...results[key].map((x) => x.p99)),
      unit: "ms",
    });
  }
  return { rows };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const quick = process.argv.includes("--quick");
  for (const row of (await bench({ quick })).rows) console.log(row);
}
