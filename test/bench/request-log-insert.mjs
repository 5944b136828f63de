// What a request-log row costs to insert, by the secondary indexes the table keeps, and against the
// accepted wake's own insert, a row shared with the wake, and an append-only segment file: rows of
// the ingress group's size written as the group commit writes them (batches of 256 in one
// transaction, WAL, synchronous=NORMAL) into a store already holding rows.
//
//   node test/bench/request-log-insert.mjs [--rows N] [--prefill N] [--rounds N]
//   node test/bench/request-log-insert.mjs --only VARIANT --rows N --file F   (one variant, one process:
//     for instruction counts, run it under valgrind --tool=callgrind with --rows N and --rows 0 and
//     divide the difference by N)
//
// The figure is this process's CPU time per row (process.cpuUsage), each round running every variant
// once in turn; the median over the rounds is printed, with the median wall time per row (which holds
// the waits for the disk that CPU time leaves out).
import { closeSync, copyFileSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Database } from "../../dist/store/sqlite/driver.js";
import { migrate } from "../../dist/store/sqlite/schema.js";

const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "25600" },
    prefill: { type: "string", default: "40000" },
    rounds: { type: "string", default: "5" },
    only: { type: "string" },
    file: { type: "string" },
    prepare: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});

/** Each variant: the indexes it drops from the shipped schema, and what one accepted request writes. */
const VARIANTS = {
  // The accepted wake alone: the floor under any request log.
  "wake only": { drop: [], log: false },
  "wake + log row, all indexes (as shipped)": { drop: [], log: true },
  "wake + log row, without received_at": { drop: ["requests_received"], log: true },
  "wake + log row, without hook and mapping": { drop: ["requests_hook", "requests_mapping"], log: true },
  "wake + log row, delivery id index only": {
    drop: ["requests_received", "requests_mapping", "requests_hook"],
    log: true,
  },
  "wake + log row, no secondary index": {
    drop: ["requests_received", "requests_mapping", "requests_hook", "requests_delivery"],
    log: true,
  },
  // One row shared: the wake's row carries the entry (a column as wide as the log's entry and body).
  "wake row carrying the entry (shared row)": { drop: [], log: false, shared: true },
  // An append-only segment: the batch's entries as lines of one file beside the store, one write and
  // one fdatasync a batch (synced as the group commit syncs the log's rows in the WAL).
  "wake + entry appended to a segment file": { drop: [], log: false, segment: true },
};

const BATCH = 256;
const body = Buffer.from(JSON.stringify({ type: "invoice.paid", id: "in_0001", amount: 4200, n: 0 }));
const entryText = (i) =>
  JSON.stringify({
    method: "POST",
    query: {},
    client: "127.0.0.1",
    headers: {
      host: "127.0.0.1:38001",
      "content-type": "application/json",
      "content-length": String(body.length),
      "user-agent": "autocannon",
      "x-request-n": String(i),
    },
    removedHeaders: ["authorization"],
    bodyBytes: body.length,
    bodyCut: false,
    decision: {
      kind: "wake",
      action: {
        text: `Invoice in_${i} paid: 42.00 EUR by customer cus_123 (test mode)`,
        mode: "next-heartbeat",
      },
      source: "mapping:invoices",
    },
    rulesDigest: "4f1c2a9e0b7d3c5a",
    timings: { totalMs: 1.23, decideMs: 0.08 },
    padding: "x".repeat(520),
  });
// Entries are made before the clock starts: serialising one is measured elsewhere, this is the insert.
const ENTRIES = Array.from({ length: 1024 }, (_, i) => entryText(i));
const entryOf = (i) => ENTRIES[i % ENTRIES.length];
// Time-ordered, as the log's ids are (UUID version 7).
const idOf = (i) => `0192f3a1-7b2c-7000-8${String(i).padStart(15, "0")}`;

function open(file, drop, shared) {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  migrate(db);
  for (const index of drop) db.exec(`DROP INDEX IF EXISTS ${index}`);
  if (shared) {
    const cols = db.prepare("PRAGMA table_info(events)").all();
    if (!cols.some((c) => c.name === "entry"))
      db.exec("ALTER TABLE events ADD COLUMN entry TEXT; ALTER TABLE events ADD COLUMN body BLOB");
  }
  return db;
}

/** The wall time per row of the last measure(), in µs. */
let wallPerRow = 0;

/** The segment file beside a store's file (the segment variant's). */
const segmentOf = (file) => `${file}.segment`;

