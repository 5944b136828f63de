// The store a config keeps its state in, for commands that only read it (hookgate events,
// hookgate runs), move it (hookgate store copy) or find the server's pid file beside it (hookgate
// reload): they serve nothing, so the hook token is not needed to find it.
import { dirname, resolve } from "node:path";
import { schemaDefaults } from "./check/schemas.js";
import { ConfigError, formatIssue } from "./errors.js";
import { findConfigFile, type LoadConfigOptions, loadConfig } from "./load.js";
import { displayPath, readSourceFile } from "./source/source-file.js";
import type { ResolvedConfig } from "./types.js";

/** The config's store section. Throws Error with a printable message when the config cannot be used. */
export async function configuredStore(
  opts: Pick<LoadConfigOptions, "file" | "cwd" | "env"> = {},
): Promise<ResolvedConfig["store"]> {
  try {
    return (await loadConfig({ ...opts, requireToken: false })).config.store;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    const lines = err.issues.filter((i) => i.severity === "error").map(formatIssue);
    throw new Error(`${lines.join("\n")}\n(or name the database directly with --store FILE|URL)`);
  }
}

/**
 * The SQLite file a config names, read leniently: only the file's syntax and `store` matter, so a
 * config with mistakes elsewhere (the usual reason to reload one) still tells where the state is.
 * undefined for a store that is not a file. Throws Error with a printable message when the config
 * file cannot be read or parsed.
 */
export async function declaredStoreFile(
  opts: Pick<LoadConfigOptions, "file" | "cwd" | "env"> = {},
): Promise<string | undefined> {
  const cwd = resolve(opts.cwd ?? process.cwd());
  const file = opts.file !== undefined ? resolve(cwd, opts.file) : findConfigFile(cwd);
  const declared = { ...schemaDefaults("store") } as { kind?: string; path?: string };
  let dir = cwd;
  if (file !== undefined) {
    const read = await readSourceFile(file, displayPath(file, cwd), {
      env: opts.env ?? process.env,
      what: "config file",
    });
    if (!read.parsed) throw new Error(read.issues.map(formatIssue).join("\n"));
    const store = (read.data as { store?: unknown } | null)?.store;
    if (store !== null && typeof store === "object") Object.assign(declared, store);
    dir = dirname(file);
  }
  if ((declared.kind ?? "sqlite") !== "sqlite" || typeof declared.path !== "string") return undefined;
  return resolve(dir, declared.path);
}
