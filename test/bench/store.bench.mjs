// Durable acknowledged events per second of the SQLite store and of the PostgreSQL store: group
// commit (accepts arriving together share one fsync'd commit) against one commit per event, measured
// in the same run on real files and a real server.
// Run alone: `npm run build && node test/bench/store.bench.mjs [--quick]`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { PostgresStore } from "../../dist/store/postgres/store.js";
import { SqliteStore } from "../../dist/store/sqlite/store.js";
import { benchSchema, dropSchema, PG_URL, pgReachable } from "./pg.mjs";

/** Concurrent clients, each sending its next event as soon as the previous one is acknowledged. */
const CLIENTS = 256;

async function measure(dir, name, { groupCommit, events }) {
  const store = new SqliteStore(join(dir, `${name}.db`), { groupCommit });
  return drive(store, events);
}

async function measurePg(schema, { groupCommit, events }) {
  const config = { kind: "postgres", url: PG_URL, poolSize: 10, schema, leaseSeconds: 30 };
  return drive(new PostgresStore(config, { groupCommit }), events);
}

async function drive(store, events) {
  await store.open();
  let sent = 0;
  const client = async () => {
    while (sent < events) {
      const i = sent++;
      await store.acceptWake({ text: `event ${i}`, mode: "now", source: "bench", receivedAt: Date.now() });
    }
  };
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const commits = store.commits;
  await store.close();
  return { perSecond: events / seconds, eventsPerCommit: events / commits };
}

export async function bench({ quick = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "hookgate-bench-store-"));
  try {
    // Warm the file system and the SQLite library once so that neither side pays for it.
    await measure(dir, "warmup", { groupCommit: true, events: 500 });
    const grouped = await measure(dir, "grouped", { groupCommit: true, events: quick ? 20_000 : 100_000 });
    const single = await measure(dir, "single", { groupCommit: false, events: quick ? 500 : 3_000 });
    const baseline = "acknowledged wakes/s, one commit per event";
    return {
      rows: [
        {
          group: "store",
          name: "acknowledged wakes/s, group commit",
          value: Math.round(grouped.perSecond),
          unit: "events/s",
          ratio: Number((grouped.perSecond / single.perSecond).toFixed(1)),
          baseline,
        },
        { group: "store", name: baseline, value: Math.round(single.perSecond), unit: "events/s" },
        {
          group: "store",
          name: "events per commit, group commit",
          value: Number(grouped.eventsPerCommit.toFixed(1)),
          unit: "events",
        },
        ...(await benchPostgres({ quick })),
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same on PostgreSQL (pool of 10 connections both ways): group commit against one commit per event. */
async function benchPostgres({ quick }) {
  if (!(await pgReachable())) return [];
  const schemas = [benchSchema("warm"), benchSchema("grouped"), benchSchema("single")];
  try {
    await measurePg(schemas[0], { groupCommit: true, events: 500 });
    const grouped = await measurePg(schemas[1], { groupCommit: true, events: quick ? 10_000 : 50_000 });
    const single = await measurePg(schemas[2], { groupCommit: false, events: quick ? 1_000 : 5_000 });
    const baseline = "acknowledged wakes/s, PostgreSQL, one commit per event";
    return [
      {
        group: "store",
        name: "acknowledged wakes/s, PostgreSQL, group commit",
        value: Math.round(grouped.perSecond),
        unit: "events/s",
        ratio: Number((grouped.perSecond / single.perSecond).toFixed(1)),
        baseline,
        target: "ratio >= 10",
      },
      { group: "store", name: baseline, value: Math.round(single.perSecond), unit: "events/s" },
      {
        group: "store",
        name: "events per commit, PostgreSQL group commit",
        value: Number(grouped.eventsPerCommit.toFixed(1)),
        unit: "events",
      },
    ];
  } finally {
    for (const schema of schemas) await dropSchema(schema);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { rows } = await bench({ quick: process.argv.includes("--quick") });
  for (const r of rows) {
    const ratio = r.ratio !== undefined ? `  (${r.ratio}× ${r.baseline})` : "";
    console.log(
      `${r.group.padEnd(6)} ${r.name.padEnd(56)} ${String(r.value).padStart(10)} ${r.unit}${ratio}`,
    );
  }
}
