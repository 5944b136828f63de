// Opens the configured store: SQLite embedded in this process, or PostgreSQL shared by several instances.
import type { Logger } from "pino";
import type { ResolvedConfig } from "../config/types.js";
import { SqliteStore } from "./sqlite/store.js";
import type { Store } from "./types.js";

/**
 * Returns an opened store (migrations applied). `sqliteBusyTimeoutMs`: how long a SQLite store waits
 * for another process's write lock before a write fails (default 5000 ms).
 */
export async function openStore(
  config: ResolvedConfig["store"],
  opts: { log: Logger; sqliteBusyTimeoutMs?: number },
): Promise<Store> {
  if (config.kind === "postgres") {
    // Loaded only when used: a SQLite install never loads the PostgreSQL driver.
    const { PostgresStore } = await import("./postgres/store.js");
    const store = new PostgresStore(config, { log: opts.log });
    await store.open();
    opts.log.debug({ store: store.where }, "store opened");
    return store;
  }
  const store = new SqliteStore(config.path, {
    log: opts.log,
    ...(opts.sqliteBusyTimeoutMs !== undefined && { busyTimeoutMs: opts.sqliteBusyTimeoutMs }),
  });
  await store.open();
  opts.log.debug({ path: config.path }, "store opened");
  return store;
}
