// The SQLite file a config keeps its state in, for commands that only read it (hookgate events,
// hookgate runs): they serve nothing, so the hook token is not needed to find it.
import { ConfigError, formatIssue } from "./errors.js";
import { type LoadConfigOptions, loadConfig } from "./load.js";

/** Absolute path of the store file. Throws Error with a printable message when the config cannot be used. */
export async function configuredStoreFile(
  opts: Pick<LoadConfigOptions, "file" | "cwd" | "env"> = {},
): Promise<string> {
  try {
    const { store } = (await loadConfig({ ...opts, requireToken: false })).config;
    // The loader already refuses every other kind; this only narrows the type.
    if (store.kind !== "sqlite") throw new Error(`store.kind ${store.kind} is not available in this version`);
    return store.path;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    const lines = err.issues.filter((i) => i.severity === "error").map(formatIssue);
    throw new Error(`${lines.join("\n")}\n(or name the database directly with --store FILE)`);
  }
}
