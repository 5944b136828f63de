// Wires one hookgate instance: rule index, store, runtime, HTTP. Used by `hookgate serve` and by tests
// and benchmarks that need a real server in-process.
import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import type { ResolvedConfig } from "./config/types.js";
import { compileRules } from "./engine/compile.js";
import { buildApp } from "./http/app.js";
import type { AuthFailureLimiter } from "./http/auth-limiter.js";
import { SharedAuthLimiter } from "./http/shared-auth-limiter.js";
import { createRuntime } from "./runtime/index.js";
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
  /** false: ingress only (`serve --no-worker`); other instances on the shared store do the work. */
  worker?: boolean;
}

export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const { config, log } = opts;
  const compiled = await compileRules(config);
  for (const w of compiled.warnings) log.warn({ path: w.path }, w.message);
  const store = await openStore(config.store, { log });
  const runtime = createRuntime({
    config,
    store,
    log,
    ...(opts.fetch && { fetch: opts.fetch }),
    ...(opts.worker === false && { worker: false }),
  });
  // On a shared store the lockout counts are shared too, so failures spread over instances add up.
  const limiter =
    opts.limiter ??
    (store.shared
      ? new SharedAuthLimiter(store.shared.authFailures, config.hooks.authFailures, { log })
      : undefined);
  const app = await buildApp({
    config,
    index: compiled.index,
    runtime,
    log,
    ...(limiter && { limiter }),
  });
  try {
    await runtime.start();
    const host = opts.host ?? config.server.host;
    await app.listen({ host, port: opts.port ?? config.server.port });
  } catch (err) {
    await app.close().catch(() => {});
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
        await runtime.stop();
        compiled.dispose();
      })();
      return closing;
    },
  };
}
