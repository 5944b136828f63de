// `hookgate store copy`: moves a single-node install's SQLite file into a PostgreSQL schema, so that
// several instances can take over its events, runs, sessions, routes, live idempotency keys,
// heartbeats, request log, flow control's windows, keys, rate counts and token counts, issues, and the http
// runner's callback URLs. The source is read in one read transaction (a consistent snapshot);
// the target is written in one transaction, so a copy that fails leaves the target as it was and can
// simply be run again. A target that already holds data is refused unless `replace` empties it first.
import { closeSync, existsSync, openSync, readSync } from "node:fs";
import type BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import type { PostgresStoreConfig } from "../config/types.js";
import { connectionConfig, pgText, quoteIdent } from "./postgres/connect.js";
import { migratePg } from "./postgres/schema.js";
import { Database } from "./sqlite/driver.js";
import { SCHEMA_VERSION, schemaVersion } from "./sqlite/schema.js";

/** The tables copied, in order, and the column that orders their rows. */
const TABLES = [
  { name: "events", order: "id", identity: "id" },
  { name: "runs", order: "seq", identity: "seq" },
  { name: "transcripts", order: "id", identity: "id" },
  { name: "routes", order: "key" },
  { name: "idempotency", order: "scope, key" },
  { name: "heartbeats", order: "id", identity: "id" },
  // The request log, so that the console and `hookgate replay` keep the history.
  { name: "requests", order: "seq", identity: "seq" },
  // Open coalesce windows (their held runs start when the window ends) with the requests they
  // gathered, and remembered dedupe keys.
  { name: "flow_windows", order: "scope, key" },
  { name: "flow_items", order: "id", identity: "id" },
  { name: "flow_dedupe", order: "scope, key" },
  // Each mapping's rate count (its held runs are in runs, with the time their period starts).
  { name: "flow_rates", order: "scope" },
  // Each token-budgeted mapping's tokens spent in its latest period.
  { name: "flow_tokens", order: "scope" },
  { name: "issues", order: "id", identity: "id" },
  { name: "run_retries", order: "run_id" },
  // Pauses: their held runs stay held on the other side.
  { name: "pauses", order: "target" },
  // Runs waiting for an HTTP agent's later answer keep their callback URLs.
  { name: "run_callbacks", order: "run_id" },
] as const;

export type CopiedTable = (typeof TABLES)[number]["name"];

/** Rows sent to PostgreSQL per statement. */
const BATCH_ROWS = 500;

export interface CopyProgress {
  table: CopiedTable;
  done: number;
  total: number;
}

export interface CopyOptions {
  /** Empty the target's hookgate tables first instead of refusing a target that holds data. */
  replace?: boolean;
  /** Called after each batch of rows (and once per table at its start). */
  onProgress?: (progress: CopyProgress) => void;
  /** Idempotency records that expired before this time are left behind. */
  now?: number;
}

export type CopyResult =
  | { status: "copied"; rows: Record<CopiedTable, number> }
  | { status: "target-not-empty"; rows: Partial<Record<CopiedTable, number>> };

/** true when the file starts with SQLite's header (a database, as opposed to a config file). */
export function isSqliteFile(path: string): boolean {
  if (!existsSync(path)) return false;
  const fd = openSync(path, "r");
  try {
    const header = Buffer.alloc(16);
    return readSync(fd, header, 0, 16, 0) === 16 && header.toString("latin1") === "SQLite format 3\u0000";
  } finally {
    closeSync(fd);
  }
}

