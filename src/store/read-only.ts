// Opens a store for reading, as `hookgate events` and `hookgate runs` do while servers may be writing
// to it: a SQLite file (WAL lets readers and the writer work at the same time) or a PostgreSQL schema.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { ResolvedConfig } from "../config/types.js";
import { checkSchemaName } from "./postgres/schema-name.js";
import { SqliteStore } from "./sqlite/store.js";
import type { StoreReader } from "./types.js";

/** `path`: where the store is, for messages (a file path, or the database without its password). */
export type ReadableStore = { store: StoreReader; path: string } | { missing: string };

/**
 * A store given on the command line: a PostgreSQL URL, else a SQLite file. The URL's `schema`
 * parameter names the schema (default `hookgate`) and is not passed on to the server.
 */
export function storeFromArgument(value: string): ResolvedConfig["store"] {
  if (/^postgres(ql)?:\/\//i.test(value)) {
    let url = value;
    let schema = "hookgate";
    try {
      const u = new URL(value);
      const named = u.searchParams.get("schema");
      if (named !== null) {
        checkSchemaName(named, "the URL's schema parameter");
        schema = named;
        u.searchParams.delete("schema");
        url = u.toString();
      }
    } catch (err) {
      if (!(err instanceof TypeError)) throw err;
      // Not parsable here: the driver reports it when connecting.
    }
    return { kind: "postgres", url, poolSize: 2, schema, leaseSeconds: 30 };
  }
  return { kind: "sqlite", path: resolve(value) };
}

/** A missing file or schema is reported rather than created: reading must not leave an empty database behind. */
export async function openForReading(opts: { store: ResolvedConfig["store"] }): Promise<ReadableStore> {
  const config = opts.store;
  if (config.kind === "postgres") {
    const { MissingSchemaError, PostgresStore } = await import("./postgres/store.js");
    const store = new PostgresStore(config, { readonly: true });
    try {
      await store.open();
    } catch (err) {
      if (err instanceof MissingSchemaError) return { missing: store.where };
      throw err;
    }
    return { store, path: store.where };
  }
  const path = resolve(config.path);
  if (!existsSync(path)) return { missing: path };
  const store = new SqliteStore(path, { readonly: true });
  await store.open();
  return { store, path };
}
