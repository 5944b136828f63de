// The store a config keeps its state in, for commands that only read it (hookgate events,
// hookgate runs) or move it (hookgate store copy): they serve nothing, so the hook token is not
// needed to find it.
import { ConfigError, formatIssue } from "./errors.js";
import { type LoadConfigOptions, loadConfig } from "./load.js";
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
