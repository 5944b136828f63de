// The store the commands that write to it open (`hookgate pause`, `resume`, `runs retry`: the one
// --store names, else the config's), and the mappings, packs and lanes a pause target is checked against.
import type { Store } from "../store/types.js";
import type { KnownTargets } from "./pause-target.js";

export interface PauseOptions {
  config?: string | undefined;
  store?: string | undefined;
}

/** Opens the store for writing; throws with a printable message. */
export async function openStoreToWrite(values: PauseOptions): Promise<Store> {
  // Imported here: --help and usage mistakes need no store (SQLite is native code).
  const { openStore } = await import("../store/index.js");
  const { storeFromArgument } = await import("../store/read-only.js");
  const { configuredStore } = await import("../config/store-file.js");
  const { createLogger } = await import("../log.js");
  const config =
    values.store !== undefined
      ? storeFromArgument(values.store)
      : await configuredStore({ file: values.config });
  return openStore(config, { log: createLogger("silent") });
}

/**
 * The config's mapping ids, pack names and lanes; with the reason when it cannot be loaded (a target must
 * then be written with its kind, `mapping:ID` or `pack:NAME`).
 */
export async function knownTargets(
  values: PauseOptions,
): Promise<{ known?: KnownTargets; problem?: string }> {
  try {
    const { loadConfig } = await import("../config/load.js");
    const { config } = await loadConfig({
      ...(values.config !== undefined && { file: values.config }),
      requireToken: false,
    });
    const { configuredLanes } = await import("../engine/lane.js");
    const packs = config.hooks.packs.map((p) => p.pack.id);
    const all = [...config.hooks.mappings, ...config.hooks.packs.flatMap((p) => p.mappings)];
    const mappings = [...new Set(all.map((m) => m.id))];
    return { known: { mappings, packs, lanes: configuredLanes(all, config.hooks.lanes) } };
  } catch (err) {
    return { problem: (err as Error).message };
  }
}
