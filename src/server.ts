// Wires one hookgate instance: rule index, store, runtime, HTTP. Used by `hookgate serve` and by tests
// and benchmarks that need a real server in-process.
import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import type { LoadedConfig } from "./config/load.js";
import type { ResolvedConfig } from "./config/types.js";
import { addBudgetLeftSource, addLaneSource, addQueueSource, addRateLeftSource } from "./core/metrics.js";
import type { CompileOptions } from "./engine/compile.js";
import { coalesceTemplateOf } from "./engine/flow.js";
import { configuredLanes } from "./engine/lane.js";
import { applyLiveSettings, buildApp } from "./http/app.js";
import { type AuthFailureLimiter, MemoryAuthLimiter } from "./http/auth-limiter.js";
import { countedLimiter } from "./http/counted-limiter.js";
import { buildGeneration, type GenerationContext } from "./http/generation.js";
import { Generations } from "./http/generations.js";
import { RequestLogWriter } from "./http/request-log.js";
import { SharedAuthLimiter } from "./http/shared-auth-limiter.js";
import { UnauthenticatedBodies } from "./http/unauthenticated-bodies.js";
import { createReloader, type ReloadOutcome } from "./reload/reloader.js";
import { createRuntime, type HookgateRuntime } from "./runtime/index.js";
import { startRetention } from "./runtime/retention.js";
import { budgetLeft, budgetScope, rateLeft } from "./store/flow.js";
import { openStore } from "./store/index.js";

export interface RunningServer {
  app: FastifyInstance;
  runtime: HookgateRuntime;
  /** `http://host:port` actually bound (port 0 resolved). */
  url: string;
  /** The configuration generation serving hook requests, and the state of reloads. */
  generations: Generations;
  /** The budget of bodies being read without the hook token (its `inUse` bytes). */
  unauthenticatedBodies: UnauthenticatedBodies;
  /**
   * Loads the config again aside and swaps it in between requests when it is valid; when not, the
   * running generation keeps serving and every problem is logged. Never rejects.
   */
  reload(reason?: string): Promise<ReloadOutcome>;
  /** Stops accepting, finishes in-flight requests, stops the runtime and closes the store. */
  close(): Promise<void>;
}

export interface StartOptions {
  config: ResolvedConfig;
  log: Logger;
  host?: string;
  port?: number;
  fetch?: typeof fetch;
  limiter?: AuthFailureLimiter;
  /**
   * How a reload reads the config again (serve: the same file, environment and options as at
   * start). Without it a reload reloads `config` as it is (secrets read from files are not re-read).
   */
  loadConfig?: () => Promise<LoadedConfig>;
  /** The log level was set on the command line: a reload leaves it alone. */
  fixedLogLevel?: boolean;
  /** Rule compiler options for every generation (tests). */
  compile?: CompileOptions;
  /** false: ingress only (`serve --no-worker`); other instances on the shared store do the work. */
  worker?: boolean;
  /** How long a SQLite store waits for another process's write lock (default 5000 ms; tests shorten it). */
  sqliteBusyTimeoutMs?: number;
}

