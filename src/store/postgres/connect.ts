// Connection settings of the PostgreSQL store, from the config's store section: TLS, type parsing and
// a printable name for the database that never shows a password.
import { readFileSync } from "node:fs";
import type { ConnectionOptions } from "node:tls";
import pg from "pg";
import type { PostgresStoreConfig } from "../../config/types.js";

/** bigint columns (event ids, millisecond times) as numbers: every value we keep fits in 2^53. */
const INT8_OID = 20;
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as never,
};

/** How long to wait for a connection (from the pool, or a new one) before the call fails. */
const CONNECT_TIMEOUT_MS = 10_000;
/**
 * A query without an answer by then fails (and its connection is dropped), so that a database gone
 * silent (a network partition sends no reset) turns into 503s instead of requests that never end.
 * Every query of the store is short; a future migration that is not would need a client of its own.
 */
const QUERY_TIMEOUT_MS = 60_000;

/** `postgres://user@host:port/db`: the URL without password and parameters, for messages and logs. */
export function describeDatabase(url: string): string {
  try {
    const u = new URL(url);
    const user = u.username ? `${decodeURIComponent(u.username)}@` : "";
    return `${u.protocol}//${user}${u.host}${u.pathname}`;
  } catch {
    return "the configured PostgreSQL database";
  }
}

/** Settings for a pool (or, with max 1, a single client) of the configured database. */
export function connectionConfig(config: PostgresStoreConfig, max: number): pg.PoolConfig {
  return {
    connectionString: config.url,
    max,
    types,
    application_name: "hookgate",
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(config.tls ? { ssl: tlsOptions(config.tls) } : {}),
  };
}

/** store.tls as Node TLS options, the modes meaning what libpq's sslmode values mean. */
function tlsOptions(tls: NonNullable<PostgresStoreConfig["tls"]>): false | ConnectionOptions {
  if (tls.mode === "disable") return false;
  const files: ConnectionOptions = {};
  if (tls.ca) files.ca = readFileSync(tls.ca, "utf8");
  if (tls.cert) files.cert = readFileSync(tls.cert, "utf8");
  if (tls.key) files.key = readFileSync(tls.key, "utf8");
  if (tls.mode === "require") return { ...files, rejectUnauthorized: false };
  if (tls.mode === "verify-ca")
    return { ...files, rejectUnauthorized: true, checkServerIdentity: () => undefined };
  return { ...files, rejectUnauthorized: true };
}

/** `"schema"`: an identifier quoted for SQL (the config allows lower-case letters, digits and _ only). */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** SQLSTATE of a PostgreSQL error, if it is one. */
export function sqlState(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** Errors after which the same transaction, tried again, may well succeed. */
export function isRetryable(err: unknown): boolean {
  const state = sqlState(err);
  return state === "40001" || state === "40P01";
}

/**
 * PostgreSQL text cannot hold U+0000; JSON payloads can. It is stored as U+FFFD, the character that
 * already stands in for text the database cannot keep (as for a lone surrogate).
 */
export function pgText(value: string): string;
export function pgText(value: string | null): string | null;
export function pgText(value: string | null): string | null {
  return value === null || !value.includes("\u0000") ? value : value.replaceAll("\u0000", "\ufffd");
}

/**
 * Runs `work` between `begin` and COMMIT on a client of the pool. After an error of the connection
 * itself (no SQLSTATE: reset, timeout) no ROLLBACK is sent and the client is dropped, not reused.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  begin = "BEGIN",
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (err) {
    if (sqlState(err) === undefined) broken = err as Error;
    else
      await client.query("ROLLBACK").catch((e: Error) => {
        broken = e;
      });
    throw err;
  } finally {
    client.release(broken);
  }
}
