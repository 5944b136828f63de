// Opens the store of a config for reading, as `hookgate events` and `hookgate runs` do while a server
// may be writing to it (WAL lets readers and the writer work at the same time).
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { ConfigError, formatIssue } from "../config/errors.js";
import { loadConfig } from "../config/load.js";
import { SqliteStore } from "./sqlite.js";

export type ReadableStore = { store: SqliteStore; path: string } | { missing: string };

/** A file given directly wins over the config's store.path. Throws Error with a printable message. */
export async function openForReading(opts: { config?: string; store?: string }): Promise<ReadableStore> {
  let path: string;
  if (opts.store !== undefined) {
    path = resolve(opts.store);
  } else {
    let loaded: Awaited<ReturnType<typeof loadConfig>>;
    try {
      loaded = await loadConfig(opts.config !== undefined ? { file: opts.config } : {});
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      const lines = err.issues.filter((i) => i.severity === "error").map(formatIssue);
      throw new Error(`${lines.join("\n")}\n(or name the database directly with --store FILE)`);
    }
    const store = loaded.config.store;
    if (store.kind !== "sqlite") throw new Error(`store kind ${store.kind} is not available in this build`);
    path = store.path;
  }
  if (!existsSync(path)) return { missing: path };
  const store = new SqliteStore(path, { readonly: true });
  await store.open();
  return { store, path };
}
