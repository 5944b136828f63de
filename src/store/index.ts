// Opens the configured store. SQLite is embedded; the Redis store for several instances is not part
// of this build yet.
import type { Logger } from "pino";
import type { ResolvedConfig } from "../config/types.js";
import { SqliteStore } from "./sqlite.js";
import type { Store } from "./types.js";

/** Returns an opened store (migrations applied). */
export async function openStore(config: ResolvedConfig["store"], opts: { log: Logger }): Promise<Store> {
  if (config.kind === "redis") throw new Error("store kind redis is not available in this build");
  const store = new SqliteStore(config.path, { log: opts.log });
  await store.open();
  opts.log.debug({ path: config.path }, "store opened");
  return store;
}

export { SqliteStore } from "./sqlite.js";
export type * from "./types.js";
