// What a coalesce join writes to SQLite's WAL, by the layout of flow_items: the layout keyed by window
// (scope, key, seq) that schema 17 had, against the one of schema 18 (items in arrival order under their
// rowid, with a (first_item, seq) index), and a plain wake's event insert as the floor. Joins over 97
// keys, windows ending at 50 items, committed in groups of G joins as the group commit does; the WAL is
// never checkpointed during the run, so its size at the end counts every frame each commit wrote.
// The tables are the stores' own shapes, written with the same statements (no server, no HTTP).
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Database } from "../../dist/store/sqlite/driver.js";

const { values } = parseArgs({
  options: {
    group: { type: "string", default: "10,30" },
    keys: { type: "string", default: "97" },
    joins: { type: "string", default: "60000" },
  },
});
const KEYS = Number(values.keys);
const MAX = 50;
const JOINS = Number(values.joins);
const FRAME = 4096 + 24;

const LAYOUTS = {
  "plain wake (events)": {
    schema: `CREATE TABLE events (id INTEGER PRIMARY KEY, text TEXT NOT NULL, source TEXT NOT NULL,
      mode TEXT NOT NULL, repeats INTEGER NOT NULL, created_at INTEGER NOT NULL, last_at INTEGER NOT NULL,
      consumed_at INTEGER)`,
    join: (db) => {
      const insert = db.prepare(
        "INSERT INTO events (text, source, mode, repeats, created_at, last_at) VALUES (?, 'alerts', 'next-heartbeat', 1, ?, ?)",
      );
      return (_key, message, at) => insert.run(message, at, at);
    },
  },
  "keyed by window (schema 17)": {
    schema: `CREATE TABLE flow_items (scope TEXT NOT NULL, key TEXT NOT NULL, seq INTEGER NOT NULL,
      at INTEGER NOT NULL, message TEXT NOT NULL, PRIMARY KEY (scope, key, seq)) WITHOUT ROWID`,
    join: (db) => {
      const insert = db.prepare(
        "INSERT INTO flow_items (scope, key, seq, at, message) VALUES ('alert-coalesced', ?, ?, ?, ?)",
      );
      const read = db.prepare(
        "SELECT message, at FROM flow_items WHERE scope = 'alert-coalesced' AND key = ? ORDER BY seq",
      );
      const remove = db.prepare("DELETE FROM flow_items WHERE scope = 'alert-coalesced' AND key = ?");
      const counts = new Map();
      return (key, message, at) => {
        const seq = counts.get(key) ?? 0;
        insert.run(key, seq, at, message);
        if (seq + 1 < MAX) return counts.set(key, seq + 1);
        read.all(key);
        remove.run(key);
        counts.delete(key);
      };
    },
  },
  "appended (schema 18)": appended(false),
  // A wake window without a coalesceTemplate needs no item times: its end reads the messages alone.
  "appended, the end reads messages alone": appended(true),
};

/** Schema 18's layout; `messagesAlone`: a window's end reads its messages without their times. */
function appended(messagesAlone) {
  return {
    schema: `CREATE TABLE flow_items (id INTEGER PRIMARY KEY, first_item INTEGER NOT NULL, seq INTEGER NOT NULL,
      at INTEGER NOT NULL, message TEXT NOT NULL);
      CREATE INDEX flow_items_window ON flow_items (first_item, seq)`,
    join: (db) => {
      const first = db.prepare(`INSERT INTO flow_items (id, first_item, seq, at, message)
        SELECT n, n, 0, ?, ? FROM (SELECT coalesce(max(id), 0) + 1 AS n FROM flow_items)`);
      const insert = db.prepare("INSERT INTO flow_items (first_item, seq, at, message) VALUES (?, ?, ?, ?)");
      const read = messagesAlone
        ? db.prepare("SELECT message FROM flow_items WHERE first_item = ? ORDER BY seq").pluck()
        : db.prepare("SELECT message, at FROM flow_items WHERE first_item = ? ORDER BY seq");
      const remove = db.prepare("DELETE FROM flow_items WHERE first_item = ?");
      const windows = new Map();
      return (key, message, at) => {
        let w = windows.get(key);
        if (!w) {
          w = { first: Number(first.run(at, message).lastInsertRowid), count: 1 };
          windows.set(key, w);
        } else insert.run(w.first, w.count++, at, message);
        if (w.count < MAX) return;
        read.all(w.first);
        remove.run(w.first);
        windows.delete(key);
      };
    },
  };
}

const dir = mkdtempSync(join(tmpdir(), "hookgate-flow-layout-"));
console.log(`| layout | joins per commit | WAL frames per commit | WAL KiB per join | CPU µs per join |`);
console.log("|---|---|---|---|---|");
try {
  for (const group of values.group.split(",").map(Number)) {
    for (const [name, layout] of Object.entries(LAYOUTS)) {
      const file = join(dir, `${group}-${Object.keys(LAYOUTS).indexOf(name)}.db`);
      const db = new Database(file);
      db.pragma("journal_mode = WAL");
      db.pragma("synchronous = NORMAL");
      db.pragma("wal_autocheckpoint = 0");
      db.exec(layout.schema);
      const join_ = layout.join(db);
      const walStart = statSync(`${file}-wal`).size;
      const cpu = process.cpuUsage();
      let commits = 0;
      for (let i = 0; i < JOINS; ) {
        db.exec("BEGIN IMMEDIATE");
        for (let g = 0; g < group && i < JOINS; g++, i++) {
          const host = (i * 7919) % KEYS;
          join_(`HighCPU/host-${host}`, `HighCPU on host-${host} (firing, severity 4)`, i);
        }
        db.exec("COMMIT");
        commits++;
      }
      const used = process.cpuUsage(cpu);
      const frames = (statSync(`${file}-wal`).size - Math.max(walStart, 32)) / FRAME;
      console.log(
        `| ${name} | ${group} | ${(frames / commits).toFixed(1)} | ${((frames * FRAME) / 1024 / JOINS).toFixed(2)} | ${((used.user + used.system) / JOINS).toFixed(1)} |`,
      );
      db.close();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