function writer(db, v, start = 0, segment = undefined) {
  const wake = v.shared
    ? db.prepare(
        "INSERT INTO events (text, source, mode, created_at, last_at, entry, body) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
    : db.prepare("INSERT INTO events (text, source, mode, created_at, last_at) VALUES (?, ?, ?, ?, ?)");
  const log = db.prepare(
    `INSERT OR IGNORE INTO requests (id, received_at, hook, status, outcome, code, mapping_id, run_id, delivery_id, entry, body)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let n = start;
  const batch = db.transaction((count) => {
    for (let k = 0; k < count; k++) {
      const i = n++;
      const at = 1_764_000_000_000 + i;
      const text = `Invoice in_${i} paid: 42.00 EUR by customer cus_123 (test mode)`;
      if (v.shared) wake.run(text, "mapping:invoices", "next-heartbeat", at, at, entryOf(i), body);
      else wake.run(text, "mapping:invoices", "next-heartbeat", at, at);
      if (v.log)
        log.run(idOf(i), at, "invoices", 200, "wake", null, "invoices", null, null, entryOf(i), body);
    }
  });
  if (segment === undefined) return batch;
  const body64 = body.toString("base64");
  return (count) => {
    const first = n;
    batch(count);
    let lines = "";
    for (let i = first; i < n; i++)
      lines += `{"id":"${idOf(i)}","at":${1_764_000_000_000 + i},"hook":"invoices","status":200,"entry":${entryOf(i)},"body":"${body64}"}\n`;
    writeSync(segment, lines);
    fdatasyncSync(segment);
  };
}

/**
 * Writes `rows` requests in batches; the CPU time per row, in µs (the time spent waiting for the disk,
 * such as the segment's sync, is not CPU time: see `wallPerRow`).
 */
function measure(file, v, rows, start) {
  const db = open(file, v.drop, v.shared);
  const segment = v.segment ? openSync(segmentOf(file), "a") : undefined;
  // Ids and times continue after what the file already holds.
  const write = writer(db, v, start, segment);
  const before = process.cpuUsage();
  const t0 = performance.now();
  for (let done = 0; done < rows; done += BATCH) write(Math.min(BATCH, rows - done));
  const used = process.cpuUsage(before);
  wallPerRow = rows > 0 ? ((performance.now() - t0) * 1000) / rows : 0;
  db.close();
  if (segment !== undefined) closeSync(segment);
  return rows > 0 ? (used.user + used.system) / rows : 0;
}

const rows = Number(values.rows);
if (values.help) {
  console.log(`Usage: node test/bench/request-log-insert.mjs [--rows N] [--prefill N] [--rounds N]
       node test/bench/request-log-insert.mjs --prepare DIR
       node test/bench/request-log-insert.mjs --only VARIANT --file F [--rows N] [--prefill N]

Inserts N rows (default 25,600) in batches of 256, as the group commit writes them, into a store
already holding --prefill rows (default 40,000), for each variant in turn, --rounds times; prints
the median CPU per row. --prepare writes each variant's prefilled file into DIR (0.db, 1.db, ... in
the order below); --only measures one variant on a copy of its file, in this process alone: run it
under valgrind --tool=callgrind with --rows N and with --rows 0, and divide the difference of the
two counts by N for the instructions per row.

Variants, in order: ${Object.keys(VARIANTS)
    .map((n, i) => `${i}: ${n}`)
    .join("; ")}`);
  process.exit(0);
}
if (values.only) {
  const v = VARIANTS[values.only];
  if (!v || !values.file) throw new Error("--only needs a variant name (see --help) and --file");
  console.log(
    `${values.only}: ${measure(values.file, v, rows, Number(values.prefill)).toFixed(2)} µs per row`,
  );
  process.exit(0);
}

// One prefilled file per variant, copied before each measurement so every round starts alike;
// --prepare DIR leaves them in DIR (0.db, 1.db, ... in the order of --help) for --only runs.
const dir = values.prepare ?? mkdtempSync(join(tmpdir(), "hookgate-rl-"));
const bases = {};
for (const [name, v] of Object.entries(VARIANTS)) {
  const file = join(dir, `${Object.keys(bases).length}.db`);
  const db = open(file, v.drop, v.shared);
  const segment = v.segment ? openSync(segmentOf(file), "a") : undefined;
  const write = writer(db, v, 0, segment);
  for (let done = 0; done < Number(values.prefill); done += BATCH) write(BATCH);
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  if (segment !== undefined) closeSync(segment);
  bases[name] = file;
}
if (values.prepare) process.exit(0);
const results = Object.fromEntries(Object.keys(VARIANTS).map((n) => [n, []]));
const walls = Object.fromEntries(Object.keys(VARIANTS).map((n) => [n, []]));
for (let r = 0; r < Number(values.rounds); r++) {
  for (const [name, v] of Object.entries(VARIANTS)) {
    const file = join(dir, "run.db");
    rmSync(`${file}-wal`, { force: true });
    rmSync(segmentOf(file), { force: true });
    copyFileSync(bases[name], file);
    if (v.segment) copyFileSync(segmentOf(bases[name]), segmentOf(file));
    results[name].push(measure(file, v, rows, Number(values.prefill)));
    walls[name].push(wallPerRow);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const floor = median(results["wake only"]);
console.log(
  "| variant | CPU per request, median | each round | log row's own | wall time per request, median |\n|---|---|---|---|---|",
);
for (const [name, xs] of Object.entries(results)) {
  const m = median(xs);
  console.log(
    `| ${name} | ${m.toFixed(1)} µs | ${xs.map((x) => x.toFixed(1)).join(", ")} | ${(m - floor).toFixed(1)} µs | ${median(walls[name]).toFixed(1)} µs |`,
  );
}
rmSync(dir, { recursive: true, force: true });
