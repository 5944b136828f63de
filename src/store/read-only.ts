// Opens a store file for reading, as `hookgate events` and `hookgate runs` do while a server may be
// writing to it (WAL lets readers and the writer work at the same time).
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { SqliteStore } from "./sqlite.js";
import type { StoreReader } from "./types.js";

export type ReadableStore = { store: StoreReader; path: string } | { missing: string };

/** A missing file is reported rather than created: reading must not leave an empty database behind. */
export async function openForReading(opts: { store: string }): Promise<ReadableStore> {
  const path = resolve(opts.store);
  if (!existsSync(path)) return { missing: path };
  const store = new SqliteStore(path, { readonly: true });
  await store.open();
  return { store, path };
}
