// The durable floor of the ingress benchmark: the least a durable ingress must do. A fastify POST route
// parses the JSON body, inserts it into SQLite (WAL, better-sqlite3), commits the requests that
// arrive together in one transaction, and answers only after fdatasync of the WAL file, run on
// libuv's thread pool so the event loop goes on meanwhile. One sync is in flight at a time; the
// requests that arrive during it commit together as soon as it returns. No auth, routing, template,
// log line, request log or metrics: hookgate's own work is measured against this.
import { fdatasync, mkdtempSync, openSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
// The same driver line hookgate loads on this Node.js (dist/ is built before a benchmark runs).
import { Database } from "../../../dist/store/sqlite/driver.js";

const file = join(mkdtempSync(join(tmpdir(), "hookgate-floor-")), "floor.db");
const db = new Database(file);
db.pragma("journal_mode = WAL");
db.exec(
  "CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY, body TEXT NOT NULL, received_at INTEGER NOT NULL)",
);
// COMMIT writes the WAL without syncing it; the sync below makes each batch durable (SQLite still
// syncs around its checkpoints), as hookgate's SQLite store does.
db.pragma("synchronous = NORMAL");
const wal = openSync(`${file}-wal`, "r+");
const insert = db.prepare("INSERT INTO events (body, received_at) VALUES (?, ?)");
const insertAll = db.transaction((batch) => {
  for (const w of batch) insert.run(w.body, w.at);
});

let waiting = [];
let syncing = false;
let scheduled = false;

function flush() {
  scheduled = false;
  if (syncing || waiting.length === 0) return;
  const batch = waiting;
  waiting = [];
  try {
    insertAll(batch);
  } catch (err) {
    for (const w of batch) w.reject(err);
    return;
  }
  syncing = true;
  fdatasync(wal, (err) => {
    syncing = false;
    for (const w of batch) err ? w.reject(err) : w.resolve();
    flush();
  });
}

function store(body) {
  return new Promise((resolve, reject) => {
    waiting.push({ body, at: Date.now(), resolve, reject });
    // Everything that arrives before the next macrotask joins the same transaction.
    if (!scheduled && !syncing) {
      scheduled = true;
      setImmediate(flush);
    }
  });
}

const app = Fastify({ logger: false });
app.post("/hooks/wake", async (req) => {
  await store(JSON.stringify(req.body));
  return { ok: true };
});
await app.listen({ host: "127.0.0.1", port: 0 });
process.stdout.write(`listening on http://127.0.0.1:${app.server.address().port}\n`);
process.on("SIGTERM", () =>
  app.close().then(() => {
    db.close();
    process.exit(0);
  }),
);
