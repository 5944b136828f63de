// Settings a running server cannot take over: the listening socket, the store, the routes registered
// at start (/metrics, /console), the fastify options, the size of the run worker, and the process-wide
// request log writer and retention timer. A reload keeps their running values
// (the new generation's config carries them) and names those the file changed, so nobody believes a
// new port is in effect.
import { isDeepStrictEqual } from "node:util";
import type { ResolvedConfig } from "../config/types.js";

/** Key paths, each read once at start. */
const RESTART_ONLY = [
  "server.host",
  "server.port",
  "server.trustProxy",
  "server.logEachRequest",
  "server.logSummarySeconds",
  "hooks.enabled",
  "hooks.path",
  "agents.defaults.maxConcurrentRuns",
  "store",
  "server.metrics",
  "server.console",
  "requestLog.enabled",
  "retention",
] as const;

/** Safe to show in a log line (a store URL may hold a password; proxy lists are not worth it). */
const SHOWN = new Set<string>([
  "server.host",
  "server.port",
  "server.logEachRequest",
  "server.logSummarySeconds",
  "hooks.enabled",
  "hooks.path",
  "requestLog.enabled",
  "retention",
]);

export interface RestartOnlyChange {
  key: string;
  /** `18789 → 18800` when the values are safe to show. */
  values?: string;
}

/**
 * `next` with the running values of the restart-only settings, and which of them the file changed.
 * `ignore`: keys whose file value does not matter (set on the command line).
 */
export function keepRunningValues(
  next: ResolvedConfig,
  running: ResolvedConfig,
  ignore: readonly string[] = [],
  extra: readonly string[] = [],
): { config: ResolvedConfig; changed: RestartOnlyChange[] } {
  let config = next;
  const changed: RestartOnlyChange[] = [];
  for (const key of [...RESTART_ONLY, ...extra]) {
    const path = key.split(".");
    const was = get(running, path);
    const now = get(next, path);
    if (!isDeepStrictEqual(was, now) && !ignore.includes(key)) {
      changed.push(SHOWN.has(key) ? { key, values: `${show(was)} → ${show(now)}` } : { key });
    }
    config = withValue(config, path, was) as ResolvedConfig;
  }
  return { config, changed };
}

function get(node: unknown, path: readonly string[]): unknown {
  let at = node;
  for (const seg of path) at = (at as Record<string, unknown> | undefined)?.[seg];
  return at;
}

/** A copy of `node` with `value` at `path`; the objects along the path are copied, nothing else. */
function withValue(node: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [seg, ...rest] = path as [string, ...string[]];
  const obj = (node ?? {}) as Record<string, unknown>;
  return { ...obj, [seg]: withValue(obj[seg], rest, value) };
}

function show(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}
