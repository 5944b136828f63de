// The built-in configuration `hookgate serve` uses when there is no config file: hooks on, the mail
// pack, one echo agent, SQLite under .hookgate/.
import type { HookgateConfig } from "../types/generated.js";

export const defaultStorePath = ".hookgate/state.db";

export function builtInConfig(token: string): HookgateConfig {
  return {
    hooks: { enabled: true, token, presets: ["mail"] },
    agents: { list: [{ id: "main", default: true, runner: { kind: "echo" } }] },
    heartbeat: { every: "30m" },
    store: { kind: "sqlite", path: defaultStorePath },
  };
}