export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const { config, log } = opts;
  const store = await openStore(config.store, {
    log,
    ...(opts.sqliteBusyTimeoutMs !== undefined && { sqliteBusyTimeoutMs: opts.sqliteBusyTimeoutMs }),
  });
  const runtime = createRuntime({
    config,
    store,
    log,
    ...(opts.fetch && { fetch: opts.fetch }),
    ...(opts.worker === false && { worker: false }),
    // Windows that end on time render with the rules of the configuration serving then.
    coalesceTemplates: (scope) => coalesceTemplateOf(generations.current.index.rules, scope),
  });
  // Outlives every generation: a reload must not reset an attacker's failure count. On a shared
  // store the counts are shared too, so failures spread over instances add up.
  const limiter = countedLimiter(
    opts.limiter ??
      (store.shared
        ? new SharedAuthLimiter(store.shared.authFailures, config.hooks.authFailures, { log })
        : new MemoryAuthLimiter(config.hooks.authFailures)),
    "hooks",
  );
  // One budget per process, across reloads: it bounds this process's memory.
  const bodies = new UnauthenticatedBodies(config.hooks.unauthenticatedBodyBytes);
  const context: GenerationContext = {
    runtime,
    log,
    limiter,
    bodies,
    ...(opts.compile && { compile: opts.compile }),
  };
  let generations: Generations;
  try {
    const first = await buildGeneration(config, 1, context);
    for (const w of first.warnings) log.warn({ path: w.path }, w.message);
    generations = new Generations(first);
  } catch (err) {
    await store.close().catch(() => {});
    throw err;
  }
  // Process-wide, not per generation: the request log, the metrics' view of the store and retention
  // outlive reloads (they follow the config the server started with).
  const requestLog = config.requestLog.enabled ? new RequestLogWriter(store, log) : undefined;
  const unlistQueues = addQueueSource(async () => {
    const q = await store.queueStats();
    return {
      runs_queued: q.runsQueued,
      runs_held: q.runsHeld,
      runs_paused: q.runsPaused,
      runs_running: q.runsRunning,
      deliveries_pending: q.deliveriesPending,
      events_pending: q.eventsPending,
    };
  });
  // The lanes the current configuration names: a lane left by a reload is no longer a label.
  let lanes = lanesOf(config);
  const unlistLanes = addLaneSource(async () => {
    const stats = new Map((await store.laneStats()).map((l) => [l.lane, l]));
    return lanes.map((lane) => ({
      lane,
      running: stats.get(lane)?.running ?? 0,
      waiting: stats.get(lane)?.queued ?? 0,
    }));
  });
  const unlistRates = addRateLeftSource(async () => {
    const rated = generations.current.index.rules.flatMap((r) =>
      r.flow?.rate && r.action.kind === "agent" ? [{ id: r.id, rate: r.flow.rate }] : [],
    );
    if (rated.length === 0) return {};
    const counts = await store.rateCounts(rated.map((r) => r.id));
    const now = Date.now();
    return Object.fromEntries(rated.map((r) => [r.id, rateLeft(r.rate, counts.get(r.id), now)]));
  });
  const unlistBudgets = addBudgetLeftSource(async () => {
    const budgeted = generations.current.index.rules.flatMap((r) =>
      r.flow?.budget && r.action.kind === "agent" ? [{ id: r.id, budget: r.flow.budget }] : [],
    );
    if (budgeted.length === 0) return [];
    const ids = budgeted.map((r) => r.id);
    const [runs, tokens] = await Promise.all([
      store.rateCounts(ids.map(budgetScope)),
      store.tokenCounts(ids),
    ]);
    const now = Date.now();
    return budgeted.flatMap((r) => {
      const left = budgetLeft(r.budget, runs.get(budgetScope(r.id)), tokens.get(r.id), now);
      return (["runs", "tokens"] as const).flatMap((kind) =>
        left[kind] === undefined ? [] : [{ mapping: r.id, kind, left: left[kind] }],
      );
    });
  });
  const retention = startRetention(store, config.retention, log);
  const app = await buildApp({
    config,
    runtime,
    log,
    generations,
    callbacks: runtime.callbacks,
    ...(requestLog && { requestLog }),
  });
  try {
    await runtime.start();
    const host = opts.host ?? config.server.host;
    await app.listen({ host, port: opts.port ?? config.server.port });
  } catch (err) {
    await app.close().catch(() => {});
    unlistQueues();
    unlistLanes();
    unlistRates();
    unlistBudgets();
    await retention.stop();
    await runtime.stop().catch(() => {});
    generations.close();
    throw err;
  }
  const addr = app.server.address();
  const port = typeof addr === "object" && addr ? addr.port : (opts.port ?? config.server.port);
  const host = opts.host ?? config.server.host;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

  // The log level a reload sets is the one the file changes to: a level the caller gave the logger
  // (a test's silent one) stays while server.logLevel stays as it was.
  let logLevel = config.server.logLevel;
  const reloader = createReloader({
    load: opts.loadConfig ?? (async () => staticLoad(config)),
    generations,
    build: (next, number) => buildGeneration(next, number, context),
    apply: async (next) => {
      await runtime.reconfigure(next);
      lanes = lanesOf(next);
      limiter.setLimits?.(next.hooks.authFailures);
      bodies.setCapacity(next.hooks.unauthenticatedBodyBytes);
      applyLiveSettings(app, next);
      if (!opts.fixedLogLevel && next.server.logLevel !== logLevel) log.level = next.server.logLevel;
      logLevel = next.server.logLevel;
    },
    log,
    overridden: [
      ...(opts.host !== undefined ? ["server.host"] : []),
      ...(opts.port !== undefined ? ["server.port"] : []),
    ],
    alsoRestartOnly: limiter.setLimits ? [] : ["hooks.authFailures"],
  });

  let closing: Promise<void> | undefined;
  return {
    app,
    runtime,
    url,
    generations,
    unauthenticatedBodies: bodies,
    reload: (reason = "request") => reloader.reload(reason),
    close() {
      closing ??= (async () => {
        await reloader.stop();
        await app.close();
        // Before the store closes: the last request log entries, and no pruning or scrape in flight.
        await requestLog?.close();
        unlistQueues();
        unlistLanes();
        unlistRates();
        unlistBudgets();
        await retention.stop();
        await runtime.stop();
        generations.close();
      })();
      return closing;
    },
  };
}

/** A server started from a config object alone reloads that same object. */
/** The lanes a configuration names, its packs' mappings included. */
function lanesOf(config: ResolvedConfig): string[] {
  const mappings = [...config.hooks.mappings, ...config.hooks.packs.flatMap((p) => p.mappings)];
  return configuredLanes(mappings, config.hooks.lanes);
}

function staticLoad(config: ResolvedConfig): LoadedConfig {
  return { config, warnings: [], source: config.file ?? "built-in default", placeIssue: (i) => i };
}
