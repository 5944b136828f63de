// Wires one hookgate instance: rule index, store, runtime, HTTP. Used by `hookgate serve` and by tests
// and benchmarks that need a real server in-process.
import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import type { ResolvedConfig } from "./config/types.js";
import { addQueueSource } from "./core/metrics.js";
import { compileRules } from "./engine/compile.js";
import { buildApp } from "./http/app.js";
import type { AuthFailureLimiter } from "./http/auth-limiter.js";
import { RequestLogWriter } from "./http/request-log.js";
import { createRuntime } from "./runtime/index.js";
import { startRetention } from "./runtime/retention.js";
import type { Runtime } from "./runtime/types.js";
import { openStore } from "./store/index.js";

export interface RunningServer {
  app: FastifyInstance;
  runtime: Runtime;
  /** `http://host:port` actually bound (port 0 resolved). */
  url: string;
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
}

export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const { config, log } = opts;
  const compiled = await compileRules(config);
  for (const w of compiled.warnings) log.warn({ path: w.path }, w.message);
  const store = await openStore(config.store, { log });
  const runtime = createRuntime({ config, store, log, ...(opts.fetch && { fetch: opts.fetch }) });
  // Process-wide, not per config: the request log and the metrics' view of the store outlive reloads.
  const requestLog = config.requestLog.enabled ? new RequestLogWriter(store, log) : undefined;
  const unlistQueues = addQueueSource(async () => {
    const q = await store.queueStats();
    return {
      runs_queued: q.runsQueued,
      runs_running: q.runsRunning,
      deliveries_pending: q.deliveriesPending,
      events_pending: q.eventsPending,
    };
  });
  const retention = startRetention(store, config.retention, log);
  const app = await buildApp({
    config,
    index: compiled.index,
    runtime,
    log,
    ...(opts.limiter && { limiter: opts.limiter }),
    ...(requestLog && { requestLog }),
  });
  try {
    await runtime.start();
    const host = opts.host ?? config.server.host;
    await app.listen({ host, port: opts.port ?? config.server.port });
  } catch (err) {
    await app.close().catch(() => {});
    unlistQueues();
    await retention.stop();
    await runtime.stop().catch(() => {});
    compiled.dispose();
    throw err;
  }
  const addr = app.server.address();
  const port = typeof addr === "object" && addr ? addr.port : (opts.port ?? config.server.port);
  const host = opts.host ?? config.server.host;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    app,
    runtime,
    url,
    close() {
      closing ??= (async () => {
        await app.close();
        // Before the store closes: the last request log entries, and no pruning or scrape in flight.
        await requestLog?.close();
        unlistQueues();
        await retention.stop();
        await runtime.stop();
        compiled.dispose();
      })();
      return closing;
    },
  };
}
