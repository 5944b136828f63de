// A complete ResolvedConfig for tests, with the schema's defaults, so that each test states only what
// it is about: testConfig({ heartbeat: { everyMs: 0 } }). Objects are merged deeply; arrays and other
// values replace. Paths default to a folder under the OS temp dir unless `dir` is given.

import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError } from "../../src/config/errors.js";
import { IssueList } from "../../src/config/issues.js";
import { loadPackCatalog } from "../../src/config/packs/catalog.js";
import { enablePacks, PackFinder } from "../../src/config/packs/enable.js";
import type { ResolvedConfig } from "../../src/config/types.js";
import { isObject } from "../../src/core/is-object.js";

export type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

export const TEST_TOKEN = "test-hook-token-0123456789abcdef";

export function defaultTestConfig(dir: string = tmpdir()): ResolvedConfig {
  return {
    file: null,
    dir,
    server: {
      host: "127.0.0.1",
      port: 0,
      trustProxy: [],
      logLevel: "silent",
      logEachRequest: false,
      logSummarySeconds: 60,
      metrics: { enabled: true, allowFrom: ["loopback"] },
      console: { enabled: true, allowFrom: ["loopback"], sessionTtlMs: 43_200_000 },
    },
    hooks: {
      enabled: true,
      token: TEST_TOKEN,
      path: "/hooks",
      allowedAgentIds: null,
      allowRequestSessionKey: false,
      sessionMode: "persistent",
      allowedSessionKeyPrefixes: null,
      presets: [],
      packs: [],
      mappings: [],
      transformsDir: join(dir, "hooks", "transforms"),
      transformLimits: {
        // Generous: a transform under test must not time out because the machine's cores are busy.
        cpuMs: 5000,
        memoryMiB: 32,
        maxResultBytes: 262_144,
        maxStackBytes: 49_152,
        workers: 2,
        maxQueued: 256,
        maxInputBytes: 1048576,
      },
      mail: {},
      maxBodyBytes: 262_144,
      bodyTimeoutSeconds: 30,
      unauthenticatedBodyBytes: 33_554_432,
      authFailures: { max: 20, windowSeconds: 60, lockSeconds: 60, maxTrackedAddresses: 10_000 },
      idempotencyTtlSeconds: 86_400,
      lanes: {},
    },
    agents: {
      defaults: { models: null, timeoutSeconds: 600, maxConcurrentRuns: 4, transcriptTurns: 20 },
      list: [{ id: "main", runner: { kind: "echo" } }],
      defaultAgentId: "main",
    },
    providers: {},
    channels: {},
    delivery: { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 30_000, maxRetryAfterMs: 900_000 },
    heartbeat: { everyMs: 30 * 60_000, prompt: "", ackToken: "HEARTBEAT_OK", coalesceMs: 250 },
    store: { kind: "sqlite", path: join(dir, ".hookgate", "state.db") },
    requestLog: { enabled: true, maxBodyBytes: 65_536 },
    retention: { maxAgeMs: 14 * 86_400_000, maxRows: 100_000, pruneEveryMs: 600_000 },
  };
}

/** The defaults with `overrides` merged in (paths derive from `overrides.dir` when given). */
export function testConfig(overrides: DeepPartial<ResolvedConfig> = {}): ResolvedConfig {
  return deepMerge(defaultTestConfig(overrides.dir ?? undefined), overrides) as ResolvedConfig;
}

/**
 * `config` with the built-in packs its hooks.presets names enabled with their default parameters, as a
 * loaded configuration has them in hooks.packs (a configuration built in code names only the presets).
 */
export async function withBuiltInPacks(config: ResolvedConfig): Promise<ResolvedConfig> {
  if (config.hooks.presets.length === 0 || config.hooks.packs.length > 0) return config;
  const issues = new IssueList();
  const packs = await enablePacks(config.hooks.presets, {
    finder: new PackFinder(await loadPackCatalog(), { issues }),
    inputs: new Map(),
    env: {},
    issues,
    source: {},
  });
  if (issues.hasErrors) throw new ConfigError(issues.items);
  return { ...config, hooks: { ...config.hooks, packs } };
}

export function deepMerge(base: unknown, override: unknown): unknown {
  if (!isObject(base) || !isObject(override)) return override;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    out[key] = key in base && isObject(value) ? deepMerge(base[key], value) : value;
  }
  return out;
}
