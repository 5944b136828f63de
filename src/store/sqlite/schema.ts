// Schema of the SQLite store as an append-only list of migrations; `PRAGMA user_version` holds how
// many have been applied. Never edit a shipped migration: add a new one.
import type Database from "better-sqlite3";

const migrations: string[] = [
  // 1: main session, runs, sessions, routes, idempotency, heartbeats
  `
  CREATE TABLE events (
    id          INTEGER PRIMARY KEY,
    text        TEXT    NOT NULL,
    source      TEXT    NOT NULL,
    mode        TEXT    NOT NULL DEFAULT 'next-heartbeat',
    repeats     INTEGER NOT NULL DEFAULT 1,
    created_at  INTEGER NOT NULL,
    last_at     INTEGER NOT NULL,
    consumed_at INTEGER
  );
  CREATE INDEX events_pending ON events (id) WHERE consumed_at IS NULL;

  CREATE TABLE runs (
    seq               INTEGER PRIMARY KEY,
    id                TEXT    NOT NULL UNIQUE,
    name              TEXT    NOT NULL,
    message           TEXT    NOT NULL,
    agent_id          TEXT,
    session_key       TEXT    NOT NULL,
    model             TEXT,
    thinking          TEXT,
    timeout_seconds   REAL,
    wake_mode         TEXT    NOT NULL,
    deliver           INTEGER NOT NULL,
    channel           TEXT    NOT NULL,
    recipient         TEXT,
    mapping_id        TEXT,
    preset            TEXT,
    received_at       INTEGER NOT NULL,
    status            TEXT    NOT NULL,
    attempts          INTEGER NOT NULL DEFAULT 0,
    resolved_agent_id TEXT,
    resolved_model    TEXT,
    prompt            TEXT,
    reply             TEXT,
    error             TEXT,
    usage             TEXT,
    started_at        INTEGER,
    finished_at       INTEGER,
    delivery          TEXT,
    delivery_status   TEXT
  );
  CREATE INDEX runs_status ON runs (status, seq);
  CREATE INDEX runs_session ON runs (session_key, seq);
  CREATE INDEX runs_delivery_pending ON runs (seq) WHERE delivery_status = 'pending';

  CREATE TABLE transcripts (
    id          INTEGER PRIMARY KEY,
    session_key TEXT    NOT NULL,
    role        TEXT    NOT NULL,
    content     TEXT    NOT NULL,
    run_id      TEXT,
    created_at  INTEGER NOT NULL
  );
  CREATE INDEX transcripts_session ON transcripts (session_key, id);

  CREATE TABLE routes (
    key       TEXT PRIMARY KEY,
    channel   TEXT NOT NULL,
    recipient TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );

  CREATE TABLE idempotency (
    scope      TEXT    NOT NULL,
    key        TEXT    NOT NULL,
    expires_at INTEGER NOT NULL,
    response   TEXT    NOT NULL,
    PRIMARY KEY (scope, key)
  );
  CREATE INDEX idempotency_expiry ON idempotency (expires_at);

  CREATE TABLE heartbeats (
    id          INTEGER PRIMARY KEY,
    reason      TEXT    NOT NULL,
    status      TEXT    NOT NULL,
    started_at  INTEGER NOT NULL,
    finished_at INTEGER NOT NULL,
    event_ids   TEXT    NOT NULL,
    prompt      TEXT,
    reply       TEXT,
    error       TEXT,
    usage       TEXT,
    delivery    TEXT
  );
  `,
  // 2: the request an idempotency key was first used with, so a reuse with another body is refused
  `
  ALTER TABLE idempotency ADD COLUMN fingerprint TEXT;
  `,
  // 3: the row /healthz rewrites to prove the store can still commit.
  `
  CREATE TABLE health (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at INTEGER NOT NULL);
  `,
  // 4: the request log (filter columns, the rest of the entry as JSON, the kept body) and the trace a
  // run belongs to.
  `
  CREATE TABLE requests (
    seq         INTEGER PRIMARY KEY,
    id          TEXT    NOT NULL UNIQUE,
    received_at INTEGER NOT NULL,
    hook        TEXT    NOT NULL,
    status      INTEGER NOT NULL,
    outcome     TEXT    NOT NULL,
    code        TEXT,
    mapping_id  TEXT,
    run_id      TEXT,
    entry       TEXT    NOT NULL,
    body        BLOB
  );
  CREATE INDEX requests_received ON requests (received_at);
  CREATE INDEX requests_mapping ON requests (mapping_id, seq);
  CREATE INDEX requests_hook ON requests (hook, seq);

  ALTER TABLE runs ADD COLUMN trace_context TEXT;
  `,
  // 5: whether a run continues its session's conversation; NULL (older runs) means persistent.
  `
  ALTER TABLE runs ADD COLUMN session_mode TEXT;
  `,
  // 6: the sender's delivery id of a logged request (`hookgate requests --delivery ID`).
  `
  ALTER TABLE requests ADD COLUMN delivery_id TEXT;
  CREATE INDEX requests_delivery ON requests (delivery_id, seq) WHERE delivery_id IS NOT NULL;
  `,
  // 7: the id the run's target gave it (an OpenClaw gateway's runId, an A2A task id).
  `
  ALTER TABLE runs ADD COLUMN target_id TEXT;
  `,
  // 8: flow control: why a run is held and until when, how many requests were merged into it, the
  // open coalesce windows and the remembered dedupe keys.
  `
  ALTER TABLE runs ADD COLUMN held_reason TEXT;
  ALTER TABLE runs ADD COLUMN held_until INTEGER;
  ALTER TABLE runs ADD COLUMN merged INTEGER;

  CREATE TABLE flow_windows (
    scope     TEXT    NOT NULL,
    key       TEXT    NOT NULL,
    kind      TEXT    NOT NULL,
    run_id    TEXT,
    opened_at INTEGER NOT NULL,
    closes_at INTEGER NOT NULL,
    max       INTEGER NOT NULL,
    items     TEXT    NOT NULL,
    mode      TEXT,
    source    TEXT,
    text      TEXT,
    PRIMARY KEY (scope, key)
  );
  CREATE INDEX flow_windows_closes ON flow_windows (closes_at);

  CREATE TABLE flow_dedupe (
    scope      TEXT    NOT NULL,
    key        TEXT    NOT NULL,
    expires_at INTEGER NOT NULL,
    ref        TEXT,
    PRIMARY KEY (scope, key)
  );
  CREATE INDEX flow_dedupe_expiry ON flow_dedupe (expires_at);
  `,
  // 9: issues: failures of one kind on one path, open until the path succeeds again.
  `
  CREATE TABLE issues (
    id                 INTEGER PRIMARY KEY,
    key                TEXT    NOT NULL,
    kind               TEXT    NOT NULL,
    subject            TEXT    NOT NULL,
    code               TEXT    NOT NULL,
    address            TEXT,
    count              INTEGER NOT NULL,
    first_seen         INTEGER NOT NULL,
    last_seen          INTEGER NOT NULL,
    closed_at          INTEGER,
    example_run_id     TEXT,
    example_request_id TEXT,
    message            TEXT
  );
  CREATE UNIQUE INDEX issues_open_key ON issues (key) WHERE closed_at IS NULL;
  CREATE INDEX issues_open_subject ON issues (subject) WHERE closed_at IS NULL;
  `,
  // 10: runs queued again by `hookgate runs retry`, linked to the run they retry (at most one retry each).
  `
  CREATE TABLE run_retries (
    run_id   TEXT PRIMARY KEY,
    retry_of TEXT NOT NULL UNIQUE
  );
  `,
  // 11: the lane a run waits in and how many of the lane may run at once, counted when runs are claimed.
  `
  ALTER TABLE runs ADD COLUMN lane TEXT;
  ALTER TABLE runs ADD COLUMN lane_limit INTEGER;
  CREATE INDEX runs_lane ON runs (lane, status) WHERE lane IS NOT NULL;
  `,
  // 12: flow rate: each mapping's count of runs in the latest period it gave a run, and the rate a
  // coalesce window's run reaches when the window ends.
  `
  CREATE TABLE flow_rates (
    scope        TEXT    PRIMARY KEY,
    period_start INTEGER NOT NULL,
    count        INTEGER NOT NULL,
    held         INTEGER NOT NULL
  );
  ALTER TABLE flow_windows ADD COLUMN rate TEXT;
  `,
  // 13: pauses (`hookgate pause`): a paused target's runs wait held, by the pause that holds them.
  `
  ALTER TABLE runs ADD COLUMN held_by TEXT;
  CREATE TABLE pauses (
    target    TEXT    PRIMARY KEY,
    ends_at   INTEGER,
    paused_by TEXT    NOT NULL,
    paused_at INTEGER NOT NULL
  );
  `,
  // 14: the request log's hook and mapping filters (rare reads, over at most retention.maxRows rows)
  // read the table newest first instead of an index each: two index updates less per logged request
  // (test/bench/README.md, "The request log's insert"). The time and delivery id indexes stay.
  `
  DROP INDEX IF EXISTS requests_mapping;
  DROP INDEX IF EXISTS requests_hook;
  `,
  // 15: the callback URLs of runs handed to an HTTP agent that answers later, and that answer: kept in
  // the store so that any instance can take it, once, and a run sent again after a restart finds it.
  `
  CREATE TABLE run_callbacks (
    run_id      TEXT    PRIMARY KEY,
    digests     TEXT    NOT NULL,
    expires_at  INTEGER NOT NULL,
    answer      TEXT,
    answered_at INTEGER
  );
  `,
  // 16: flow budget: each token-budgeted mapping's tokens spent in the period of its latest finished run
  // (added when a run finishes, the period kept with the row), and the budget a coalesce window's run
  // reaches when the window ends. A budget's run count is a flow_rates row under "<mapping>/budget".
  `
  CREATE TABLE flow_tokens (
    scope        TEXT    PRIMARY KEY,
    per_ms       INTEGER NOT NULL,
    period_start INTEGER NOT NULL,
    tokens       INTEGER NOT NULL
  );
  ALTER TABLE flow_windows ADD COLUMN budget TEXT;
  `,
  // 17: a coalesce window keeps its requests as rows, one written per join, and its run's message
  // (a wake window's text) is made once, when it ends; the frame says how. Windows open in the
  // earlier layout already held their whole message: they end now (items and text stay unused).
  `
  UPDATE runs SET status = 'queued', held_reason = NULL, held_until = NULL
    WHERE status = 'held' AND id IN (SELECT run_id FROM flow_windows WHERE kind = 'run');
  INSERT INTO events (text, source, mode, repeats, created_at, last_at)
    SELECT coalesce(text, ''), coalesce(source, 'wake'), coalesce(mode, 'now'), 1, opened_at, opened_at
    FROM flow_windows WHERE kind = 'wake' ORDER BY opened_at;
  DELETE FROM flow_windows;
  ALTER TABLE flow_windows ADD COLUMN frame TEXT;

  CREATE TABLE flow_items (
    scope   TEXT    NOT NULL,
    key     TEXT    NOT NULL,
    seq     INTEGER NOT NULL,
    at      INTEGER NOT NULL,
    message TEXT    NOT NULL,
    PRIMARY KEY (scope, key, seq)
  ) WITHOUT ROWID;
  `,
  // 18: a window's requests in arrival order under an integer key, so that the joins of one commit
  // append to the table's last page instead of dirtying a page per open window, each one more WAL frame
  // (test/bench/README.md, "Joins that append"). A window is known by its first item's id; the index
  // on (first_item, seq), of small entries, finds its items and count. The open windows keep theirs:
  // each window's items are renumbered in a row, in the order the windows opened (seq has no gaps, so
  // a window's first id is the sum of the counts before it, one at least).
  `
  ALTER TABLE flow_windows ADD COLUMN first_item INTEGER;
  UPDATE flow_windows SET first_item = f.first_item FROM (
    SELECT scope, key, 1 + coalesce(sum(max(n, 1)) OVER (ORDER BY opened_at, scope, key
      ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS first_item
    FROM (SELECT w.scope, w.key, w.opened_at,
            (SELECT count(*) FROM flow_items i WHERE i.scope = w.scope AND i.key = w.key) AS n
          FROM flow_windows w)
  ) AS f WHERE f.scope = flow_windows.scope AND f.key = flow_windows.key;
  ALTER TABLE flow_items RENAME TO flow_items_by_window;
  CREATE TABLE flow_items (
    id         INTEGER PRIMARY KEY,
    first_item INTEGER NOT NULL,
    seq        INTEGER NOT NULL,
    at         INTEGER NOT NULL,
    message    TEXT    NOT NULL
  );
  INSERT INTO flow_items (id, first_item, seq, at, message)
    SELECT w.first_item + i.seq, w.first_item, i.seq, i.at, i.message
    FROM flow_items_by_window i JOIN flow_windows w ON w.scope = i.scope AND w.key = i.key
    ORDER BY 1;
  DROP TABLE flow_items_by_window;
  CREATE INDEX flow_items_window ON flow_items (first_item, seq);
  `,
];

export const SCHEMA_VERSION = migrations.length;

/** Applies the migrations the file has not seen yet, all in one transaction. */
export function migrate(db: Database.Database): void {
  const current = schemaVersion(db);
  if (current > SCHEMA_VERSION) {
    throw new Error(
      `store ${db.name} has schema version ${current}, newer than this hookgate understands (${SCHEMA_VERSION}); upgrade hookgate`,
    );
  }
  if (current === SCHEMA_VERSION) return;
  db.transaction(() => {
    for (let v = current; v < SCHEMA_VERSION; v++) db.exec(migrations[v]!);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}

export function schemaVersion(db: Database.Database): number {
  return db.pragma("user_version", { simple: true }) as number;
}