export async function copySqliteToPostgres(
  sqlitePath: string,
  target: PostgresStoreConfig,
  opts: CopyOptions = {},
): Promise<CopyResult> {
  const source = openSource(sqlitePath);
  const client = new pg.Client(connectionConfig(target, 1));
  try {
    await client.connect();
    // The schema is created or brought up to date first, as an instance would at start.
    await migratePg(client, target.schema);
    const s = quoteIdent(target.schema);
    await client.query("BEGIN");
    try {
      // Nobody else writes the target while it is being filled (or checked for emptiness).
      await client.query(`LOCK TABLE ${TABLES.map((t) => `${s}.${t.name}`).join(", ")} IN EXCLUSIVE MODE`);
      const present = await countRows(client, s);
      if (Object.values(present).some((n) => n > 0)) {
        if (!opts.replace) {
          await client.query("ROLLBACK");
          return { status: "target-not-empty", rows: present };
        }
        await client.query(`TRUNCATE ${TABLES.map((t) => `${s}.${t.name}`).join(", ")}`);
      }
      source.exec("BEGIN");
      const rows = {} as Record<CopiedTable, number>;
      for (const table of TABLES) rows[table.name] = await copyTable(source, client, s, table, opts);
      source.exec("COMMIT");
      await client.query("COMMIT");
      return { status: "copied", rows };
    } catch (err) {
      await client.query("ROLLBACK").catch(() => {});
      throw err;
    }
  } finally {
    source.close();
    await client.end().catch(() => {});
  }
}

function openSource(path: string): BetterSqlite3.Database {
  let db: BetterSqlite3.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new Error(`cannot open ${path}: ${(err as Error).message}`);
  }
  const version = schemaVersion(db);
  if (version === 0 || version > SCHEMA_VERSION) {
    db.close();
    throw new Error(
      version === 0
        ? `${path} is not a hookgate store (it has no hookgate tables)`
        : `${path} has schema version ${version}, newer than this hookgate understands; upgrade hookgate`,
    );
  }
  return db;
}

async function countRows(client: pg.Client, s: string): Promise<Record<CopiedTable, number>> {
  const { rows } = await client.query<Record<CopiedTable, number>>(
    `SELECT ${TABLES.map((t) => `(SELECT count(*) FROM ${s}.${t.name})::int AS ${t.name}`).join(", ")}`,
  );
  return rows[0]!;
}

async function copyTable(
  source: BetterSqlite3.Database,
  client: pg.Client,
  s: string,
  table: (typeof TABLES)[number],
  opts: CopyOptions,
): Promise<number> {
  const where = table.name === "idempotency" ? "WHERE expires_at > ?" : "";
  const params = table.name === "idempotency" ? [opts.now ?? Date.now()] : [];
  const total = (
    source.prepare(`SELECT count(*) AS n FROM ${table.name} ${where}`).get(...params) as { n: number }
  ).n;
  opts.onProgress?.({ table: table.name, done: 0, total });
  const columns = (
    source.prepare(`SELECT name FROM pragma_table_info('${table.name}')`).all() as { name: string }[]
  ).map((c) => c.name);
  const list = columns.map(quoteIdent).join(", ");
  let done = 0;
  let batch: Record<string, unknown>[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    // Column by name from a JSON array of rows; PostgreSQL casts each value to its column's type.
    await client.query(
      `INSERT INTO ${s}.${table.name} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${s}.${table.name}, $1::json)`,
      [JSON.stringify(batch)],
    );
    done += batch.length;
    batch = [];
    opts.onProgress?.({ table: table.name, done, total });
  };
  for (const row of source
    .prepare(`SELECT * FROM ${table.name} ${where} ORDER BY ${table.order}`)
    .iterate(...params)) {
    batch.push(textSafe(row as Record<string, unknown>));
    if (batch.length >= BATCH_ROWS) await flush();
  }
  await flush();
  if ("identity" in table) {
    // New rows continue after the copied ids.
    await client.query(
      `SELECT setval(pg_get_serial_sequence($1, $2), GREATEST((SELECT max(${table.identity}) FROM ${s}.${table.name}), 1),
         (SELECT count(*) > 0 FROM ${s}.${table.name}))`,
      [`${s}.${table.name}`, table.identity],
    );
  }
  return done;
}

/** A row as JSON PostgreSQL takes: text without NUL, a BLOB (a kept request body) in bytea's hex form. */
function textSafe(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    out[k] = typeof v === "string" ? pgText(v) : Buffer.isBuffer(v) ? `\\x${v.toString("hex")}` : v;
  }
  return out;
}
